/**
 * A key-value picker (spec 001 §3 "Key-value picker rows: {key, value}", §5 "Key-value pickers may forbid repeated
 * keys; when none remain they show 'No more fields available'"): the webhook node's query parameters, headers and
 * cookies. Each row is a name and a value; the value may carry variables (`{{path}}`, inserted by the
 * {@link VariableMenu}); rows are added up to `max`, after which the add button is disabled and the spec's 'No more
 * fields available' shows. Errors (a repeated or missing name — the node's rules) show under their row's name.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { IconPlus, IconTrash } from '../../../ui/icons';
import type { WorkflowEditorContext } from '../nodes/types';
import { VariableMenu } from './variable-menu';
import classes from '../nodes/webhook-code.module.css';

/** One row. */
export interface KeyValueRow {
  key: string;
  value: string;
}

/** Props of {@link KeyValueRows}. */
export interface KeyValueRowsProps {
  /** The list's name ('Query parameters'): its legend, and the start of each field's accessible name. */
  label: string;
  /** The add button's text ('Add parameter'). */
  addLabel: string;
  rows: readonly KeyValueRow[];
  onChange(rows: KeyValueRow[]): void;
  /** The error of a row's name, by row index. */
  errors?: ReadonlyMap<number, string>;
  /** The most rows there may be (WEBHOOK_NODE_MAX_ROWS). */
  max: number;
  context: WorkflowEditorContext;
  nodeId: string;
  readOnly?: boolean;
  'data-testid'?: string;
}

/** See the module doc. */
export function KeyValueRows(props: KeyValueRowsProps) {
  const { rows, onChange, readOnly } = props;
  const update = (index: number, change: Partial<KeyValueRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : { ...row })));
  const full = rows.length >= props.max;
  return (
    <fieldset className={classes.rows} data-testid={props['data-testid']}>
      <Text component="legend" fz="sm" fw={500} mb={4}>
        {props.label}
      </Text>
      <Stack gap={6}>
        {rows.map((row, index) => {
          const position = `${props.label} ${index + 1}`;
          return (
            <div key={index} className={classes.row} role="group" aria-label={position}>
              <TextInput
                aria-label={`${position}: name`}
                placeholder="Name"
                value={row.key}
                error={props.errors?.get(index)}
                readOnly={readOnly}
                onChange={(event) => update(index, { key: event.currentTarget.value })}
              />
              <TextInput
                aria-label={`${position}: value`}
                placeholder="Value"
                value={row.value}
                readOnly={readOnly}
                onChange={(event) => update(index, { value: event.currentTarget.value })}
              />
              {!readOnly && (
                <>
                  <VariableMenu context={props.context} nodeId={props.nodeId} onPick={(path) => update(index, { value: `${row.value}{{${path}}}` })} />
                  <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${position}`} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </>
              )}
            </div>
          );
        })}
        {!readOnly && (
          <Group gap="xs">
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              disabled={full}
              onClick={() => onChange([...rows.map((row) => ({ ...row })), { key: '', value: '' }])}
            >
              {props.addLabel}
            </Button>
            {full && (
              <Text fz="xs" c="dimmed">
                {copy.webhookNode.noMoreFields}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </fieldset>
  );
}
