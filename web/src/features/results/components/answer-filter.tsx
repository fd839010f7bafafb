/**
 * The Results' answer filter: a 'Filter' button that opens the condition editor (`ui/condition-editor`, the one the
 * form's logic uses) over the form's current questions and hidden fields (the list's `columns`), and, while a filter
 * is on, a line that says it in words ('Plan equals Pro and Seats greater than 10') with a button that removes it.
 * What the filter may say is `rules/results-filter.ts`'s: the server refuses anything else with 400.
 */
import { useState } from 'react';
import { Button, CloseButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ResultsColumn } from '@formloom/contracts/api/flows/submissions';
import { results as texts } from '@formloom/contracts/copy/results';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { conditionLeaves, type Condition } from '@formloom/contracts/rules/conditions';
import type { ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { describeCondition } from '@formloom/contracts/rules/condition-text';
import { ConditionEditor, firstComparison, type ConditionQuestion } from '../../../ui/condition-editor/condition-editor';
import { IconFilter } from '../../../ui/icons';

/** The group the questions are listed under in the editor's question list. */
const QUESTIONS_GROUP = 'Questions';

/** What a filter may compare among `columns`: their questions, then their hidden fields (as `urlParams.<name>`). */
export function filterChoices(columns: readonly ResultsColumn[]): { questions: ConditionQuestion[]; subjects: ConditionSubject[] } {
  const questions = columns.flatMap((column): ConditionQuestion[] => (column.kind === 'question' && column.widget ? [{ widget: column.widget as Widget, pageName: QUESTIONS_GROUP }] : []));
  const subjects = columns.flatMap((column): ConditionSubject[] =>
    column.kind === 'urlParameter' ? [{ path: `urlParams.${column.name}`, source: 'urlParam', kind: 'text', label: column.name }] : [],
  );
  return { questions, subjects };
}

/** Props of {@link AnswerFilter}. */
export interface AnswerFilterProps {
  /** The form's current columns (the list's `columns`); until they are known, the button is disabled. */
  columns: readonly ResultsColumn[] | undefined;
  /** The filter on now; `undefined`: none. */
  value: Condition | undefined;
  /** Called with the new filter, or `undefined` when it is removed. */
  onChange: (value: Condition | undefined) => void;
}

/** The 'Filter' button and its dialog. */
export function AnswerFilterButton({ columns, value, onChange }: AnswerFilterProps) {
  const [draft, setDraft] = useState<Condition | undefined>(undefined);
  const choices = filterChoices(columns ?? []);
  const nothing = choices.questions.length === 0 && choices.subjects.length === 0;
  const count = value ? conditionLeaves(value).length : 0;

  const open = () => {
    const first = firstComparison(choices.questions, choices.subjects);
    setDraft(value ?? (first ? { and: [first] } : { and: [] }));
  };
  const close = () => setDraft(undefined);
  const apply = () => {
    onChange(draft && conditionLeaves(draft).length > 0 ? draft : undefined);
    close();
  };

  return (
    <>
      <Button
        variant={value ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        onClick={open}
        disabled={columns === undefined}
        data-testid="results-filter"
      >
        {value ? texts.filterButtonActive(count) : texts.filterButton}
      </Button>
      <Modal opened={draft !== undefined} onClose={close} title={texts.filterButton} size="xl" data-testid="results-filter-dialog">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {nothing ? texts.filterNothing : texts.filterHint}
          </Text>
          {!nothing && draft !== undefined && (
            <ConditionEditor value={draft} onChange={setDraft} questions={choices.questions} subjects={choices.subjects} label={texts.filterButton} />
          )}
          <Group justify="space-between">
            {value ? (
              <Button
                variant="subtle"
                color="red.8"
                onClick={() => {
                  onChange(undefined);
                  close();
                }}
              >
                {texts.removeFilter}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {texts.cancel}
              </Button>
              <Button onClick={apply} disabled={nothing} data-testid="results-filter-apply">
                {texts.applyFilter}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The filter on now, in words, with a button that removes it; nothing while no filter is on. */
export function AnswerFilterSummary({ columns, value, onChange }: AnswerFilterProps) {
  if (!value) return null;
  const { questions, subjects } = filterChoices(columns ?? []);
  const words = describeCondition(value, questions.map((question) => question.widget), subjects);
  return (
    <Paper withBorder px="sm" py={6} radius="md" data-testid="results-filter-summary">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text fz="sm">
          {texts.filterShowing} <strong>{words}</strong>
        </Text>
        <CloseButton size="sm" aria-label={texts.removeFilter} onClick={() => onChange(undefined)} />
      </Group>
    </Paper>
  );
}
