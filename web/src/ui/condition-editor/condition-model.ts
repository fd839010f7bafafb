/**
 * The pure edits of one condition (`rules/conditions.ts` in contracts defines what it means) as the condition editor
 * makes them (`condition-editor.tsx`): a group of comparisons and their parts — the question or other subject, the
 * operator, the value — for the form's logic (a page's rules, a question's display condition, a calculation's
 * updates) and the Results' answer filter alike. Each function returns new values and never mutates its input.
 *
 * The editor edits a condition as a group: `{and: [...]}` / `{or: [...]}` of comparisons and of groups of
 * comparisons (two levels, as Fillout and Typeform offer); {@link asGroup} reads any stored condition that way.
 */
import type { Widget } from '@formloom/contracts/entities/flow-template';
import {
  answerIdOf,
  answerKindOf,
  EMPTINESS_OPERATORS,
  LIST_OPERATORS,
  OPERATORS_BY_KIND,
  operatorsFor,
  type AnswerKind,
  type Condition,
  type ConditionOperator,
  type LeafCondition,
} from '@formloom/contracts/rules/conditions';
import type { ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { isLogicRef, type LogicValue } from '@formloom/contracts/logic';

/** A condition as the editor shows it: all (`and`) or any (`or`) of its items. */
export interface ConditionGroup {
  mode: 'and' | 'or';
  items: Condition[];
}

/**
 * A comparison as the editor's row edits it: the question (or, when it compares no question's answer, the subject:
 * a hidden field, a calculation, the quiz's score — `rules/condition-subjects.ts`), the operator, and the value (a
 * list for list operators).
 */
export interface ComparisonParts {
  questionId: string | null;
  /** The logic path of what it compares when that is no question's answer (`urlParams.utm`, `quiz.score`). */
  subjectPath?: string;
  operator: ConditionOperator;
  /** `undefined` for emptiness tests. */
  value?: LogicValue | LogicValue[];
}

/** Reads a stored condition as a group: a group as it is, a lone comparison as `all of [it]`, nothing as `all of []`. */
export function asGroup(condition: Condition | undefined): ConditionGroup {
  if (condition === undefined) return { mode: 'and', items: [] };
  if ('and' in condition) return { mode: 'and', items: condition.and };
  if ('or' in condition) return { mode: 'or', items: condition.or };
  return { mode: 'and', items: [condition] };
}

/** The condition a group stands for: `{and: items}` or `{or: items}`. */
export function fromGroup(group: ConditionGroup): Condition {
  return group.mode === 'and' ? { and: group.items } : { or: group.items };
}

/** True when `condition` is an `and`/`or` group. */
export function isGroup(condition: Condition): condition is { and: Condition[] } | { or: Condition[] } {
  return 'and' in condition || 'or' in condition;
}

/** The parts of a comparison (its question id or subject path, operator and value). */
export function comparisonParts(condition: LeafCondition): ComparisonParts {
  const [operator, args] = Object.entries(condition)[0] as [ConditionOperator, LogicValue[]];
  const [left, right] = args as [LogicValue, (LogicValue | LogicValue[])?];
  const questionId = answerIdOf(left);
  if (questionId === null && isLogicRef(left) && !left.var.startsWith('answers.')) return { questionId, subjectPath: left.var, operator, value: right };
  return { questionId, operator, value: right };
}

/**
 * The comparison made of `parts` (`{"<operator>": [{var: 'answers.<id>'}, value]}`, or `{var: <subjectPath>}` on
 * the left for a subject).
 */
export function comparisonOf(parts: ComparisonParts): LeafCondition {
  const left: LogicValue = parts.questionId === null && parts.subjectPath !== undefined ? { var: parts.subjectPath } : { var: `answers.${parts.questionId ?? ''}` };
  if (isEmptiness(parts.operator)) return { [parts.operator]: [left] } as LeafCondition;
  return { [parts.operator]: [left, parts.value ?? ''] } as LeafCondition;
}

function isEmptiness(operator: ConditionOperator): boolean {
  return (EMPTINESS_OPERATORS as readonly string[]).includes(operator);
}

/**
 * True when `operator` compares with several values for `question`: `in`/`notIn`, and `equals`/`notEquals`
 * of a Checkboxes question (the same options chosen).
 */
export function takesList(operator: ConditionOperator, question: Widget | undefined): boolean {
  if ((LIST_OPERATORS as readonly string[]).includes(operator)) return true;
  return question !== undefined && answerKindOf(question) === 'choices' && (operator === 'equals' || operator === 'notEquals');
}

/** The first value a new comparison on `question` starts with: its first choice, 'checked', or blank. */
function firstValue(question: Widget): LogicValue {
  const kind = answerKindOf(question);
  if (kind === 'boolean') return true;
  if (kind === 'choice' || kind === 'choices') {
    const options = (question.template as { options?: readonly { id: string }[] }).options ?? [];
    return options[0]?.id ?? '';
  }
  return '';
}

/** The value a comparison keeps when its operator becomes `operator`: a list from one value and back, or none. */
function valueFor(operator: ConditionOperator, question: Widget | undefined, value: ComparisonParts['value']): ComparisonParts['value'] {
  if (isEmptiness(operator)) return undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (takesList(operator, question)) return list.filter((item) => item !== '');
  if (list.length > 0) return list[0];
  return question ? firstValue(question) : '';
}

/** A new comparison on `question`: its first operator (`operatorsFor`) and first value. */
export function newComparison(question: Widget): LeafCondition {
  const operator = operatorsFor(question)[0] ?? 'isNotEmpty';
  return comparisonOf({ questionId: question.id, operator, value: valueFor(operator, question, firstValue(question)) });
}

/**
 * The comparison with another question: the operator is kept when the new question takes it (and its value when
 * the answers are of the same kind), else the question's first operator and value.
 */
export function withQuestion(parts: ComparisonParts, previous: Widget | undefined, question: Widget): LeafCondition {
  if (!operatorsFor(question).includes(parts.operator)) return newComparison(question);
  const kind = answerKindOf(question);
  // Option ids belong to one question: a value is kept only between questions of one kind without options.
  const keep = previous !== undefined && answerKindOf(previous) === kind && kind !== 'choice' && kind !== 'choices';
  const value = valueFor(parts.operator, question, keep ? parts.value : firstValue(question));
  return comparisonOf({ questionId: question.id, operator: parts.operator, value });
}

/** A new comparison on a hidden field, a calculation or the score: the first operator of its kind, a blank value. */
export function newSubjectComparison(subject: ConditionSubject): LeafCondition {
  const operator = OPERATORS_BY_KIND[subject.kind][0] ?? 'isNotEmpty';
  return comparisonOf({ questionId: null, subjectPath: subject.path, operator, value: valueFor(operator, undefined, '') });
}

/**
 * The comparison with another subject (hidden field, calculation, score): the operator is kept when the subject's
 * kind takes it, and the value too when `previousKind` (what was compared before) is the subject's kind; else the
 * kind's first operator and a blank value.
 */
export function withSubject(parts: ComparisonParts, previousKind: AnswerKind | undefined, subject: ConditionSubject): LeafCondition {
  if (!OPERATORS_BY_KIND[subject.kind].includes(parts.operator)) return newSubjectComparison(subject);
  const value = valueFor(parts.operator, undefined, previousKind === subject.kind ? parts.value : '');
  return comparisonOf({ questionId: null, subjectPath: subject.path, operator: parts.operator, value });
}

/** The comparison with another operator; the value follows (a list for list operators, none for emptiness tests). */
export function withOperator(parts: ComparisonParts, question: Widget | undefined, operator: ConditionOperator): LeafCondition {
  return comparisonOf({ ...parts, operator, value: valueFor(operator, question, parts.value) });
}
