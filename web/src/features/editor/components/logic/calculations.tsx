/**
 * 'Calculations' in the 'Edit' tab's left panel (`rules/calculations.ts`): the form's number variables — a price
 * that grows with the options picked, a score, a count — each listed by its name with what it starts at. 'Add
 * calculation' adds one and opens it; a calculation opens in a dialog to rename it, set its starting number, and
 * edit its updates in words, in the order they run: an optional 'When …' condition (`ConditionEditor`, over every
 * question of the form and its hidden fields, calculations and score), what it does ('Add', 'Multiply by', 'Set
 * to' …) and with what (a number, a number question, a calculation above it, a hidden field). Problems found on
 * publish (`calculationProblems`) show on their update and count on the calculation in the list. Labels and
 * endings show a calculation with the '@' menu (`insert-answer-menu.tsx`).
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, NavLink, Paper, Select, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Calculation, CalculationUpdate } from '@formloom/contracts/entities/flow-template';
import { CALCULATION_NAME_MAX_LENGTH, MAX_CALCULATION_UPDATES, MAX_CALCULATIONS } from '@formloom/contracts/limits';
import { isLogicRef } from '@formloom/contracts/logic';
import { displayCalculation, type CalculationOperation } from '@formloom/contracts/rules/calculations';
import { templateSubjects, type ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { IconChevronDown, IconChevronUp, IconPlus, IconTrash } from '../../../../ui/icons';
import { NumberField } from '../../../../ui/number-field';
import {
  addCalculation,
  addCalculationUpdate,
  describeUpdate,
  everyConditionQuestion,
  moveCalculationUpdate,
  OPERATION_OPTIONS,
  removeCalculation,
  removeCalculationUpdate,
  renameCalculation,
  setCalculationInitialValue,
  setCalculationUpdate,
  valueSources,
  withWhen,
  type NamedQuestion,
} from '../../model/calculation-ops';
import { asGroup } from '../../../../ui/condition-editor/condition-model';
import type { SaveErrors } from '../../model/save-errors';
import { useEditor } from '../editor-context';
import { ConditionEditor, firstComparison } from '../../../../ui/condition-editor/condition-editor';
import classes from './logic.module.css';

/** The value-source item for a number typed in. */
const NUMBER_SOURCE = 'number';

/** How many problems the last publish or save found on calculation `id` and its updates. */
function problemCount(saveErrors: SaveErrors, id: string): number {
  const own = saveErrors.byCalculation[id]?.length ?? 0;
  const prefix = `${id}:`;
  return Object.entries(saveErrors.byCalculationUpdate).reduce((sum, [key, messages]) => (key.startsWith(prefix) ? sum + messages.length : sum), own);
}

/** The list of calculations, 'Add calculation', and the dialog of the one open. */
export function Calculations() {
  const { draft, edit, saveErrors } = useEditor();
  const calculations = draft.calculations ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const open = calculations.find((calculation) => calculation.id === openId);
  const full = calculations.length >= MAX_CALCULATIONS;

  function add() {
    const result = addCalculation(draft);
    if (result.id === null) return;
    edit(() => result.template);
    setOpenId(result.id);
  }

  return (
    <Stack gap={4} data-testid="calculations">
      {calculations.length === 0 && (
        <Text fz="xs" c="dimmed" px="xs">
          Keep a number that answers change — a price, a score — and show it on the form with @.
        </Text>
      )}
      {calculations.map((calculation) => {
        const problems = problemCount(saveErrors, calculation.id);
        const updates = calculation.updates.length;
        return (
          <NavLink
            key={calculation.id}
            component="button"
            label={calculation.name || 'Unnamed calculation'}
            description={`Starts at ${displayCalculation(calculation.initialValue)} · ${updates} ${updates === 1 ? 'update' : 'updates'}`}
            rightSection={
              problems > 0 ? (
                <Badge color="red" size="xs" circle>
                  {problems}
                  <VisuallyHidden>{problems === 1 ? ' problem' : ' problems'}</VisuallyHidden>
                </Badge>
              ) : undefined
            }
            onClick={() => setOpenId(calculation.id)}
            data-testid="calculation"
            data-calculation-id={calculation.id}
          />
        );
      })}
      <Tooltip label={`A form can have at most ${MAX_CALCULATIONS} calculations`} disabled={!full}>
        <Button variant="subtle" color="gray" leftSection={<IconPlus size={16} />} onClick={add} disabled={full} justify="flex-start" data-testid="add-calculation">
          Add calculation
        </Button>
      </Tooltip>
      <Modal opened={open !== undefined} onClose={() => setOpenId(null)} title="Calculation" size="xl" data-testid="calculation-dialog">
        {open && (
          <CalculationEditor
            calculation={open}
            onDelete={() => {
              edit((t) => removeCalculation(t, open.id));
              setOpenId(null);
            }}
            onDone={() => setOpenId(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** One calculation: its name, its starting number, its updates in order, 'Add update', 'Delete calculation'. */
function CalculationEditor({ calculation, onDelete, onDone }: { calculation: Calculation; onDelete: () => void; onDone: () => void }) {
  const { draft, edit, saveErrors } = useEditor();
  const { id, updates } = calculation;
  const questions = useMemo(() => everyConditionQuestion(draft), [draft]);
  const subjects = useMemo(() => templateSubjects(draft), [draft]);
  const sources = useMemo(() => valueSources(draft, id), [draft, id]);
  const errors = saveErrors.byCalculation[id] ?? [];
  const full = updates.length >= MAX_CALCULATION_UPDATES;

  return (
    <Stack gap="md" data-testid="calculation-editor">
      <Group align="flex-start" grow>
        <TextInput
          label="Name"
          description="What the editor and the Results call it"
          maxLength={CALCULATION_NAME_MAX_LENGTH}
          value={calculation.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            edit((t) => renameCalculation(t, id, name));
          }}
          // Mantine's dialog puts the caret here when it opens (its focus trap reads data-autofocus).
          data-autofocus
          data-testid="calculation-name"
        />
        <NumberField
          label="Starting number"
          description="Where the number starts"
          value={calculation.initialValue}
          onChange={(value) => value !== undefined && edit((t) => setCalculationInitialValue(t, id, value))}
          data-testid="calculation-initial-value"
        />
      </Group>
      {errors.length > 0 && (
        <Stack gap={2} role="alert">
          {errors.map((message) => (
            <Text key={message} fz="xs" c="red.8">
              {message}
            </Text>
          ))}
        </Stack>
      )}

      <Stack gap={4}>
        <Text fw={700} fz="sm" component="h3" m={0}>
          Updates
        </Text>
        <Text fz="xs" c="dimmed">
          {updates.length === 0
            ? 'Without updates, the number stays at its starting number.'
            : 'Updates run in order from the starting number; one whose value is missing is skipped.'}
        </Text>
      </Stack>
      {updates.map((update, at) => (
        <UpdateEditor
          // Updates have no ids: the index is the update's place, which is what the user sees.
          key={at}
          update={update}
          index={at}
          count={updates.length}
          questions={questions}
          subjects={subjects}
          sources={sources}
          errors={saveErrors.byCalculationUpdate[`${id}:${at}`] ?? []}
          onChange={(next) => edit((t) => setCalculationUpdate(t, id, at, next))}
          onMove={(to) => edit((t) => moveCalculationUpdate(t, id, at, to))}
          onRemove={() => edit((t) => removeCalculationUpdate(t, id, at))}
        />
      ))}
      <Group justify="space-between">
        <Tooltip label={`At most ${MAX_CALCULATION_UPDATES} updates per calculation`} disabled={!full}>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} disabled={full} onClick={() => edit((t) => addCalculationUpdate(t, id))} data-testid="add-calculation-update">
            Add update
          </Button>
        </Tooltip>
      </Group>
      <Group justify="space-between" pt="sm">
        <Tooltip label="Texts and rules that show or use it will need another calculation">
          <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={14} />} onClick={onDelete} data-testid="delete-calculation">
            Delete calculation
          </Button>
        </Tooltip>
        <Button size="compact-sm" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** One update: its summary in words, move up/down, delete; 'Only when…' or its condition; what it does and with what. */
function UpdateEditor({
  update,
  index,
  count,
  questions,
  subjects,
  sources,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  update: CalculationUpdate;
  index: number;
  count: number;
  questions: readonly NamedQuestion[];
  subjects: readonly ConditionSubject[];
  sources: ReturnType<typeof valueSources>;
  errors: readonly string[];
  onChange: (update: CalculationUpdate) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const label = `Update ${index + 1}`;
  const widgets = useMemo(() => questions.map((item) => item.widget), [questions]);
  // 'When' may use every question of the form (calculations run over all the answers) and every subject.
  const first = firstComparison(questions, subjects);
  const literal = !isLogicRef(update.value);
  const source = isLogicRef(update.value) ? update.value.var : NUMBER_SOURCE;
  const known = source === NUMBER_SOURCE || sources.some((group) => group.items.some((item) => item.value === source));

  return (
    <Paper withBorder p="sm" data-testid="calculation-update" data-invalid={errors.length > 0 || undefined} className={classes.rule}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz="sm" data-testid="calculation-update-summary">
            <Text span fw={700}>
              {index + 1}.
            </Text>{' '}
            {describeUpdate(update, widgets, subjects)}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Run earlier">
              <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
                <IconChevronUp />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Run later">
              <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                <IconChevronDown />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete update">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onRemove} data-testid="delete-calculation-update">
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        {update.when === undefined ? (
          <Group>
            <Tooltip label="Add a question first" disabled={first !== null}>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                leftSection={<IconPlus size={12} />}
                disabled={first === null}
                onClick={() => first && onChange(withWhen(update, { and: [first] }))}
                aria-label={`${label}: only when…`}
                data-testid="add-update-condition"
              >
                Only when…
              </Button>
            </Tooltip>
          </Group>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fz="sm" fw={600}>
                When
              </Text>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange(withWhen(update, undefined))} aria-label={`${label}: always`} data-testid="remove-update-condition">
                Always
              </Button>
            </Group>
            <ConditionEditor
              value={update.when}
              onChange={(when) => onChange(withWhen(update, asGroup(when).items.length === 0 ? undefined : when))}
              questions={questions}
              subjects={subjects}
              label={label}
            />
          </Stack>
        )}

        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            size="xs"
            w={{ base: '100%', xs: 150 }}
            aria-label={`${label}: operation`}
            data={OPERATION_OPTIONS}
            value={update.operation}
            allowDeselect={false}
            onChange={(operation) => operation && onChange({ ...update, operation: operation as CalculationOperation })}
            data-testid="calculation-operation"
          />
          <Select
            size="xs"
            w={{ base: '100%', xs: 220 }}
            aria-label={`${label}: value`}
            placeholder="Choose a value"
            data={[{ value: NUMBER_SOURCE, label: 'A number' }, ...sources]}
            value={known ? source : null}
            allowDeselect={false}
            searchable
            onChange={(next) => {
              if (next === null || next === source) return;
              onChange({ ...update, value: next === NUMBER_SOURCE ? 1 : { var: next } });
            }}
            data-testid="calculation-value-source"
          />
          {literal && (
            <NumberField
              size="xs"
              w={{ base: '100%', xs: 120 }}
              aria-label={`${label}: number`}
              placeholder="A number"
              allowEmpty
              value={typeof update.value === 'number' ? update.value : undefined}
              onChange={(value) => onChange({ ...update, value: value ?? '' })}
              data-testid="calculation-value"
            />
          )}
        </Group>
        {errors.length > 0 && (
          <Stack gap={2} role="alert">
            {errors.map((message) => (
              <Text key={message} fz="xs" c="red.8">
                {message}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
