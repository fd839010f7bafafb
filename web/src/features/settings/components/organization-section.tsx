/**
 * The organization section of the settings page (spec 000 §2 "Settings and members"; admins only): the organization's
 * name, its data region ('Default', or the EU one where AI workflow templates and steps are hidden, spec 001 §2) and
 * its feature flags (`ORGANIZATION_FEATURES`: the Quick start's Database card). 'Save changes' sends only what changed
 * and is disabled while nothing did or the name is blank; a toast confirms, the server's message shows otherwise.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UpdateOrganizationBody } from '@formloom/contracts/api/workspaces-auth/admin';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { DATA_REGIONS, ORGANIZATION_FEATURES, type DataRegion, type OrganizationFeature } from '@formloom/contracts/entities/identity';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert, IconSettings } from '../../../ui/icons';
import { useUpdateOrganization } from '../api/update-organization';
import { SectionHeader } from './section-header';

/** The select's value of the default region (`dataRegion: null`). */
const DEFAULT_REGION = 'default';

/** The 'Organization' section for `organization` (render it for admins only). */
export function OrganizationSection({ organization }: { organization: OrganizationSummary }) {
  const headingId = useId();
  const update = useUpdateOrganization(organization.id);
  const [name, setName] = useState(organization.name);
  const [region, setRegion] = useState<string>(organization.dataRegion ?? DEFAULT_REGION);
  const [features, setFeatures] = useState<OrganizationFeature[]>(organization.features);

  const dataRegion: DataRegion | null = DATA_REGIONS.find((value) => value === region) ?? null;
  const changes: UpdateOrganizationBody = {
    ...(name.trim() !== organization.name ? { name: name.trim() } : {}),
    ...(dataRegion !== organization.dataRegion ? { dataRegion } : {}),
    ...([...features].sort().join() !== [...organization.features].sort().join() ? { features } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || name.trim() === '') return;
    update.mutate(changes, { onSuccess: () => notifications.show({ color: 'teal', message: copy.settings.organizationSaved }) });
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid="organization-section">
      <SectionHeader id={headingId} icon={<IconSettings size={20} />} title={copy.settings.organizationTitle} />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label={copy.settings.organizationTitle}>
          <Stack>
            <TextInput
              label={copy.settings.organizationNameLabel}
              required
              maxLength={ORGANIZATION_NAME_MAX_LENGTH}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={name.trim() === '' ? copy.validation.notEmpty : undefined}
            />
            <Select
              label={copy.settings.dataRegionLabel}
              description={copy.settings.dataRegionDescription}
              data={[DEFAULT_REGION, ...DATA_REGIONS].map((value) => ({
                value,
                label: value === DEFAULT_REGION ? copy.settings.dataRegions.default : copy.settings.dataRegions[value as DataRegion],
              }))}
              value={region}
              onChange={(value) => setRegion(value ?? DEFAULT_REGION)}
              allowDeselect={false}
            />
            <Checkbox.Group
              label={copy.settings.featuresLabel}
              value={features}
              onChange={(values) => setFeatures(ORGANIZATION_FEATURES.filter((feature) => values.includes(feature)))}
            >
              <Stack gap="xs" mt="xs">
                {ORGANIZATION_FEATURES.map((feature) => (
                  <Checkbox key={feature} value={feature} label={copy.settings.features[feature]} />
                ))}
              </Stack>
            </Checkbox.Group>
            {update.isError && (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                {errorMessage(update.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!changed || name.trim() === ''}>
                {copy.settings.saveOrganization}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
