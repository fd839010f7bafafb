/**
 * The Results' answer filter: which responses to list, count and export by what they answered — "Plan equals Pro
 * and Seats greater than 10" — written as a {@link Condition} of the one evaluator (`rules/conditions.ts`), so the
 * Results filter, the form's logic and the workflow filter node read the same shape and mean the same thing.
 *
 * A Results filter is narrower than a form's condition, because the flows service runs it as SQL over the stored
 * answers (`services/flows/src/db/answer-filter.ts`) and must agree with `evaluateCondition` on them (a property
 * test proves it on random answers and filters):
 * - every comparison's left side is a {@link FilterSubject} of the form's current version: an answerable question
 *   (not a Statement), `{"var": "answers.<id>"}`, or a hidden field, `{"var": "urlParams.<name>"}` as the form's
 *   logic names it (its value is stored under the field's id); calculations and quiz points are computed, not
 *   stored, so they are not filterable;
 * - the operator is one that fits the subject's answer kind (`OPERATORS_BY_KIND`);
 * - the value is a literal of the kind — text for text and hidden fields, a number for numbers, `true`/`false` for
 *   a checkbox, `YYYY-MM-DD` / `HH:MM` / `YYYY-MM-DDTHH:MM` for dates and times, option ids for choices — or, for
 *   `in`/`notIn` and a list of choices, a list of them; never a reference.
 *
 * {@link resultsFilterProblems} lists what breaks these rules; the service answers 400 with them. Pure, zod-free.
 */
import { isValidDate } from '../answers/date-picker';
import { isValidDateTime } from '../answers/date-time-picker';
import { takesAnswer } from '../answers/registry';
import { isValidTime } from '../answers/time-picker';
import * as copy from '../copy';
import type { FlowTemplate, Widget } from '../entities/flow-template';
import { isLogicRef, type LogicValue } from '../logic';
import { answerKindOf, conditionLeaves, conditionShapeProblems, OPERATORS_BY_KIND, type AnswerKind, type ConditionLeaf } from './conditions';
import { formWidgets } from './steps';
import { urlParamsOf } from './url-params';

/** What a Results filter may compare: a question or a hidden field of the form, with its answer kind. */
export interface FilterSubject {
  /** How a filter refers to it: `answers.<widget id>` or `urlParams.<hidden field name>`. */
  path: string;
  /** The widget's or the hidden field's id: the key of its value in the stored answers. */
  id: string;
  /** What the Results call it (their column's header): the question's name (its label when the name is blank), the hidden field's name. */
  name: string;
  kind: AnswerKind;
  /** The question (for its options and settings); absent for a hidden field. */
  widget?: Widget;
}

/**
 * The subjects of `template`, in form order: every answerable question of its pages (page order), then its hidden
 * fields (kind `text`).
 */
export function filterSubjects(template: FlowTemplate): FilterSubject[] {
  const questions = formWidgets(template)
    .filter(({ widget }) => takesAnswer(widget))
    .map(({ widget }): FilterSubject => ({
      path: `answers.${widget.id}`,
      id: widget.id,
      name: widget.name.trim() ? widget.name : widget.template.label,
      kind: answerKindOf(widget),
      widget,
    }));
  const taken = new Set(questions.map((question) => question.id));
  const hidden = urlParamsOf(template)
    .filter((param) => !taken.has(param.id))
    .map((param): FilterSubject => ({ path: `urlParams.${param.name}`, id: param.id, name: param.name, kind: 'text' }));
  return [...questions, ...hidden];
}

/** A problem of a filter: where (`['and', 0]`, the path of the comparison in the condition) and what. */
export interface FilterProblem {
  path: Array<string | number>;
  message: string;
}

/** Whether `value` is a literal a filter on `kind` may compare with (see the module doc). */
export function isFilterLiteral(kind: AnswerKind, value: LogicValue): boolean {
  if (isLogicRef(value) || value === null) return false;
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isValidDate(value.trim());
    case 'time':
      return typeof value === 'string' && isValidTime(value.trim());
    case 'dateTime':
      return typeof value === 'string' && isValidDateTime(value.trim());
    case 'choice':
    case 'choices':
      return typeof value === 'string' && value.trim() !== '';
    case 'text':
      return typeof value === 'string';
    default:
      return false;
  }
}

/** The problem of one comparison of a filter, or `null` when it is sound. */
function leafProblem(leaf: ConditionLeaf, subjects: ReadonlyMap<string, FilterSubject>): string | null {
  const subject = isLogicRef(leaf.left) ? subjects.get(leaf.left.var) : undefined;
  if (!subject) return copy.results.filterUnknownQuestion;
  if (!OPERATORS_BY_KIND[subject.kind].includes(leaf.operator)) return copy.results.filterOperator(subject.name);
  if (leaf.right === undefined) return null;
  const values = Array.isArray(leaf.right) ? leaf.right : [leaf.right];
  const listAllowed = leaf.operator === 'in' || leaf.operator === 'notIn' || subject.kind === 'choices';
  if ((Array.isArray(leaf.right) && !listAllowed) || values.length === 0) return copy.results.filterValue(subject.name);
  return values.every((value) => isFilterLiteral(subject.kind, value)) ? null : copy.results.filterValue(subject.name);
}

/**
 * What keeps `condition` from being a Results filter of `template` (module doc), `[]` when it is one: a malformed
 * condition (not an object with one operator, an empty group, too deep) is one problem at its root or group; each
 * bad comparison one at its path, with `copy.results` texts.
 */
export function resultsFilterProblems(condition: unknown, template: FlowTemplate): FilterProblem[] {
  const subjects = new Map(filterSubjects(template).map((subject) => [subject.path, subject]));
  const leaves = conditionLeaves(condition);
  const problems: FilterProblem[] = conditionShapeProblems(condition).map(({ path }) => ({ path, message: copy.results.filterMalformed }));
  if (leaves.length === 0 && problems.length === 0) problems.push({ path: [], message: copy.results.filterMalformed });
  for (const leaf of leaves) {
    const message = leafProblem(leaf, subjects);
    if (message) problems.push({ path: leaf.path, message });
  }
  return problems;
}
