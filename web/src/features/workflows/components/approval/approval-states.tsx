/**
 * The approval step's states ('options': Approved, Rejected …; spec 001 §3 `states`, §4 "Approval states"): one row per
 * state — its colour (a swatch that opens the 9-shade pastel palette), its name, and a delete button — then 'Add option'.
 *
 * - 'Add option' adds 'New option', made unique ('New option (2)' …), in the next unused palette shade
 *   (`addApprovalState`).
 * - A name is committed when the field loses focus or on Enter (Escape puts the current name back). A name another
 *   state has shows 'An option with this name already exists' under the field and a unique name is used instead
 *   (`renameApprovalState`); a blank name keeps the current one.
 * - The last state cannot be deleted (spec 001 §4 "at least one must remain"): its delete button is disabled and says
 *   why. Deleting a state also removes it from the input fields shown for chosen states.
 */
import { useState } from 'react';
import { ActionIcon, Button, ColorSwatch, Group, Popover, SimpleGrid, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import {
  addApprovalState,
  APPROVAL_PALETTE,
  APPROVAL_PALETTE_NAMES,
  canDeleteApprovalState,
  deleteApprovalState,
  renameApprovalState,
  statesOf,
} from '@formloom/contracts/workflows/nodes/approval';
import { IconCheck, IconPlus, IconTrash } from '../../../../ui/icons';
import classes from './approval-panel.module.css';

/** Props of {@link ApprovalStates}. */
export interface ApprovalStatesProps {
  template: unknown;
  readOnly: boolean;
  onChange(template: unknown): void;
}

/** One state's row; see the module doc. */
function StateRow({
  template,
  index,
  readOnly,
  onChange,
}: ApprovalStatesProps & { index: number }) {
  const state = statesOf(template)[index]!;
  const id = String(state.id ?? index);
  const name = typeof state.name === 'string' ? state.name : '';
  const color = typeof state.color === 'string' ? state.color : APPROVAL_PALETTE[0];
  const [draft, setDraft] = useState(name);
  const [committed, setCommitted] = useState(name);
  const [error, setError] = useState<string | undefined>();
  // The stored name changed elsewhere (undo, a rename made unique): show it.
  if (committed !== name) {
    setCommitted(name);
    setDraft(name);
  }
  const commit = () => {
    if (draft === name) return;
    const result = renameApprovalState(template, id, draft);
    setError(result.error);
    const renamed = statesOf(result.template)[index];
    setDraft(typeof renamed?.name === 'string' ? renamed.name : name);
    if (result.template !== template) onChange(result.template);
  };
  const deletable = canDeleteApprovalState(template);
  const label = name || copy.approval.stateNameLabel(index);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="approval-state" data-state-id={id}>
      <Popover position="bottom-start" withinPortal={false} disabled={readOnly}>
        <Popover.Target>
          <UnstyledButton aria-label={copy.approval.stateColorLabel(label)} className={classes.swatchButton} disabled={readOnly}>
            <ColorSwatch color={color} size={28} />
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <SimpleGrid cols={3} spacing={6} role="group" aria-label={copy.approval.stateColorLabel(label)}>
            {APPROVAL_PALETTE.map((shade, at) => (
              <UnstyledButton
                key={shade}
                aria-label={APPROVAL_PALETTE_NAMES[at]}
                aria-pressed={shade.toUpperCase() === color.toUpperCase()}
                onClick={() => onChange({ ...(template as object), states: statesOf(template).map((candidate, at) => (at === index ? { ...candidate, color: shade } : candidate)) })}
              >
                <ColorSwatch color={shade} size={28}>
                  {shade.toUpperCase() === color.toUpperCase() && <IconCheck size={14} />}
                </ColorSwatch>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Popover.Dropdown>
      </Popover>
      <TextInput
        className={classes.grow}
        aria-label={copy.approval.stateNameLabel(index)}
        value={draft}
        readOnly={readOnly}
        error={error}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(undefined);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setDraft(name);
            setError(undefined);
          }
        }}
      />
      {!readOnly && (
        <Tooltip label={copy.approval.oneOptionRequired} disabled={deletable}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={copy.approval.deleteOption(label)}
            disabled={!deletable}
            onClick={() => onChange(deleteApprovalState(template, id))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** See the module doc. */
export function ApprovalStates({ template, readOnly, onChange }: ApprovalStatesProps) {
  const states = statesOf(template);
  return (
    <Stack gap="xs" data-testid="approval-states">
      <Text fz="sm" fw={500}>
        {copy.approval.statesLabel}
      </Text>
      {states.map((state, index) => (
        <StateRow key={String(state.id ?? index)} template={template} index={index} readOnly={readOnly} onChange={onChange} />
      ))}
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange(addApprovalState(template))}>
            {copy.approval.addOption}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
