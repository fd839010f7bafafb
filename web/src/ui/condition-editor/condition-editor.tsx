/**
 * Edits a condition (`rules/conditions.ts`) as the form's logic uses it — a page's navigation rule, a question's
 * display condition, a calculation's update — in words: 'All'/'Any' of a list of rows 'question · operator ·
 * value', and groups of such rows one level down. The question list is what the condition may refer to
 * (`conditionQuestions`), grouped by page, then the form's hidden fields, calculations and (quiz on) score
 * (`templateSubjects`, `rules/condition-subjects.ts`); operators are those that fit the question (`operatorsFor`)
 * or the subject's kind (`OPERATORS_BY_KIND`), named as spec 001 §5 names them (`operatorLabel`); the value field
 * follows the answers (choices, a number, a date, text …).
 *
 * The workflow's filter and branch steps use it too: their subjects also include the outputs of earlier steps
 * (`source: 'step'`, listed under each step's title: contracts `workflows/condition-subjects.ts`), and they offer
 * fewer operators (`operators`: spec 001 §5's filter operators, contracts `workflows/conditions.ts`). An operator a
 * stored condition uses beyond those stays listed on its row, so that nothing is changed behind the user's back.
 */
import { ActionIcon, Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { MAX_CONDITIONS_PER_GROUP } from '@formloom/contracts/limits';
import type { LogicValue } from '@formloom/contracts/logic';
import {
  answerKindOf,
  OPERATORS_BY_KIND,
  operatorsFor,
  type AnswerKind,
  type Condition,
  type ConditionOperator,
  type LeafCondition,
} from '@formloom/contracts/rules/conditions';
import type { ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { operatorLabel, questionLabel } from '@formloom/contracts/rules/condition-text';
import { IconPlus, IconTrash } from '../icons';
import {
  asGroup,
  comparisonOf,
  comparisonParts,
  fromGroup,
  isGroup,
  newComparison,
  newSubjectComparison,
  takesList,
  withOperator,
  withQuestion,
  withSubject,
  type ComparisonParts,
  type ConditionGroup,
} from './condition-model';
import classes from './condition-editor.module.css';

/** The questions a condition may use, each with the name of its page (for the grouped question list). */
export interface ConditionQuestion {
  widget: Widget;
  pageName: string;
}

/** No hidden fields, calculations or score to compare (a condition on questions only). */
const NO_SUBJECTS: readonly ConditionSubject[] = [];

/** Props of {@link ConditionEditor}. */
export interface ConditionEditorProps {
  /** The condition edited; `undefined` starts an empty 'All of' group. */
  value: Condition | undefined;
  onChange: (condition: Condition) => void;
  /** What the condition may refer to, in page order. */
  questions: readonly ConditionQuestion[];
  /** The hidden fields, calculations and score it may compare too (`templateSubjects`), listed after the questions. */
  subjects?: readonly ConditionSubject[];
  /** Names the fields for assistive technology ('Rule 1', 'Show this question'). */
  label: string;
  /**
   * The operators offered for values of a kind (default: every operator that fits, `operatorsFor` /
   * `OPERATORS_BY_KIND`); a row keeps showing the operator it has.
   */
  operators?: (kind: AnswerKind) => readonly ConditionOperator[];
  /** What shows when there is nothing to compare (default: the form logic's 'Add a question first'). */
  emptyText?: string;
}

/** The top-level group: its mode, its rows, 'Add condition' and 'Add condition group'. */
export function ConditionEditor({ value, onChange, questions, subjects = NO_SUBJECTS, label, operators, emptyText }: ConditionEditorProps) {
  return (
    <GroupEditor
      group={asGroup(value)}
      onChange={(group) => onChange(fromGroup(group))}
      questions={questions}
      subjects={subjects}
      label={label}
      nested={false}
      operators={operators}
      emptyText={emptyText}
    />
  );
}

/**
 * The comparison a new row starts with: on the first question, or (none there) on the first subject; `null` when
 * there is nothing to compare.
 */
export function firstComparison(questions: readonly ConditionQuestion[], subjects: readonly ConditionSubject[] = NO_SUBJECTS): LeafCondition | null {
  const question = questions[0]?.widget;
  if (question) return newComparison(question);
  const subject = subjects[0];
  return subject ? newSubjectComparison(subject) : null;
}

/** The names of the subjects' groups in the question list (a subject's own `group` comes first). */
const SUBJECT_GROUPS: Readonly<Record<ConditionSubject['source'], string>> = {
  urlParam: 'Hidden fields',
  calculation: 'Calculations',
  quiz: 'Quiz',
  step: 'Earlier steps',
};

/** The subjects in their groups, groups in order of their first subject. */
function subjectGroups(subjects: readonly ConditionSubject[]): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const subject of subjects) {
    const name = subject.group ?? SUBJECT_GROUPS[subject.source];
    const items = groups.get(name) ?? [];
    items.push({ value: subject.path, label: subject.label });
    groups.set(name, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** Props every level of the editor passes down. */
interface Common {
  questions: readonly ConditionQuestion[];
  subjects: readonly ConditionSubject[];
  operators?: (kind: AnswerKind) => readonly ConditionOperator[];
}

function GroupEditor({
  group,
  onChange,
  questions,
  subjects,
  operators,
  label,
  nested,
  emptyText,
}: Common & {
  group: ConditionGroup;
  onChange: (group: ConditionGroup) => void;
  label: string;
  nested: boolean;
  emptyText?: string;
}) {
  const first = firstComparison(questions, subjects);
  const full = group.items.length >= MAX_CONDITIONS_PER_GROUP;
  const setItem = (index: number, item: Condition) => onChange({ ...group, items: group.items.map((old, at) => (at === index ? item : old)) });
  const removeItem = (index: number) => onChange({ ...group, items: group.items.filter((_, at) => at !== index) });
  const add = (item: Condition) => onChange({ ...group, items: [...group.items, item] });

  return (
    <Stack gap="xs" data-testid={nested ? 'condition-group' : 'condition-editor'}>
      {group.items.length > 1 && (
        <Group gap="xs">
          <Select
            size="xs"
            w={90}
            aria-label={`${label}: all or any`}
            data={[
              { value: 'and', label: 'All' },
              { value: 'or', label: 'Any' },
            ]}
            value={group.mode}
            allowDeselect={false}
            onChange={(mode) => mode && onChange({ ...group, mode: mode as ConditionGroup['mode'] })}
            data-testid="condition-mode"
          />
          <Text fz="sm">of these are true</Text>
        </Group>
      )}
      {group.items.map((item, index) => {
        const rowLabel = `${label}, condition ${index + 1}`;
        const joiner = index > 0 ? (group.mode === 'and' ? copy.conditions.and : copy.conditions.or) : null;
        return (
          // Conditions have no ids; rows are replaced or removed, never reordered, so the index is the key.
          <Stack key={index} gap={4}>
            {joiner && (
              <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
                {joiner}
              </Text>
            )}
            {isGroup(item) ? (
              <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)">
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <div className={classes.groupBody}>
                    <GroupEditor
                      group={asGroup(item)}
                      onChange={(inner) => (inner.items.length === 0 ? removeItem(index) : setItem(index, fromGroup(inner)))}
                      questions={questions}
                      subjects={subjects}
                      operators={operators}
                      label={rowLabel}
                      nested
                    />
                  </div>
                  <RemoveButton label={`Remove ${rowLabel}`} onClick={() => removeItem(index)} />
                </Group>
              </Paper>
            ) : (
              <ComparisonRow
                condition={item}
                onChange={(next) => setItem(index, next)}
                onRemove={() => removeItem(index)}
                questions={questions}
                subjects={subjects}
                operators={operators}
                label={rowLabel}
              />
            )}
          </Stack>
        );
      })}
      {first ? (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => add(first)}
            data-testid="add-condition"
          >
            Add condition
          </Button>
          {!nested && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconPlus size={14} />}
              disabled={full}
              onClick={() => add({ [group.mode === 'and' ? 'or' : 'and']: [first] } as Condition)}
              data-testid="add-condition-group"
            >
              Add condition group
            </Button>
          )}
        </Group>
      ) : (
        <Text fz="sm" c="dimmed">
          {emptyText ?? 'Conditions can use the questions asked before this point. Add a question first.'}
        </Text>
      )}
    </Stack>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label="Remove">
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={onClick} data-testid="remove-condition">
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** One comparison: question, operator and value, and Remove. Wraps onto several lines on narrow screens. */
function ComparisonRow({
  condition,
  onChange,
  onRemove,
  questions,
  subjects,
  operators: offered,
  label,
}: Common & {
  condition: LeafCondition;
  onChange: (condition: LeafCondition) => void;
  onRemove: () => void;
  label: string;
}) {
  const parts = comparisonParts(condition);
  const question = questions.find((item) => item.widget.id === parts.questionId)?.widget;
  const subject = parts.subjectPath === undefined ? undefined : subjects.find((item) => item.path === parts.subjectPath);
  const kind: AnswerKind = question ? answerKindOf(question) : (subject?.kind ?? 'text');
  const fitting = offered && (question || subject) ? offered(kind) : question ? operatorsFor(question) : subject ? OPERATORS_BY_KIND[subject.kind] : [];
  const operators = fitting.includes(parts.operator) ? fitting : [...fitting, parts.operator];
  // Values are logic paths: `answers.<id>` for a question, the subject's own path otherwise (never the same).
  const pages = [...new Set(questions.map((item) => item.pageName))];
  const questionData = [
    ...pages.map((page) => ({
      group: page,
      items: questions.filter((item) => item.pageName === page).map((item) => ({ value: `answers.${item.widget.id}`, label: questionLabel(item.widget) })),
    })),
    ...subjectGroups(subjects),
  ].filter((group) => group.items.length > 0);
  const selected = question ? `answers.${question.id}` : (subject?.path ?? null);
  const missing = parts.questionId !== null ? !question : parts.subjectPath !== undefined && !subject;

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="condition-row">
      <Select
        size="xs"
        w={{ base: '100%', xs: 200 }}
        aria-label={`${label}: question`}
        placeholder={copy.conditions.needsQuestion}
        data={questionData}
        value={selected}
        error={missing ? (parts.questionId !== null ? copy.conditions.laterQuestion : copy.conditions.unknownQuestion) : undefined}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        onChange={(path) => {
          const next = questions.find((item) => `answers.${item.widget.id}` === path)?.widget;
          if (next) return onChange(withQuestion(parts, question, next));
          const other = subjects.find((item) => item.path === path);
          if (other) onChange(withSubject(parts, question || subject ? kind : undefined, other));
        }}
        data-testid="condition-question"
      />
      <Select
        size="xs"
        w={{ base: '100%', xs: 190 }}
        aria-label={`${label}: operator`}
        data={operators.map((operator) => ({ value: operator, label: operatorLabel(operator, kind) }))}
        value={parts.operator}
        allowDeselect={false}
        onChange={(operator) => operator && onChange(withOperator(parts, question, operator as ConditionOperator))}
        data-testid="condition-operator"
      />
      {parts.value !== undefined && (
        <ValueField parts={parts} question={question} kind={kind} label={`${label}: value`} onChange={(value) => onChange(withValue(parts, value))} />
      )}
      <RemoveButton label={`Remove ${label}`} onClick={onRemove} />
    </Group>
  );
}

function withValue(parts: ComparisonParts, value: LogicValue | LogicValue[]): LeafCondition {
  return comparisonOf({ ...parts, value });
}

/** The options of a choice question, for the value lists. */
function optionsOf(question: Widget | undefined): { value: string; label: string }[] {
  const options = (question?.template as { options?: readonly { id: string; label: string }[] } | undefined)?.options ?? [];
  return options.map((option) => ({ value: option.id, label: option.label.trim() || option.id }));
}

const INPUT_TYPE = { date: 'date', time: 'time', dateTime: 'datetime-local' } as const;

/**
 * The value of a comparison, as the answers of its question (or the values of its subject, of `kind`) are:
 * choices, checked or not, a number, a date, text.
 */
function ValueField({
  parts,
  question,
  kind,
  label,
  onChange,
}: {
  parts: ComparisonParts;
  question: Widget | undefined;
  kind: AnswerKind;
  label: string;
  onChange: (value: LogicValue | LogicValue[]) => void;
}) {
  const common = { size: 'xs' as const, 'aria-label': label, 'data-testid': 'condition-value', w: { base: '100%', xs: 200 } };
  const list = Array.isArray(parts.value) ? parts.value : parts.value === undefined ? [] : [parts.value];
  const text = (value: LogicValue | undefined) => (value === undefined || value === null || typeof value === 'object' ? '' : String(value));

  if (kind === 'choice' || kind === 'choices') {
    if (takesList(parts.operator, question)) {
      return <MultiSelect {...common} data={optionsOf(question)} value={list.map(text)} onChange={onChange} placeholder="Choose options" />;
    }
    return <Select {...common} data={optionsOf(question)} value={text(list[0]) || null} allowDeselect={false} onChange={(value) => value !== null && onChange(value)} />;
  }
  if (kind === 'boolean') {
    return (
      <Select
        {...common}
        data={[
          { value: 'true', label: copy.conditions.checked },
          { value: 'false', label: copy.conditions.notChecked },
        ]}
        value={list[0] === false || list[0] === 'false' ? 'false' : 'true'}
        allowDeselect={false}
        onChange={(value) => onChange(value === 'true')}
      />
    );
  }
  if (takesList(parts.operator, question)) {
    return (
      <TagsInput
        {...common}
        value={list.map(text)}
        onChange={(values) => onChange(kind === 'number' ? values.map((value) => (Number.isFinite(Number(value)) ? Number(value) : value)) : values)}
        placeholder="Type a value, then Enter"
      />
    );
  }
  if (kind === 'number') {
    return (
      <NumberInput
        {...common}
        value={typeof list[0] === 'number' ? list[0] : text(list[0])}
        onChange={(value) => onChange(typeof value === 'number' ? value : '')}
        placeholder="A number"
      />
    );
  }
  if (kind === 'date' || kind === 'time' || kind === 'dateTime') {
    return <TextInput {...common} type={INPUT_TYPE[kind]} value={text(list[0])} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  return <TextInput {...common} value={text(list[0])} onChange={(event) => onChange(event.currentTarget.value)} placeholder="A value" />;
}
