/**
 * A custom column's header in the Results table: its name, the small 'Custom column' mark, and — for members who may
 * change the form — its menu: 'Rename column' (a dialog with the name, 'Provide a column name' when blank) and
 * 'Delete column', which asks first ('Delete the column "…" and every value in it?') and then deletes the column and
 * its values (`api/custom-columns.ts`). Failures show as notifications (a rename's under its input).
 */
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { customColumns as texts } from '@formloom/contracts/copy/custom-columns';
import type { CustomColumn } from '@formloom/contracts/entities/custom-column';
import { CUSTOM_COLUMN_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { errorMessage } from '../../../lib/api-client';
import { IconDots, IconPencil, IconTrash } from '../../../ui/icons';
import { useDeleteCustomColumn, useRenameCustomColumn } from '../api/custom-columns';
import classes from './custom-columns.module.css';

/** Props of {@link CustomColumnHeader}. */
export interface CustomColumnHeaderProps {
  publicIdentifier: string;
  flowId: number;
  column: CustomColumn;
  /** The caller may only view: no menu. */
  readOnly?: boolean;
}

/** The header (see the module doc). */
export function CustomColumnHeader({ publicIdentifier, flowId, column, readOnly = false }: CustomColumnHeaderProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  return (
    <div className={classes.header}>
      <div>
        <Text fz="sm" fw={700} lineClamp={2}>
          {column.name}
        </Text>
        <Text fz={11} c="dimmed">
          {texts.marker}
        </Text>
      </div>
      {!readOnly && (
        <>
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={texts.columnMenu(column.name)} data-testid="custom-column-menu">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setDialog('rename')}>
                {texts.rename}
              </Menu.Item>
              <Menu.Item color="red.8" leftSection={<IconTrash size={14} />} onClick={() => setDialog('delete')}>
                {texts.delete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <RenameDialog
            publicIdentifier={publicIdentifier}
            flowId={flowId}
            column={column}
            opened={dialog === 'rename'}
            onClose={() => setDialog(null)}
          />
          <DeleteDialog
            publicIdentifier={publicIdentifier}
            flowId={flowId}
            column={column}
            opened={dialog === 'delete'}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </div>
  );
}

/** What both dialogs take. */
interface DialogProps {
  publicIdentifier: string;
  flowId: number;
  column: CustomColumn;
  opened: boolean;
  onClose: () => void;
}

/** 'Rename column': the name, saved on Enter or 'Save'. */
function RenameDialog({ publicIdentifier, flowId, column, opened, onClose }: DialogProps) {
  const rename = useRenameCustomColumn(publicIdentifier, flowId);
  const [name, setName] = useState(column.name);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName(column.name);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(texts.provideName);
    try {
      await rename.mutateAsync({ columnId: column.id, name });
      setError(null);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={texts.rename} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label={texts.nameLabel}
            value={name}
            maxLength={CUSTOM_COLUMN_NAME_MAX_LENGTH}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {texts.renameSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Delete column': asks first, then deletes the column and its values. */
function DeleteDialog({ publicIdentifier, flowId, column, opened, onClose }: DialogProps) {
  const remove = useDeleteCustomColumn(publicIdentifier, flowId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(column.id);
      notifications.show({ color: 'green', message: texts.deleted });
      onClose();
    } catch (failure) {
      notifications.show({ color: 'red', title: texts.changeFailed, message: errorMessage(failure) });
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={texts.delete} centered>
      <Stack>
        <Text fz="sm">{texts.deleteConfirm(column.name)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {texts.cancel}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()} data-testid="custom-column-delete-confirm">
            {texts.confirmDelete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
