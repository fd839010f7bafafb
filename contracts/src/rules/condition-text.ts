/**
 * Conditions in words (`rules/conditions.ts` holds their shape and meaning): what the form editor shows for a
 * page's navigation rules and a question's `visibleIf` — "Plan equals Pro and Seats greater than 10" — and what
 * a workflow's filter node can show later. Operator names are spec 001 §5's (`copy.conditions.operators`), with
 * "is before"/"is after" for dates and times. ZOD-FREE AT RUNTIME (type-only imports). Pure; never throws.
 */
import * as copy from '../copy';
import type { Widget } from '../entities/flow-template';
import { isLogicRef, type LogicValue } from '../logic';
import { subjectOfRef, type ConditionSubject } from './condition-subjects';
import { answerIdOf, answerKindOf, conditionLeaves, type AnswerKind, type ConditionLeaf, type ConditionOperator } from './conditions';

/** The name of `operator` for a question whose answers are of `kind` ('equals', 'is before', …). */
export function operatorLabel(operator: ConditionOperator, kind: AnswerKind): string {
  const timeLike = kind === 'date' || kind === 'time' || kind === 'dateTime';
  if (timeLike && (operator === 'lt' || operator === 'lte' || operator === 'gt' || operator === 'gte')) {
    return copy.conditions.timeOperators[operator];
  }
  return copy.conditions.operators[operator];
}

/** An item of a choice question (an option), as conditions name it. */
interface LabelledItem {
  id?: unknown;
  label?: unknown;
}

/** The label of a question in words: its label, else its name. */
export function questionLabel(widget: Widget): string {
  return widget.template.label.trim() || widget.name;
}

/**
 * A literal of a comparison in words, for `question`: a choice's label (its id when no choice has it), 'checked'
 * or 'not checked' for a Checkbox, text in double quotes, numbers, dates and times as written.
 */
export function valueText(value: LogicValue, question: Widget | undefined, questions: readonly Widget[], subjects: readonly ConditionSubject[] = []): string {
  if (isLogicRef(value)) {
    const id = answerIdOf(value);
    const other = id === null ? undefined : questions.find((widget) => widget.id === id);
    return other ? questionLabel(other) : (subjectOfRef(value, subjects)?.label ?? copy.conditions.missingQuestion);
  }
  if (value === null) return '""';
  const kind = question ? answerKindOf(question) : undefined;
  if (kind === 'boolean') {
    const on = value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
    return on ? copy.conditions.checked : copy.conditions.notChecked;
  }
  if ((kind === 'choice' || kind === 'choices') && question) {
    const options = (question.template as { options?: readonly LabelledItem[] }).options ?? [];
    const option = options.find((item) => item.id === value);
    if (option && typeof option.label === 'string' && option.label.trim()) return option.label.trim();
  }
  if (typeof value === 'string' && (kind === 'text' || kind === undefined)) return `"${value}"`;
  return String(value);
}

/**
 * One comparison in words: 'Plan equals Pro', 'Start is before 2026-03-01', 'Email is not empty', 'Consent is
 * checked', 'Score greater than 7'. `subjects`: the form's hidden fields, calculations and score
 * (`templateSubjects`).
 */
export function leafText(leaf: ConditionLeaf, questions: readonly Widget[], subjects: readonly ConditionSubject[] = []): string {
  const id = answerIdOf(leaf.left);
  const question = id === null ? undefined : questions.find((widget) => widget.id === id);
  const other = question ? undefined : subjectOfRef(leaf.left, subjects);
  const subject = question ? questionLabel(question) : (other?.label ?? copy.conditions.missingQuestion);
  const kind: AnswerKind = question ? answerKindOf(question) : (other?.kind ?? 'text');
  if (kind === 'boolean' && (leaf.operator === 'equals' || leaf.operator === 'notEquals') && !Array.isArray(leaf.right)) {
    // 'Consent is checked' / 'Consent is not checked' rather than 'equals not checked'.
    const ticked = valueText(leaf.right ?? null, question, questions) === copy.conditions.checked;
    return `${subject} ${copy.conditions.is} ${ticked === (leaf.operator === 'equals') ? copy.conditions.checked : copy.conditions.notChecked}`;
  }
  const words = [subject, operatorLabel(leaf.operator, kind)];
  if (leaf.right !== undefined) {
    const rights = Array.isArray(leaf.right) ? leaf.right : [leaf.right];
    words.push(rights.map((value) => (question || isLogicRef(value) ? valueText(value, question, questions, subjects) : literalText(value, kind))).join(', '));
  }
  return words.join(' ');
}

/** A literal compared with a subject that is no question (a hidden field's text in quotes, a number as written). */
function literalText(value: LogicValue, kind: AnswerKind): string {
  if (value === null) return '""';
  return typeof value === 'string' && kind === 'text' ? `"${value}"` : String(value);
}

/**
 * A condition in words, for the editor's summaries: comparisons joined by 'and' / 'or', nested groups in
 * brackets: 'Plan equals Pro or (Seats greater than 10 and Start is before 2026-03-01)'. `questions`: the form's
 * questions; `subjects`: its hidden fields, calculations and score (`templateSubjects`); a reference to anything
 * else reads `copy.conditions.missingQuestion`. Malformed parts are left out; an empty or malformed condition
 * gives ''.
 */
export function describeCondition(condition: unknown, questions: readonly Widget[], subjects: readonly ConditionSubject[] = []): string {
  return describe(condition, questions, subjects, true);
}

function describe(node: unknown, questions: readonly Widget[], subjects: readonly ConditionSubject[], top: boolean): string {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return '';
  const keys = Object.keys(node);
  if (keys.length !== 1) return '';
  const key = keys[0] as string;
  const args = (node as Record<string, unknown>)[key];
  if (key === 'and' || key === 'or') {
    if (!Array.isArray(args)) return '';
    const parts = args.map((child) => describe(child, questions, subjects, false)).filter((part) => part !== '');
    const text = parts.join(` ${key === 'and' ? copy.conditions.and : copy.conditions.or} `);
    return top || parts.length < 2 ? text : `(${text})`;
  }
  const [leaf] = conditionLeaves(node);
  return leaf ? leafText(leaf, questions, subjects) : '';
}
