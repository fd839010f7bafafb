/**
 * The sidebar list of workspaces. Workspaces the user cannot write to carry the 'Limited access' badge with
 * the spec's tooltip for their level (spec 000 §6). A 'New workspace' button opens a small dialog.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, NavLink, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { NavLink as RouterNavLink } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { AccessLevel, Workspace } from '@formloom/contracts/entities/identity';
import { copy } from '@formloom/contracts/copy';
import { WORKSPACE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { errorMessage } from '../../../lib/api-client';
import { IconFolder, IconPlus } from '../../../ui/icons';
import { useCreateWorkspace } from '../api/create-workspace';

/** The tooltip of the 'Limited access' badge for a non-write level. */
export function limitedAccessTooltip(level: AccessLevel): string {
  return level === 'read' ? copy.roles.readTooltip : copy.roles.limitedTooltip;
}

export function LimitedAccessBadge({ level }: { level: AccessLevel }) {
  if (level === 'write') return null;
  return (
    <Tooltip label={limitedAccessTooltip(level)} position="right">
      <Badge size="xs" variant="light" color="orange" tabIndex={0} data-testid="limited-access-badge">
        {copy.roles.limitedAccessBadge}
      </Badge>
    </Tooltip>
  );
}

export function WorkspaceNav({ workspaces, activeId, onNavigate }: { workspaces: Workspace[]; activeId?: number; onNavigate?: () => void }) {
  const [creating, setCreating] = useState(false);
  const sorted = [...workspaces].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" px="xs">
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          Workspaces
        </Text>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <nav aria-label="Workspaces" data-testid="workspace-nav">
          {sorted.map((workspace) => (
            <NavLink
              key={workspace.id}
              component={RouterNavLink}
              to={`/home/${workspace.slug}`}
              active={workspace.id === activeId}
              label={workspace.name}
              leftSection={<IconFolder size={16} />}
              rightSection={<LimitedAccessBadge level={workspace.accessLevel} />}
              onClick={onNavigate}
              data-testid={`workspace-link-${workspace.id}`}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              aria-current={workspace.id === activeId ? 'page' : undefined}
            />
          ))}
        </nav>
      </ScrollArea>
      <Button variant="light" color="gray" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
        New workspace
      </Button>
      <NewWorkspaceDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function NewWorkspaceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const createWorkspace = useCreateWorkspace();

  function submit(event: FormEvent) {
    event.preventDefault();
    createWorkspace.mutate(
      { name: name.trim() },
      {
        onSuccess: (workspace) => {
          notifications.show({ color: 'green', message: `Workspace “${workspace.name}” created` });
          setName('');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New workspace" centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Workspace name"
            placeholder="Marketing"
            value={name}
            maxLength={WORKSPACE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            error={createWorkspace.isError ? errorMessage(createWorkspace.error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createWorkspace.isPending} disabled={!name.trim()}>
              Create workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
