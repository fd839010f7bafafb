/**
 * The home pages' sidebar on wider screens (spec 000 §2 "Home page"; on phones the header's workspace menu does its
 * job): the home tabs (Home, Starred, Recents), the workspaces in the user's own order with the 'Limited access'
 * badge where the user cannot write, 'New workspace', and the Trash (the reserved workspace id `trash`). Workspaces
 * and the Trash are drop targets for a dragged form; a workspace is dragged by its grip to reorder the list
 * (`home-dnd.tsx`). Each workspace's menu renames it (write access) or deletes it with its forms (admins, after
 * confirming).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Menu, Modal, NavLink, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link, useLocation, useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import type { Workspace } from '@formloom/contracts/entities/identity';
import { WORKSPACE_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconHistory, IconHome } from '../../../ui/app-icons';
import { IconDots, IconFolder, IconGrip, IconPencil, IconPlus, IconStar, IconTrash } from '../../../ui/icons';
import { useWorkspaces } from '../api/get-workspaces';
import { useDeleteWorkspace, useRenameWorkspace } from '../api/workspace-actions';
import { useFlowDropState, useTrashDropTarget, workspaceDragId, type HomeDropData } from './home-dnd';
import { NewWorkspaceDialog } from './workspace-nav';
import classes from './home.module.css';

/** Props of {@link HomeSidebar}. */
export interface HomeSidebarProps {
  /** The workspace of the page (`/home/:workspaceSlug`), if any. */
  activeWorkspaceId?: number;
  /** The user is an admin: may delete workspaces. */
  isAdmin: boolean;
}

/** The sidebar (see the module doc). */
export function HomeSidebar({ activeWorkspaceId, isAdmin }: HomeSidebarProps) {
  const { pathname } = useLocation();
  const workspaces = useWorkspaces().data ?? [];
  const [creating, setCreating] = useState(false);
  const { setNodeRef: setTrashRef, accepting: trashAccepting, over: trashOver, hint: trashHint } = useTrashDropTarget();

  return (
    <Box component="nav" aria-label="Home" className={classes.sidebar} visibleFrom="sm" data-testid="home-sidebar">
      <ScrollArea h="100%" type="auto" offsetScrollbars>
        <Stack gap={2} p="sm">
          <TabLink to={paths.home.getHref()} label={copy.home.tabs.home} icon={<IconHome size={18} />} active={pathname === paths.home.getHref()} />
          <TabLink to={paths.starred.getHref()} label={copy.home.tabs.starred} icon={<IconStar size={18} />} active={pathname === paths.starred.getHref()} />
          <TabLink to={paths.recents.getHref()} label={copy.home.tabs.recents} icon={<IconHistory size={18} />} active={pathname === paths.recents.getHref()} />

          <div className={classes.sidebarHeading}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              Workspaces
            </Text>
            <Tooltip label="New workspace">
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label="New workspace" onClick={() => setCreating(true)} data-testid="sidebar-new-workspace">
                <IconPlus size={14} />
              </ActionIcon>
            </Tooltip>
          </div>
          <SortableContext items={workspaces.map((workspace) => workspaceDragId(workspace.id))} strategy={verticalListSortingStrategy}>
            <div role="list" aria-label="Workspaces">
              {workspaces.map((workspace) => (
                <WorkspaceItem
                  key={workspace.id}
                  workspace={workspace}
                  active={workspace.id === activeWorkspaceId}
                  canDelete={isAdmin && workspaces.length > 1}
                />
              ))}
            </div>
          </SortableContext>

          <Box mt="md" ref={setTrashRef}>
            <NavLink
              component={Link}
              to={paths.trash.getHref()}
              label={copy.home.trash}
              description={trashOver ? trashHint : undefined}
              leftSection={<IconTrash size={18} />}
              active={pathname === paths.trash.getHref()}
              aria-current={pathname === paths.trash.getHref() ? 'page' : undefined}
              className={[classes.sidebarLink, trashAccepting ? classes.dropActive : '', trashOver ? classes.dropOver : ''].join(' ')}
              data-testid="sidebar-trash"
            />
          </Box>
        </Stack>
      </ScrollArea>
      <NewWorkspaceDialog opened={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}

function TabLink({ to, label, icon, active }: { to: string; label: string; icon: ReactNode; active: boolean }) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={classes.sidebarLink}
      data-testid={`home-tab-${label.toLowerCase()}`}
    />
  );
}

/** A workspace of the sidebar: its grip (drag to reorder), link (a drop target for forms) and menu. */
function WorkspaceItem({ workspace, active, canDelete }: { workspace: Workspace; active: boolean; canDelete: boolean }) {
  const target: HomeDropData = { type: 'workspace', workspace };
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging, isOver } = useSortable({
    id: workspaceDragId(workspace.id),
    data: target,
  });
  const { accepting, over, hint } = useFlowDropState(target, isOver);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const canRename = workspace.accessLevel === 'write';
  const className = [classes.sidebarLink, accepting ? classes.dropActive : '', over ? classes.dropOver : ''].join(' ');
  return (
    <Box
      ref={setNodeRef}
      role="listitem"
      className={`${classes.workspaceItem} ${isDragging ? classes.dragging : ''}`}
      __vars={{ '--drag-transform': CSS.Translate.toString(transform) ?? 'none', '--drag-transition': transition ?? 'none' }}
      data-drop-over={over || undefined}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.grip}
        aria-label={`Reorder ${workspace.name}`}
        {...attributes}
        {...listeners}
        data-testid={`sidebar-workspace-grip-${workspace.id}`}
      >
        <IconGrip size={14} />
      </ActionIcon>
      <NavLink
        component={Link}
        to={paths.workspace.getHref(workspace.slug)}
        label={<Text span fz="sm" truncate>{workspace.name}</Text>}
        description={over ? hint : undefined}
        leftSection={<IconFolder size={18} />}
        rightSection={
          workspace.accessLevel === 'write' ? undefined : (
            <Badge size="xs" variant="light" color="orange">
              {copy.roles.limitedAccessBadge}
            </Badge>
          )
        }
        active={active}
        aria-current={active ? 'page' : undefined}
        className={className}
        data-testid={`sidebar-workspace-${workspace.id}`}
      />
      {(canRename || canDelete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" className={classes.workspaceMenu} aria-label={`More actions for workspace ${workspace.name}`} data-testid={`sidebar-workspace-menu-${workspace.id}`}>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canRename && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('rename')}>
                {copy.home.renameWorkspace}
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                {copy.home.deleteWorkspace}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      {dialog === 'rename' && <RenameWorkspaceDialog workspace={workspace} active={active} onDone={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteWorkspaceDialog workspace={workspace} active={active} onDone={() => setDialog(null)} />}
    </Box>
  );
}

function RenameWorkspaceDialog({ workspace, active, onDone }: { workspace: Workspace; active: boolean; onDone: () => void }) {
  const [name, setName] = useState(workspace.name);
  const rename = useRenameWorkspace();
  const navigate = useNavigate();
  const blank = name.trim() === '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) return;
    rename.mutate(
      { workspaceId: workspace.id, name: name.trim() },
      {
        onSuccess: (renamed) => {
          onDone();
          // The slug follows the name: the open workspace's page moves to its new address.
          if (active) void navigate(paths.workspace.getHref(renamed.slug), { replace: true });
        },
      },
    );
  }
  return (
    <Modal opened onClose={onDone} title={copy.home.renameWorkspace} centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Workspace name"
            value={name}
            maxLength={WORKSPACE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            error={rename.isError ? errorMessage(rename.error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={blank}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteWorkspaceDialog({ workspace, active, onDone }: { workspace: Workspace; active: boolean; onDone: () => void }) {
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  function confirm() {
    remove.mutate(workspace.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: copy.home.workspaceDeleted(workspace.name) });
        onDone();
        if (active) void navigate(paths.home.getHref(), { replace: true });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Could not delete the workspace', message: errorMessage(error) }),
    });
  }
  return (
    <Modal opened onClose={onDone} title={copy.home.deleteWorkspaceTitle(workspace.name)} centered>
      <Stack>
        <Text fz="sm">{copy.home.deleteWorkspaceBody}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} data-autofocus>
            Cancel
          </Button>
          <Button color="red.8" loading={remove.isPending} onClick={confirm} data-testid="delete-workspace-confirm">
            {copy.home.deleteWorkspace}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
