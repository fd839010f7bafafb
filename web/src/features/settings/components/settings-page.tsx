/**
 * The settings page, `/home/settings` (spec 000 §2 "Settings and members"), inside the app shell: the heading
 * 'Settings', for admins the organization itself ({@link OrganizationSection}) with the link to its custom domain
 * settings, its members and invitations
 * ({@link MembersSection}) and its API keys ({@link ApiKeysSection}), then what the route adds at the end (leaving the
 * organization, from the auth feature). What the page needs from other
 * features — whether the user is an admin, the workspaces they know — comes in from the route
 * (`src/routes/settings.tsx`).
 */
import type { ReactNode } from 'react';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OrganizationSummary } from '@formloom/contracts/api/workspaces-auth/auth';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { IconPlug } from '../../../ui/app-icons';
import { IconLink } from '../../../ui/icons';
import { ApiKeysSection } from './api-keys-section';
import { MembersSection } from './members-section';
import { OrganizationSection } from './organization-section';
import classes from './settings.module.css';

/** What {@link SettingsPage} shows: the user's role and the workspaces the app has loaded for them. */
export interface SettingsPageProps {
  /** The signed-in user is an admin of their organization (`isAdmin`, spec 000 §6): only admins manage API keys. */
  isAdmin: boolean;
  /** The user's workspaces (`GET /admin/workspaces`), to name a key's workspaces and to choose them for a new key. */
  workspaces: readonly Workspace[];
  /** The signed-in user's id: their own row among the members is marked. */
  currentUserId?: number;
  /** The user's organization (`GET /auth/me`): its admins change it here. */
  organization?: OrganizationSummary;
  /** Shown last (the route's 'Leave organization'). */
  footer?: ReactNode;
}

/** The settings page; see {@link SettingsPageProps}. */
export function SettingsPage({ isAdmin, workspaces, currentUserId, organization, footer }: SettingsPageProps) {
  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {copy.settings.pageTitle}
        </Title>
        {isAdmin && organization && (
          // Mounted afresh with the saved values once `/auth/me` reloads after a change.
          <OrganizationSection
            key={`${organization.id}:${organization.name}:${organization.dataRegion}:${organization.features.join()}`}
            organization={organization}
          />
        )}
        {isAdmin && (
          <LinkCard
            testId="custom-domains-link"
            title={copy.domains.settingsLink}
            description={copy.domains.intro}
            to={paths.customDomains.getHref()}
            label={copy.domains.settingsLink}
            icon={<IconLink size={16} />}
          />
        )}
        <LinkCard
          testId="integrations-link"
          title={copy.integrations.settingsLink}
          description={copy.integrations.intro}
          to={paths.integrations.getHref()}
          label={copy.integrations.pageTitle}
          icon={<IconPlug size={16} />}
        />
        <MembersSection isAdmin={isAdmin} currentUserId={currentUserId} organizationName={organization?.name} />
        <ApiKeysSection isAdmin={isAdmin} workspaces={workspaces} />
        {footer}
      </Stack>
    </Container>
  );
}

/** A card that leads to a page of its own: its title and what it is for, and a button with `label` to `to`. */
function LinkCard({ testId, title, description, to, label, icon }: { testId: string; title: string; description: string; to: string; label: string; icon: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Stack gap={2} className={classes.grow}>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button component={Link} to={to} variant="light" leftSection={icon}>
          {label}
        </Button>
      </Group>
    </Paper>
  );
}
