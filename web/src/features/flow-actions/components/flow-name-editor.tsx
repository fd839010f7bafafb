/**
 * The form's name in the editor's header, renamed in place: a click (or Enter on the focused button) turns it
 * into a text field; Enter or leaving the field saves, Escape cancels; a blank name is refused with
 * `copy.flows.nameRequired`. Read-only members see the name only.
 */
import { useEffect, useRef, useState } from 'react';
import { Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Flow } from '@formloom/contracts/entities/flow';
import * as copy from '@formloom/contracts/copy';
import { FLOW_NAME_MAX_LENGTH } from '@formloom/contracts/limits';
import { errorMessage } from '../../../lib/api-client';
import { useRenameFlow } from '../api/flow-actions';
import classes from './flow-name-editor.module.css';

/** The editable name of `flow` (see the module doc). */
export function FlowNameEditor({ flow }: { flow: Pick<Flow, 'publicIdentifier' | 'name' | 'accessLevel'> }) {
  const [editing, setEditing] = useState<string | null>(null);
  const rename = useRenameFlow();
  const input = useRef<HTMLInputElement>(null);
  const isEditing = editing !== null;
  // The field takes the focus the button had when the user asked to rename (and selects the name).
  useEffect(() => {
    if (!isEditing) return;
    input.current?.focus();
    input.current?.select();
  }, [isEditing]);
  if (flow.accessLevel !== 'write') {
    return (
      <Text fw={700} truncate data-testid="flow-title">
        {flow.name}
      </Text>
    );
  }
  if (editing === null) {
    return (
      <UnstyledButton
        className={classes.title}
        onClick={() => setEditing(flow.name)}
        aria-label={`Form name: ${flow.name}. Rename`}
        data-testid="flow-title"
      >
        <Text fw={700} truncate component="span">
          {rename.isPending && rename.variables ? rename.variables.name : flow.name}
        </Text>
      </UnstyledButton>
    );
  }
  const blank = editing.trim() === '';
  const finish = async () => {
    const name = editing.trim();
    if (!name) return;
    setEditing(null);
    if (name === flow.name) return;
    try {
      await rename.mutateAsync({ publicIdentifier: flow.publicIdentifier, name });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not rename', message: errorMessage(error) });
    }
  };
  return (
    <TextInput
      aria-label="Form name"
      value={editing}
      size="xs"
      maxLength={FLOW_NAME_MAX_LENGTH}
      error={blank ? copy.flows.nameRequired : undefined}
      ref={input}
      onChange={(event) => setEditing(event.currentTarget.value)}
      onBlur={() => void finish()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void finish();
        if (event.key === 'Escape') setEditing(null);
      }}
      classNames={{ input: classes.input }}
      data-testid="flow-title-input"
    />
  );
}
