/**
 * The API keys section of the settings page (`api/workspaces-auth/api-keys.ts`): an organization's admins make
 * keys for the public REST API (`/v1/api/…`, sent as `Authorization: Bearer <key>`), each reaching every workspace
 * or only some, and revoke them. For admins: what keys are for with an example request, 'Create API key' (the
 * dialog shows the new key once: {@link CreateApiKeyModal}), and the list — each key's name, preview (`fl_Ab3dE…`),
 * workspaces ('All workspaces' or their names), when it was made and last used ('Never'), and 'Revoke' with a
 * confirmation ({@link RevokeApiKeyModal}); 'No API keys yet' when there are none. Others read that only admins
 * manage API keys (the list answers them 403 `copy.auth.adminOnly`, so it is not asked for).
 */
import { useId, useState } from 'react';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { apiListForms } from '@formloom/contracts/api/flows/public-api';
import type { ApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { formatDateTime } from '../../../lib/format';
import { IconKey, IconLock, IconTrash } from '../../../ui/icons';
import { Empty, ErrorAlert, PageLoader } from '../../../ui/states';
import { useApiKeys } from '../api/get-api-keys';
import { CreateApiKeyModal } from './create-api-key-modal';
import { RevokeApiKeyModal } from './revoke-api-key-modal';
import { SectionHeader } from './section-header';
import classes from './settings.module.css';

/** The role of the user and the workspaces they know (see `SettingsPageProps`). */
export interface ApiKeysSectionProps {
  /** Only admins see and manage keys. */
  isAdmin: boolean;
  /** The user's workspaces: a key's workspace ids are shown by these names. */
  workspaces: readonly Workspace[];
}

/** The 'API keys' section; see the module comment. */
export function ApiKeysSection({ isAdmin, workspaces }: ApiKeysSectionProps) {
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  // Each opening mounts a fresh dialog (an empty form, no key from last time).
  const [openings, setOpenings] = useState(0);

  function openCreate() {
    setOpenings((count) => count + 1);
    setCreating(true);
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid="api-keys-section">
      <SectionHeader
        id={headingId}
        icon={<IconKey size={20} />}
        title={copy.settings.apiKeysTitle}
        action={isAdmin ? { label: copy.settings.createApiKey, onClick: openCreate } : undefined}
      />
      {isAdmin ? (
        <>
          <ExampleRequest />
          <ApiKeyList workspaces={workspaces} />
          <CreateApiKeyModal key={openings} opened={creating} onClose={() => setCreating(false)} workspaces={workspaces} />
        </>
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="api-keys-admin-only">
          {copy.settings.apiKeysAdminOnly}
        </Alert>
      )}
    </Stack>
  );
}

/** What keys are for, and `curl -H "Authorization: Bearer <key>" <origin>/v1/api/forms` on this site's origin. */
function ExampleRequest() {
  const url = new URL(pathOf(apiListForms), window.location.origin).href;
  return (
    <Stack gap="xs">
      <Text fz="sm">{copy.settings.apiKeysIntro}</Text>
      <Code block className={classes.code} aria-label={copy.settings.exampleCallLabel} data-testid="api-example">
        {`curl -H "Authorization: Bearer <key>" ${url}`}
      </Code>
    </Stack>
  );
}

/** The keys, newest first, or the loading, error and empty states. */
function ApiKeyList({ workspaces }: { workspaces: readonly Workspace[] }) {
  const apiKeys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  if (apiKeys.isPending) return <PageLoader label="Loading API keys" />;
  if (apiKeys.isError) {
    return <ErrorAlert error={apiKeys.error} title={copy.settings.couldNotLoadApiKeys} onRetry={() => void apiKeys.refetch()} />;
  }
  if (apiKeys.data.length === 0) {
    return (
      <Empty
        testId="no-api-keys"
        icon={<IconKey size={28} />}
        title={copy.settings.noApiKeys}
        description={copy.settings.noApiKeysDescription}
      />
    );
  }

  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  return (
    <>
      <Stack component="ul" gap="sm" className={classes.list} aria-label={copy.settings.apiKeysListLabel}>
        {apiKeys.data.map((apiKey) => (
          <ApiKeyRow key={apiKey.id} apiKey={apiKey} workspaceNames={names} onRevoke={() => setRevoking(apiKey)} />
        ))}
      </Stack>
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/**
 * A key's workspaces as read: 'All workspaces' for `null`, else the names (or 'Workspace <id>' for a workspace the
 * user is not a member of), comma-separated.
 */
function workspacesOfKey(workspaceIds: ApiKey['workspaceIds'], workspaceNames: ReadonlyMap<number, string>): string {
  if (workspaceIds === null) return copy.settings.allWorkspaces;
  return workspaceIds.map((id) => workspaceNames.get(id) ?? copy.settings.unknownWorkspace(id)).join(', ');
}

function ApiKeyRow({
  apiKey,
  workspaceNames,
  onRevoke,
}: {
  apiKey: ApiKey;
  workspaceNames: ReadonlyMap<number, string>;
  onRevoke: () => void;
}) {
  const details: { id: string; label: string; value: string }[] = [
    { id: 'workspaces', label: copy.settings.workspacesLabel, value: workspacesOfKey(apiKey.workspaceIds, workspaceNames) },
    { id: 'created', label: copy.settings.createdLabel, value: formatDateTime(apiKey.createdAt) },
    {
      id: 'last-used',
      label: copy.settings.lastUsedLabel,
      value: apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : copy.settings.neverUsed,
    },
  ];
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid={`api-key-${apiKey.id}`} aria-label={apiKey.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} miw={0} align="flex-start">
            <Text fw={600} truncate maw="100%" data-testid="api-key-name">
              {apiKey.name}
            </Text>
            <Code data-testid="api-key-preview">{`${apiKey.preview}…`}</Code>
          </Stack>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            className={classes.rowAction}
            aria-label={copy.settings.revokeKeyLabel(apiKey.name)}
            onClick={onRevoke}
          >
            {copy.settings.revoke}
          </Button>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs" className={classes.details}>
          {details.map(({ id, label, value }) => (
            <div key={id}>
              <Text component="dt" fz="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fz="sm" data-testid={`api-key-${id}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
