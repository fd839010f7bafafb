/**
 * Conditions in workflows: what the filter node (spec 001 §3 "filter: condition (boolean logic)") and each branch of
 * the branch node ("branches[{id, nextNodeId, condition}]") store, check and evaluate. A workflow condition IS a
 * {@link Condition} of `rules/conditions.ts` — THE one evaluator, shared with the public form's page logic and the
 * Results' answer filter — whose comparisons refer to run data through logic values (`logic.ts`): the form's answers
 * (`answers.<widgetId>`), hidden fields, calculations, the quiz score, and the outputs of earlier steps
 * (`nodes.<nodeId>.<field>`).
 *
 * ## The spec's filter shape
 *
 * Spec 001 §3 describes a filter as "a field-to-value map; a value is either plain (equals) or a one-key object whose
 * key is an operator: not, in, notIn, lt, lte, gt, gte, contains". Such a map is accepted on input and turned into a
 * Condition by {@link normalizeWorkflowCondition} (the schema {@link WorkflowCondition} does it before parsing): every
 * entry becomes one comparison of an `and` group —
 *
 * | map entry                          | Condition                                          |
 * | ---------------------------------- | -------------------------------------------------- |
 * | `"w1": "pro"` (plain)              | `{"equals": [{"var": "answers.w1"}, "pro"]}`       |
 * | `"w1": ["a", "b"]` (a plain list)  | `{"in": [{"var": "answers.w1"}, ["a", "b"]]}`      |
 * | `"w1": {"not": "pro"}`             | `{"notEquals": [{"var": "answers.w1"}, "pro"]}`    |
 * | `"w1": {"not": ["a", "b"]}`        | `{"notIn": [{"var": "answers.w1"}, ["a", "b"]]}`   |
 * | `"w1": {"<op>": v}` (in, notIn, lt, lte, gt, gte, contains) | `{"<op>": [{"var": "answers.w1"}, v]}` |
 *
 * A field is a question id (`w1` → `answers.w1`) or a logic path (`urlParams.utm`, `nodes.n3.statusCode`). A map whose
 * values do not fit is left as it is (the schema then refuses it). A stored workflow condition is always the
 * Condition form.
 *
 * ## Operators offered
 *
 * The editors offer spec 001 §5's "Filter conditions": equals, does not equal, equals (case non-sensitive),
 * contains, less than, greater than, is empty, is not empty (no value for the last two) — those of them that fit what
 * is compared (`OPERATORS_BY_KIND`): "The number-type filter key allows only equals, does not equal, less than,
 * greater than, is empty, is not empty" ({@link workflowOperatorsFor}). The other operators of the shape (in, not in,
 * the or-equal orderings) still evaluate: the spec's map and the API may store them.
 *
 * ## Empty and complete
 *
 * A condition is empty when it has no comparison at all (missing, `{and: []}`, a malformed value): a filter or a
 * branch with an empty condition is incomplete (spec 001 §4) and, should one run anyway, never holds (an empty `and`
 * would otherwise hold: `rules/conditions.ts`). Pure; never throws.
 */
import { z } from 'zod';
import type { FieldError } from '../errors';
import * as copy from '../copy';
import { isEmptyAnswer } from '../answers/define';
import { isLogicRef, type LogicContext, type LogicValue } from '../logic';
import { Condition as ConditionSchema } from '../logic-schemas';
import {
  CONDITION_OPERATORS,
  conditionLeaves,
  conditionShapeProblems,
  evaluateCondition,
  OPERATORS_BY_KIND,
  type AnswerKind,
  type Condition,
  type ConditionOperator,
} from '../rules/conditions';
import { joinPath } from '../rules/field-errors';
import { MAX_CONDITION_DEPTH } from '../limits';
import { isRecord } from './define';

/** spec 001 §5 "Filter conditions": the operators the filter and branch editors offer, in the spec's order. */
export const WORKFLOW_CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'equalsIgnoreCase',
  'contains',
  'lt',
  'gt',
  'isEmpty',
  'isNotEmpty',
] as const satisfies readonly ConditionOperator[];

const OFFERED: ReadonlySet<string> = new Set(WORKFLOW_CONDITION_OPERATORS);

/**
 * The operators a workflow condition's editor offers for values of `kind` (see the module doc): spec 001 §5's
 * filter operators that fit the kind, in `OPERATORS_BY_KIND`'s order — a number gets exactly "equals, does not
 * equal, less than, greater than, is empty, is not empty".
 */
export function workflowOperatorsFor(kind: AnswerKind): readonly ConditionOperator[] {
  return OPERATORS_BY_KIND[kind].filter((operator) => OFFERED.has(operator));
}

/** The spec's filter-map operators (spec 001 §3) and the Condition operator each stands for. */
export const FIELD_MAP_OPERATORS = {
  not: 'notEquals',
  in: 'in',
  notIn: 'notIn',
  lt: 'lt',
  lte: 'lte',
  gt: 'gt',
  gte: 'gte',
  contains: 'contains',
} as const satisfies Record<string, ConditionOperator>;

/** The first segments of logic paths (`logic.ts`): a map field starting with one is a path, else a question id. */
const PATH_ROOTS = ['answers', 'submission', 'flow', 'urlParams', 'calculations', 'quiz', 'nodes'];

const CONDITION_KEYS: ReadonlySet<string> = new Set(['and', 'or', ...CONDITION_OPERATORS]);

function isLiteral(value: unknown): value is Exclude<LogicValue, object> {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isValue(value: unknown): value is LogicValue {
  return isLiteral(value) || isLogicRef(value);
}

/** The reference a map field stands for: a logic path as it is, a question id as `answers.<id>`. */
function fieldRef(field: string): LogicValue {
  const root = field.split('.')[0] ?? '';
  return { var: PATH_ROOTS.includes(root) && field.includes('.') ? field : `answers.${field}` };
}

/** One map entry as a comparison; `null` when its value does not fit the spec's shape. */
function entryCondition(field: string, value: unknown): Condition | null {
  const left = fieldRef(field);
  if (isValue(value)) return { equals: [left, value] };
  if (Array.isArray(value)) return value.every(isValue) ? { in: [left, value] } : null;
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined || !Object.prototype.hasOwnProperty.call(FIELD_MAP_OPERATORS, key)) return null;
  const right = value[key];
  const list = Array.isArray(right) && right.every(isValue);
  if (!isValue(right) && !list) return null;
  const operator = key === 'not' && list ? 'notIn' : FIELD_MAP_OPERATORS[key as keyof typeof FIELD_MAP_OPERATORS];
  return { [operator]: [left, right] } as Condition;
}

/**
 * A workflow condition in the Condition form (see the module doc): a spec field-to-value map becomes an `and` group
 * of one comparison per entry (`{}` → `{and: []}`); anything else — a Condition, or a value that fits neither shape —
 * is returned as it is. Never throws.
 */
export function normalizeWorkflowCondition(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && CONDITION_KEYS.has(keys[0] ?? '')) return value;
  const items: Condition[] = [];
  for (const key of keys) {
    const item = entryCondition(key, value[key]);
    if (!item) return value;
    items.push(item);
  }
  return { and: items };
}

/**
 * The schema of a workflow condition: the spec's map normalized ({@link normalizeWorkflowCondition}), then parsed as
 * a `Condition` (`logic-schemas.ts`). Empty conditions parse (`{and: []}`): emptiness is a setup rule, not a shape.
 */
export const WorkflowCondition = z.preprocess(normalizeWorkflowCondition, ConditionSchema);

/** The condition a new filter or branch starts with: empty (`{and: []}`), a fresh object per call. */
export function emptyWorkflowCondition(): Condition {
  return { and: [] };
}

/** True when `value` (a stored or spec-shaped condition) has no comparison at all (see the module doc). */
export function isEmptyWorkflowCondition(value: unknown): boolean {
  return conditionLeaves(normalizeWorkflowCondition(value)).length === 0;
}

/**
 * True when the workflow condition `value` holds in `context` (`evaluateCondition`, after
 * {@link normalizeWorkflowCondition}); an empty condition never holds. Never throws.
 */
export function workflowConditionHolds(value: unknown, context: LogicContext): boolean {
  const condition = normalizeWorkflowCondition(value);
  return conditionLeaves(condition).length > 0 && evaluateCondition(condition, context);
}

/**
 * The setup rules of one workflow condition stored at `path` (`condition`, `branches.1.condition`), relative to the
 * node's template, in this order:
 * - an empty condition (no comparison): `emptyMessage` at `path` (and nothing else);
 * - an `and`/`or` group without comparisons inside it: `copy.conditions.emptyGroup`; nesting deeper than
 *   `MAX_CONDITION_DEPTH`: `copy.conditions.tooDeep` — at the group;
 * - per comparison (paths `<path>.<group path>.<operator>.0|1`): a first value that is no reference to run data
 *   (`copy.workflowSteps.needsSubject`); a missing or blank value to compare with (`copy.conditions.needsValue`;
 *   none is needed by is empty / is not empty).
 * What a reference names is checked when the run reads it (an unknown one reads as empty): the rules see the template
 * only. `[]` when the condition is complete. Never throws.
 */
export function workflowConditionErrors(value: unknown, path: string, emptyMessage: string): FieldError[] {
  const condition = normalizeWorkflowCondition(value);
  const leaves = conditionLeaves(condition);
  if (leaves.length === 0) return [{ path, message: emptyMessage }];
  const errors: FieldError[] = [];
  for (const problem of conditionShapeProblems(condition)) {
    const message = problem.kind === 'emptyGroup' ? copy.conditions.emptyGroup : copy.conditions.tooDeep(MAX_CONDITION_DEPTH);
    errors.push({ path: joinPath([path, ...problem.path]), message });
  }
  for (const leaf of leaves) {
    const at = joinPath([path, ...leaf.path, leaf.operator]);
    if (!isLogicRef(leaf.left)) errors.push({ path: `${at}.0`, message: copy.workflowSteps.needsSubject });
    if (leaf.right === undefined) continue;
    const rights = Array.isArray(leaf.right) ? leaf.right : [leaf.right];
    if (!rights.some((item) => isLogicRef(item) || !isEmptyAnswer(item))) errors.push({ path: `${at}.1`, message: copy.conditions.needsValue });
  }
  return errors;
}

/**
 * How many comparisons a workflow condition has and how its top group joins them (`and` for a lone comparison), for
 * the filter's status line. `{count: 0, mode: 'and'}` when it is empty.
 */
export function workflowConditionSummary(value: unknown): { count: number; mode: 'and' | 'or' } {
  const condition = normalizeWorkflowCondition(value);
  const count = conditionLeaves(condition).length;
  return { count, mode: isRecord(condition) && Object.prototype.hasOwnProperty.call(condition, 'or') ? 'or' : 'and' };
}
