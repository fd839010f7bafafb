/**
 * The editor's variable picker (spec 001 §3 "logic values"): a small button that opens a searchable menu of what
 * a node may read at its place in the workflow — the form's answers, hidden fields, calculations, the submission,
 * and the outputs of the steps before it (contracts `workflows/variables.ts`). Picking one hands its logic path
 * to the caller, which inserts `{{path}}` in text ({@link TextWithVariables}) or stores `{var: path}`.
 */
import { useId, useMemo, useState, type ChangeEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { Button, Combobox, Group, ScrollArea, Stack, Text, TextInput, Textarea, useCombobox } from '@mantine/core';
import { workflowVariables, type WorkflowVariableGroup } from '@formloom/contracts/workflows/variables';
import { nodeUi } from '../nodes/registry';
import type { WorkflowEditorContext } from '../nodes/types';

/** The variable groups offered to node `nodeId` (`null`: the trigger) in `context`'s workflow. */
export function variableGroupsFor(context: WorkflowEditorContext, nodeId: string | null): WorkflowVariableGroup[] {
  return workflowVariables({
    template: context.template,
    nodeId,
    formTemplate: context.formTemplate,
    nodeTitle: (type) => nodeUi(type)?.title ?? type,
  });
}

/** The label of the variable at `path` among `groups` ('Your name'), or the path itself when it is not offered. */
export function variableLabel(groups: readonly WorkflowVariableGroup[], path: string): string {
  for (const group of groups) {
    const found = group.variables.find((variable) => variable.path === path);
    if (found) return found.label;
  }
  return path;
}

/** Props of {@link VariableMenu}. */
export interface VariableMenuProps {
  context: WorkflowEditorContext;
  /** The node that reads (its earlier steps' outputs are offered); `null` for the trigger. */
  nodeId: string | null;
  onPick(path: string): void;
  /** The button's accessible name and text; default 'Insert variable'. */
  label?: string;
  disabled?: boolean;
}

/** See the module doc. */
export function VariableMenu({ context, nodeId, onPick, label = 'Insert variable', disabled }: VariableMenuProps) {
  const combobox = useCombobox({ onDropdownClose: () => setSearch('') });
  const [search, setSearch] = useState('');
  const groups = useMemo(() => variableGroupsFor(context, nodeId), [context, nodeId]);
  const needle = search.trim().toLowerCase();
  const shown = groups
    .map((group) => ({
      ...group,
      variables: group.variables.filter((variable) => needle === '' || variable.label.toLowerCase().includes(needle) || variable.path.toLowerCase().includes(needle)),
    }))
    .filter((group) => group.variables.length > 0);
  return (
    <Combobox
      store={combobox}
      width={280}
      position="bottom-end"
      withinPortal
      onOptionSubmit={(path) => {
        onPick(path);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button variant="subtle" size="compact-xs" onClick={() => combobox.toggleDropdown()} disabled={disabled} aria-haspopup="listbox">
          {label}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search value={search} onChange={(event) => setSearch(event.currentTarget.value)} placeholder="Search" aria-label="Search variables" />
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            {shown.length === 0 ? (
              <Combobox.Empty>Nothing found</Combobox.Empty>
            ) : (
              shown.map((group) => (
                <Combobox.Group key={group.key} label={group.label}>
                  {group.variables.map((variable) => (
                    <Combobox.Option key={variable.path} value={variable.path}>
                      <Text fz="sm">{variable.label}</Text>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Props of {@link TextWithVariables}. */
export interface TextWithVariablesProps {
  label: string;
  value: string;
  onChange(value: string): void;
  context: WorkflowEditorContext;
  nodeId: string | null;
  /** A textarea (several lines) instead of one line. */
  multiline?: boolean;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  'data-testid'?: string;
}

/**
 * A text field whose text may carry variables as `{{path}}` (contracts `logic.ts` `interpolate`), with the
 * {@link VariableMenu} on its label's row: a pick is inserted at the caret (at the end when the field was never
 * focused).
 */
export function TextWithVariables(props: TextWithVariablesProps) {
  const id = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const insert = (path: string) => {
    const at = Math.min(caret ?? props.value.length, props.value.length);
    const token = `{{${path}}}`;
    props.onChange(`${props.value.slice(0, at)}${token}${props.value.slice(at)}`);
    setCaret(at + token.length);
  };
  const remember = (target: HTMLInputElement | HTMLTextAreaElement) => setCaret(target.selectionStart);
  const common = {
    id,
    description: props.description,
    placeholder: props.placeholder,
    error: props.error,
    required: props.required,
    readOnly: props.readOnly,
    value: props.value,
    'data-testid': props['data-testid'],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      props.onChange(event.currentTarget.value);
      remember(event.currentTarget);
    },
    onSelect: (event: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => remember(event.currentTarget),
    onKeyUp: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => remember(event.currentTarget),
  };
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={id} fz="sm" fw={500}>
          {props.label}
          {props.required && (
            <Text component="span" c="red.8" aria-hidden="true">
              {' *'}
            </Text>
          )}
        </Text>
        {!props.readOnly && <VariableMenu context={props.context} nodeId={props.nodeId} onPick={insert} />}
      </Group>
      {props.multiline ? <Textarea {...common} autosize minRows={3} maxRows={12} /> : <TextInput {...common} />}
    </Stack>
  );
}
