/**
 * The workspace navigation of the app header (spec 000 §2 "Home page": on mobile, a workspace selector with Home,
 * Starred, Recents, then the workspaces sorted by name): a menu button showing the current workspace, listing the home
 * tabs, every workspace and the Trash, and a 'New workspace'
 * item that opens a small dialog (a created workspace opens), then what the route adds at the end (on a phone: the
 * account entries — Switch organization, Settings, Help center, Sign out — as spec 000 §2's mobile menu has them).
 * Workspaces the user cannot write to carry the 'Limited access' badge; next to
 * a workspace's title the badge has the spec's tooltip for its level (spec 000 §6).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, Group, Menu, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { AccessLevel, Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { WORKSPACE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconHistory, IconHome } from '../../../ui/app-icons';
import { IconCheck, IconChevronDown, IconFolder, IconPlus, IconSparkles, IconStar, IconTrash } from '../../../ui/icons';
import { useCreateWorkspace } from '../api/create-workspace';
import { useWorkspaces } from '../api/get-workspaces';
import { sortWorkspacesByName } from '../model/active-workspace';
import classes from './home.module.css';

/** The tooltip of the 'Limited access' badge for a non-write level (spec 000 §6). */
export function limitedAccessTooltip(level: AccessLevel): string {
  return level === 'read' ? copy.roles.readTooltip : copy.roles.limitedTooltip;
}

/** 'Limited access' with its tooltip for a non-write `level` (focusable, so keyboard users reach the tooltip); nothing for 'write'. */
export function LimitedAccessBadge({ level }: { level: AccessLevel }) {
  if (level === 'write') return null;
  return (
    <Tooltip label={limitedAccessTooltip(level)} position="right">
      <Badge size="xs" variant="light" color="orange" className={classes.limitedBadge} tabIndex={0} data-testid="limited-access-badge">
        {copy.roles.limitedAccessBadge}
      </Badge>
    </Tooltip>
  );
}

/**
 * The header's workspace menu. `activeWorkspaceId` is the workspace of the page (the dashboard's, or the edited
 * form's); without one the button reads 'Workspaces'. The list comes from the workspaces query (loaded by the
 * signed-in area's route loader).
 */
export function WorkspaceNav({ activeWorkspaceId, endItems }: { activeWorkspaceId?: number; endItems?: ReactNode }) {
  const [creating, setCreating] = useState(false);
  const workspaces = useWorkspaces();
  const sorted = sortWorkspacesByName(workspaces.data ?? []);
  const active = sorted.find((workspace) => workspace.id === activeWorkspaceId);
  const label = active?.name ?? 'Workspaces';

  return (
    <>
      <Menu position="bottom-start" width={300} shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            c="dark"
            px="xs"
            maw={{ base: 220, xs: 260, sm: 320 }}
            rightSection={<IconChevronDown size={16} />}
            leftSection={<IconFolder size={16} />}
            aria-label={`Workspace: ${label}. Switch workspace`}
            data-testid="workspace-menu"
          >
            <Text span truncate fz="sm" fw={600}>
              {label}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="workspace-nav">
          <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconHome size={16} />}>
            {copy.home.tabs.home}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.starred.getHref()} leftSection={<IconStar size={16} />}>
            {copy.home.tabs.starred}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.recents.getHref()} leftSection={<IconHistory size={16} />}>
            {copy.home.tabs.recents}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.makeZite.getHref()} leftSection={<IconSparkles size={16} />} data-testid="menu-make-zite">
            {copy.home.makeZite}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>Workspaces</Menu.Label>
          {sorted.map((workspace) => (
            <WorkspaceItem key={workspace.id} workspace={workspace} active={workspace.id === activeWorkspaceId} />
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New workspace
          </Menu.Item>
          <Menu.Item component={Link} to={paths.trash.getHref()} leftSection={<IconTrash size={16} />} data-testid="menu-trash">
            {copy.home.trash}
          </Menu.Item>
          {endItems && <Menu.Divider />}
          {endItems}
        </Menu.Dropdown>
      </Menu>
      <NewWorkspaceDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function WorkspaceItem({ workspace, active }: { workspace: Workspace; active: boolean }) {
  return (
    <Menu.Item
      component={Link}
      to={paths.workspace.getHref(workspace.slug)}
      leftSection={active ? <IconCheck size={16} /> : <IconFolder size={16} />}
      rightSection={
        workspace.accessLevel === 'write' ? undefined : (
          <Badge size="xs" variant="light" color="orange" className={classes.limitedBadge}>
            {copy.roles.limitedAccessBadge}
          </Badge>
        )
      }
      aria-current={active ? 'page' : undefined}
      data-testid={`workspace-link-${workspace.id}`}
    >
      <Text span fz="sm" fw={active ? 700 : 400} truncate>
        {workspace.name}
      </Text>
    </Menu.Item>
  );
}

/** The 'New workspace' dialog: a name, then the created workspace opens. */
export function NewWorkspaceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const createWorkspace = useCreateWorkspace();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    createWorkspace.mutate(
      { name: name.trim() },
      {
        onSuccess: (workspace) => {
          notifications.show({ color: 'green', message: `Workspace “${workspace.name}” created` });
          setName('');
          onClose();
          navigate(paths.workspace.getHref(workspace.slug));
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
