/**
 * A flow's menu (the editor's header and each home card): the caller's own entries first (the editor's 'Keyboard
 * shortcuts'), then Rename (home), Duplicate, Move to… (home: another workspace the user may change, spec 000 §4),
 * Make a template (an admin's, when live and the route gives it), Close form (when live) and Move to trash; a trashed flow's menu has Restore and Delete forever, which asks to
 * confirm (docs/product-rules.md §3; spec 000 §2 reserved workspace `trash`). Read-only members see only the caller's
 * entries (no menu without them).
 */
import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { Flow } from '@formloom/contracts/entities/flow';
import type { Workspace } from '@formloom/contracts/entities/identity';
import * as copy from '@formloom/contracts/copy';
import { FLOW_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { allows, levelToForm } from '@formloom/contracts/rules/access';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { IconFolderMove, IconRestore, IconTemplate } from '../../../ui/app-icons';
import { IconCopy, IconDots, IconLock, IconPencil, IconTrash } from '../../../ui/icons';
import { useDeleteFlow, useDuplicateFlow, useMoveFlow, useRenameFlow, useRestoreFlow, useTrashFlow, useUnpublishFlow } from '../api/flow-actions';

/** Props of {@link FlowActionsMenu}. */
export interface FlowActionsMenuProps {
  flow: Pick<Flow, 'publicIdentifier' | 'name' | 'isPublished' | 'accessLevel' | 'workspaceId' | 'trashedAt' | 'createdBy'>;
  /** Offer Rename (the home card; the editor renames in its title). Default false. */
  withRename?: boolean;
  /**
   * The workspaces 'Move to…' offers (the user's; the flow's own and those where the user could not change it after
   * the move are left out — a `limited` one takes only their own forms, `userId`'s). None: no entry.
   */
  moveTargets?: readonly Workspace[];
  /** The signed-in user's id (see `moveTargets`). */
  userId?: number;
  /** After moving to the trash or deleting: go home (the editor). Default: stay (the list refreshes). */
  leaveAfterDelete?: boolean;
  /** After a duplicate: open the copy in the editor. Default: stay (the list shows it). */
  openDuplicate?: boolean;
  /** Entries (`Menu.Item`s) shown first, for every member: the editor's 'Keyboard shortcuts'. */
  extraItems?: ReactNode;
  /**
   * 'Make a template' (an admin's, for a live form; spec 000 §3 "Cloneable template"): the modal the entry opens,
   * composed by the route (features do not import each other), closed with `onDone`. None: no entry.
   */
  renderMakeTemplate?: (onDone: () => void) => ReactNode;
}

/** The "…" menu of a flow (see the module doc). */
export function FlowActionsMenu({
  flow,
  withRename = false,
  moveTargets = [],
  userId,
  leaveAfterDelete = false,
  openDuplicate = false,
  extraItems,
  renderMakeTemplate,
}: FlowActionsMenuProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'move' | 'template' | null>(null);
  const duplicate = useDuplicateFlow();
  const unpublish = useUnpublishFlow();
  const trash = useTrashFlow();
  const restore = useRestoreFlow();
  const navigate = useNavigate();
  const canWrite = flow.accessLevel === 'write';
  const trashed = flow.trashedAt !== null;
  const targets = moveTargets.filter(
    (workspace) => workspace.id !== flow.workspaceId && allows(levelToForm(workspace.accessLevel, flow.createdBy, userId ?? 0), 'change'),
  );
  if (!canWrite && !extraItems) return null;

  const onDuplicate = async () => {
    try {
      const { flow: created } = await duplicate.mutateAsync(flow.publicIdentifier);
      notifications.show({ color: 'green', message: `Duplicated as “${created.name}”` });
      if (openDuplicate) void navigate(paths.editor.getHref(created.publicIdentifier, 'edit'));
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not duplicate', message: errorMessage(error) });
    }
  };
  const onClose = async () => {
    try {
      await unpublish.mutateAsync(flow.publicIdentifier);
      notifications.show({ color: 'green', message: 'The form is closed. Publish it again to reopen it.' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not close the form', message: errorMessage(error) });
    }
  };

  const onTrash = async () => {
    try {
      await trash.mutateAsync(flow.publicIdentifier);
      notifications.show({ color: 'green', message: copy.home.trashed(flow.name) });
      if (leaveAfterDelete) void navigate(paths.home.getHref());
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not move to trash', message: errorMessage(error) });
    }
  };
  const onRestore = async () => {
    try {
      await restore.mutateAsync(flow.publicIdentifier);
      notifications.show({ color: 'green', message: copy.home.restored(flow.name) });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not restore', message: errorMessage(error) });
    }
  };

  const lifecycleItems = trashed ? (
    <>
      <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => void onRestore()} data-testid="flow-action-restore">
        {copy.home.restore}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')} data-testid="flow-action-delete">
        {copy.home.deleteForever}
      </Menu.Item>
    </>
  ) : (
    <>
      {withRename && (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('rename')} data-testid="flow-action-rename">
          Rename
        </Menu.Item>
      )}
      <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void onDuplicate()} data-testid="flow-action-duplicate">
        Duplicate
      </Menu.Item>
      {targets.length > 0 && (
        <Menu.Item leftSection={<IconFolderMove size={16} />} onClick={() => setDialog('move')} data-testid="flow-action-move">
          {copy.home.moveTo}
        </Menu.Item>
      )}
      {flow.isPublished && renderMakeTemplate && (
        <Menu.Item leftSection={<IconTemplate size={16} />} onClick={() => setDialog('template')} data-testid="flow-action-make-template">
          {copy.templates.publish.menuItem}
        </Menu.Item>
      )}
      {flow.isPublished && (
        <Menu.Item leftSection={<IconLock size={16} />} onClick={() => void onClose()} data-testid="flow-action-close">
          Close form
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item color="red.8" leftSection={<IconTrash size={16} />} onClick={() => void onTrash()} data-testid="flow-action-trash">
        {copy.home.moveToTrash}
      </Menu.Item>
    </>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${flow.name}`} data-testid="flow-actions">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {extraItems}
          {extraItems && canWrite && <Menu.Divider />}
          {canWrite && lifecycleItems}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'rename' && <RenameDialog flow={flow} onDone={() => setDialog(null)} />}
      {dialog === 'template' && renderMakeTemplate?.(() => setDialog(null))}
      {dialog === 'move' && <MoveDialog flow={flow} targets={targets} onDone={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDialog
          flow={flow}
          onDone={(deleted) => {
            setDialog(null);
            if (deleted && leaveAfterDelete) void navigate(paths.home.getHref());
          }}
        />
      )}
    </>
  );
}

function RenameDialog({ flow, onDone }: { flow: FlowActionsMenuProps['flow']; onDone: () => void }) {
  const [name, setName] = useState(flow.name);
  const rename = useRenameFlow();
  const blank = name.trim() === '';
  const submit = async () => {
    if (blank) return;
    try {
      await rename.mutateAsync({ publicIdentifier: flow.publicIdentifier, name: name.trim() });
      onDone();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not rename', message: errorMessage(error) });
    }
  };
  return (
    <Modal opened onClose={onDone} title="Rename form" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Form name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={FLOW_NAME_MAX_LENGTH}
            error={blank ? copy.flows.nameRequired : undefined}
            data-autofocus
            data-testid="rename-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={blank} data-testid="rename-submit">
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteDialog({ flow, onDone }: { flow: FlowActionsMenuProps['flow']; onDone: (deleted: boolean) => void }) {
  const remove = useDeleteFlow();
  const confirm = async () => {
    try {
      await remove.mutateAsync(flow.publicIdentifier);
      notifications.show({ color: 'green', message: `“${flow.name}” was deleted` });
      onDone(true);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not delete', message: errorMessage(error) });
    }
  };
  return (
    <Modal opened onClose={() => onDone(false)} title={copy.home.deleteForeverTitle} centered>
      <Stack>
        <Text fz="sm">{copy.home.deleteForeverBody(flow.name)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)} data-autofocus>
            Cancel
          </Button>
          <Button color="red.8" loading={remove.isPending} onClick={() => void confirm()} data-testid="delete-confirm">
            {copy.home.deleteForever}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MoveDialog({ flow, targets, onDone }: { flow: FlowActionsMenuProps['flow']; targets: readonly Workspace[]; onDone: () => void }) {
  const [workspaceId, setWorkspaceId] = useState<string | null>(targets.length === 1 ? String(targets[0]!.id) : null);
  const move = useMoveFlow();
  const target = targets.find((workspace) => String(workspace.id) === workspaceId);
  const submit = async () => {
    if (!target) return;
    try {
      await move.mutateAsync({ publicIdentifier: flow.publicIdentifier, workspaceId: target.id });
      notifications.show({ color: 'green', message: copy.home.movedTo(target.name) });
      onDone();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not move', message: errorMessage(error) });
    }
  };
  return (
    <Modal opened onClose={onDone} title={copy.home.moveTitle(flow.name)} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Select
            label={copy.home.moveWorkspaceLabel}
            data={targets.map((workspace) => ({ value: String(workspace.id), label: workspace.name }))}
            value={workspaceId}
            onChange={setWorkspaceId}
            allowDeselect={false}
            searchable={targets.length > 8}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
            data-testid="move-workspace"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={move.isPending} disabled={!target} data-testid="move-submit">
              {copy.home.moveConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
