/**
 * 'Custom domain settings', `/home/settings/custom-domains` (spec 000 §1; §3 "Organization: … has a subdomain", §5
 * "Subdomain update needs a non-empty value", §8): the organization's subdomain — the address its published forms are
 * served at (`https://{subdomain}.{base host}/t/…`, docs/architecture.md §6 workspaces-auth "Domains") — and the
 * dialog that sets it. The dialog checks the value as the server does (`rules/subdomain.ts`); a refusal shows in the
 * dialog with a leading 'Error: ' removed (spec 000 §8), an answer without a subdomain says
 * 'Unexpected error updating subdomain - contact support for any assistance', and success toasts 'Subdomain updated to
 * {subdomain}' for 5 seconds. Only admins manage it; others read why.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Container, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { SUBDOMAIN_MESSAGES } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { SUBDOMAIN_MAX_LENGTH, subdomainProblem } from '@formloom/contracts/rules/subdomain';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { IconChevronLeft, IconExternal, IconLink, IconLock } from '../../../ui/icons';
import { ErrorAlert, PageLoader } from '../../../ui/states';
import { useCustomDomains, useUpdateSubdomain } from '../api/custom-domains';
import classes from './settings.module.css';

/** How long the success toast stays (spec 000 §8: 5 seconds). */
const UPDATED_TOAST_MS = 5_000;

/** The page; `isAdmin`: the signed-in user is an admin of the organization. */
export function CustomDomainsPage({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.settings.getHref()} fz="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconChevronLeft size={14} />
            {copy.settings.pageTitle}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {copy.domains.pageTitle}
        </Title>
        {isAdmin ? (
          <SubdomainSection />
        ) : (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="domains-admin-only">
            {copy.domains.adminOnly}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

/** The subdomain: where the forms are served, and the button that opens the dialog. */
function SubdomainSection() {
  const headingId = useId();
  const domains = useCustomDomains();
  const [editing, setEditing] = useState(false);
  if (domains.isPending) return <PageLoader />;
  if (domains.isError) return <ErrorAlert error={domains.error} title={copy.domains.pageTitle} onRetry={() => void domains.refetch()} />;
  const { subdomain, subdomainUrl, baseHost } = domains.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md" data-testid="subdomain-section">
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {copy.domains.intro}
        </Text>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={2} fz="lg" id={headingId}>
              {copy.domains.subdomainTitle}
            </Title>
            {subdomainUrl ? (
              <Text fz="sm">
                {copy.domains.subdomainServedAt}{' '}
                <Anchor href={subdomainUrl} target="_blank" rel="noopener noreferrer" fw={600} className={classes.wrapAnywhere} data-testid="subdomain-url">
                  {subdomainUrl.replace(/^https?:\/\//, '')} <IconExternal size={12} />
                </Anchor>
              </Text>
            ) : (
              <Text fz="sm" c="dimmed">
                {copy.domains.subdomainNone}
              </Text>
            )}
          </Stack>
          <Button leftSection={<IconLink size={16} />} onClick={() => setEditing(true)}>
            {subdomain ? copy.domains.subdomainEdit : copy.domains.subdomainSet}
          </Button>
        </Group>
      </Stack>
      <SubdomainDialog key={`${editing}`} opened={editing} onClose={() => setEditing(false)} current={subdomain ?? ''} baseHost={baseHost} />
    </Paper>
  );
}

/** The message of a refusal as the dialog shows it: the field's message when the server named it, 'Error: ' removed. */
function refusalOf(error: unknown): string {
  const field = error instanceof ApiError ? error.fieldErrors.find((entry) => entry.path === 'body.subdomain') : undefined;
  return (field?.message ?? errorMessage(error)).replace(/^Error: /, '');
}

/** The dialog: the subdomain before `.{baseHost}`, checked as typed is submitted. */
function SubdomainDialog({ opened, onClose, current, baseHost }: { opened: boolean; onClose: () => void; current: string; baseHost: string }) {
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateSubdomain();

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = subdomainProblem(value);
    if (local) {
      setProblem(SUBDOMAIN_MESSAGES[local]);
      return;
    }
    setProblem(null);
    update.mutate(value, {
      onSuccess: (answer) => {
        if (!answer?.subdomain) {
          setProblem(copy.domains.subdomainUnexpected);
          return;
        }
        notifications.show({ color: 'green', message: copy.domains.subdomainUpdated(answer.subdomain), autoClose: UPDATED_TOAST_MS });
        onClose();
      },
      onError: (error) => setProblem(refusalOf(error)),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={current ? copy.domains.subdomainEdit : copy.domains.subdomainSet} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={copy.domains.subdomainLabel}
            description={copy.domains.subdomainDescription}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            rightSection={<Text fz="sm" c="dimmed">{`.${baseHost}`}</Text>}
            rightSectionWidth={Math.min(240, 16 + (baseHost.length + 1) * 8)}
            maxLength={SUBDOMAIN_MAX_LENGTH + 8}
            error={problem}
            data-autofocus
            autoComplete="off"
            spellCheck={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              {copy.domains.subdomainSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
