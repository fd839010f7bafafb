/**
 * The 'Keyboard shortcuts' dialog (the editor's ⋯ menu, `?` or Ctrl+/ — ⌘/ on a Mac): every shortcut of
 * `model/shortcuts.ts` with its keys as this platform writes them, by section, then how to drag a question or a page
 * with the keyboard (@dnd-kit's keyboard sensor: the drag handles).
 */
import { Fragment, type ReactNode } from 'react';
import { Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { EDITOR_SHORTCUTS, keyNames, type Shortcut } from '../model/shortcuts';
import { useIsMac } from './use-editor-shortcuts';
import classes from './shortcuts-dialog.module.css';

/** Props of {@link ShortcutsDialog}. */
export interface ShortcutsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The keys of one binding: each key in a `<kbd>`, joined by '+' (nothing between them on a Mac). */
function Keys({ combo, mac }: { combo: string; mac: boolean }) {
  const names = keyNames(combo, mac);
  return (
    <span className={classes.keys}>
      {names.map((name, index) => (
        <Fragment key={`${name}-${index}`}>
          {index > 0 && !mac && ' + '}
          <Kbd size="sm">{name}</Kbd>
        </Fragment>
      ))}
    </span>
  );
}

/** A table of actions and their keys. */
function ShortcutTable({ caption, rows }: { caption: string; rows: readonly { name: string; keys: ReactNode }[] }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders={false} layout="fixed" captionSide="top">
      <Table.Caption ta="left" fw={700} fz="sm" c="dark.7" mt={0} mb={4}>
        {caption}
      </Table.Caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.name} data-testid="shortcut-row">
            <Table.Td fz="sm">{row.name}</Table.Td>
            <Table.Td fz="sm" ta="right">
              {row.keys}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One shortcut's row: its name and each of its bindings, separated by 'or'. */
function shortcutRow(shortcut: Shortcut, mac: boolean) {
  return {
    name: copy.editor.shortcuts[shortcut.id],
    keys: shortcut.keys.map((binding, index) => (
      <Fragment key={binding.combo}>
        {index > 0 && ` ${copy.editor.or} `}
        <Keys combo={binding.combo} mac={mac} />
      </Fragment>
    )),
  };
}

/** The dialog (see the module doc). */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  const mac = useIsMac();
  const section = (name: Shortcut['section']) => EDITOR_SHORTCUTS.filter((shortcut) => shortcut.section === name).map((shortcut) => shortcutRow(shortcut, mac));
  return (
    <Modal opened={opened} onClose={onClose} title={copy.editor.shortcutsTitle} size="lg" centered data-testid="shortcuts-dialog">
      <Stack gap="md">
        <ShortcutTable caption={copy.editor.shortcutSections.editing} rows={section('editing')} />
        <ShortcutTable caption={copy.editor.shortcutSections.questions} rows={section('questions')} />
        <ShortcutTable
          caption={copy.editor.shortcutSections.dragging}
          rows={copy.editor.dragSteps.map(({ action, keys }) => ({
            name: action,
            keys: keys.map((key, index) => (
              <Fragment key={key}>
                {index > 0 && ' '}
                <Kbd size="sm">{key}</Kbd>
              </Fragment>
            )),
          }))}
        />
        <Text fz="xs" c="dimmed">
          {copy.editor.shortcutsHint}
        </Text>
      </Stack>
    </Modal>
  );
}
