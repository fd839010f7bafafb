/**
 * Conditions: the one piece of boolean logic of Formloom. A form's page navigation rules and a question's
 * `visibleIf` (`rules/page-path.ts`), the Results' answer filter, and the workflow filter and branch nodes (spec 001
 * §3: "filter: condition (boolean logic)", "branch: branches[{id, nextNodeId, condition}]";
 * `workflows/conditions.ts`) store a {@link Condition} and evaluate it here, in the browser and in the services
 * alike.
 *
 * ZOD-FREE AT RUNTIME (the public form runs it; docs/architecture.md "The public form's bundle"); the zod schema
 * of the shape is `Condition` in `logic-schemas.ts`. Pure.
 *
 * ## Shape (JsonLogic-like: one key, the operator)
 *
 * - a group: `{"and": [Condition, …]}` (every one holds; `[]` holds) or `{"or": [Condition, …]}` (one holds;
 *   `[]` does not);
 * - a comparison: `{"<operator>": [left, right]}` for `equals`, `notEquals`, `equalsIgnoreCase`, `contains`,
 *   `notContains`, `lt`, `lte`, `gt`, `gte`; `left` is a logic value (`logic.ts`: a literal or
 *   `{"var": "answers.<widgetId>"}`, normally the question's answer), `right` a logic value or a list of them
 *   (options to compare a Checkboxes answer with);
 * - a list test: `{"in": [left, list]}`, `{"notIn": [left, list]}`; `list` is an array of logic values or one logic
 *   value that gives an array (a Checkboxes answer);
 * - an emptiness test: `{"isEmpty": [left]}`, `{"isNotEmpty": [left]}` (no value: spec 001 §5).
 *
 * There is no `not` group: every operator has its opposite, the spec's editors offer no negated group, and in the
 * spec's filter shape `not` means "does not equal". Example — "plan is Pro, or more than 10 seats and a start
 * before March 2026":
 *
 * ```json
 * { "or": [ { "equals": [ { "var": "answers.plan" }, "pro" ] },
 *           { "and": [ { "gt": [ { "var": "answers.seats" }, 10 ] },
 *                      { "lt": [ { "var": "answers.start" }, "2026-03-01" ] } ] } ] }
 * ```
 *
 * ## Semantics, per answer shape (both sides resolved through `resolveLogicValue`)
 *
 * - Empty is `undefined`, `null`, a blank string or `[]` (`isEmptyAnswer`). `isEmpty` holds for it; `equals`
 *   holds between two empties only; `contains`, `in`, `lt`…`gte` never hold with an empty side; `notEquals`,
 *   `notContains`, `notIn` hold for an unanswered question (it is not "Pro").
 * - Text compares trimmed (a respondent's trailing space does not matter); `equals` is case-sensitive,
 *   `equalsIgnoreCase` is not; `contains` on text is a case-insensitive substring test.
 * - Numbers: when either side is a number, both compare as numbers (numeric strings are parsed: a NumberInput
 *   typed `'7'` equals `7`); `lt`…`gte` compare two numbers (or numeric strings), else two dates or times below.
 * - Dates (`YYYY-MM-DD`, DatePicker) compare as calendar days: `lt` is "before". Times (`HH:MM`, TimePicker) and
 *   dates with times (`YYYY-MM-DDTHH:MM`, DateTimePicker; wall-clock, no time zone) compare in time order. Only
 *   two of one shape compare: a date and a time, or a date and a date with a time, never do.
 * - Booleans (Checkbox): `true`/`false`, or the strings `'true'`/`'false'`.
 * - Option ids (MultipleChoice, Dropdown, an ImageChoice of one card) are text compared exactly. A list
 *   (Checkboxes, MultiSelect, an ImageChoice with `multiple`): `contains` = the list includes the value (every
 *   value, when the value is itself a list); `equals` = the same options in any order; `in` = at least one chosen
 *   option is in the list, `notIn` = none is.
 * - Star ratings, opinion scales, sliders and currency amounts are numbers.
 * - A Ranking (every option id, in order) is a list like Checkboxes; a Matrix (`{rowId: columnId}`) and an Address
 *   (`{street, city, …}`) are objects: only `isEmpty`/`isNotEmpty` mean something for them (see
 *   {@link OPERATORS_BY_KIND}). A Statement takes no answer: no condition may use it.
 *
 * A `contains`/`in`/`notContains`/`notIn` whose value is empty is incomplete and never holds. Anything malformed
 * (an unknown operator, a wrong number of arguments, two keys, a group nested deeper than `MAX_CONDITION_DEPTH`)
 * evaluates to `false` (inside an `or`, only that part); {@link evaluateCondition} never throws.
 */
import { isValidDate } from '../answers/date-picker';
import { isValidDateTime } from '../answers/date-time-picker';
import { isEmptyAnswer } from '../answers/define';
import { toFiniteNumber } from '../answers/shared/number';
import { isValidTime } from '../answers/time-picker';
import { MAX_CONDITION_DEPTH } from '../limits';
import { isLogicRef, resolveLogicValue, type LogicContext, type LogicValue } from '../logic';
import type { Widget } from '../entities/flow-template';
import type { WidgetType } from '../widgets/registry';

/** The comparison operators: `{op: [left, right]}`. */
export const COMPARISON_OPERATORS = [
  'equals',
  'notEquals',
  'equalsIgnoreCase',
  'contains',
  'notContains',
  'lt',
  'lte',
  'gt',
  'gte',
] as const;
/** The list operators: `{op: [left, list]}`. */
export const LIST_OPERATORS = ['in', 'notIn'] as const;
/** The emptiness operators: `{op: [left]}`. */
export const EMPTINESS_OPERATORS = ['isEmpty', 'isNotEmpty'] as const;
/** Every operator of a comparison, in the order an editor lists them. */
export const CONDITION_OPERATORS = [...COMPARISON_OPERATORS, ...LIST_OPERATORS, ...EMPTINESS_OPERATORS] as const;

/** A comparison operator. */
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
/** A list operator. */
export type ListOperator = (typeof LIST_OPERATORS)[number];
/** An emptiness operator. */
export type EmptinessOperator = (typeof EMPTINESS_OPERATORS)[number];
/** Any operator of a comparison (a leaf of a condition). */
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** `{equals: [left, right]}` and the other comparison operators: `right` is a logic value or a list of them. */
export type ComparisonCondition = {
  [K in ComparisonOperator]: { [P in K]: [LogicValue, LogicValue | LogicValue[]] };
}[ComparisonOperator];
/** `{in: [left, list]}`, `{notIn: [left, list]}`: `list` is an array of logic values or one value giving an array. */
export type ListCondition = { [K in ListOperator]: { [P in K]: [LogicValue, LogicValue | LogicValue[]] } }[ListOperator];
/** `{isEmpty: [left]}`, `{isNotEmpty: [left]}`. */
export type EmptinessCondition = { [K in EmptinessOperator]: { [P in K]: [LogicValue] } }[EmptinessOperator];
/** A comparison: one operator applied to logic values. */
export type LeafCondition = ComparisonCondition | ListCondition | EmptinessCondition;
/** A condition (module doc): a group `{and: […]}` / `{or: […]}` or a comparison. Schema: `logic-schemas.ts`. */
export type Condition = { and: Condition[] } | { or: Condition[] } | LeafCondition;

const OPERATOR_SET: ReadonlySet<string> = new Set(CONDITION_OPERATORS);
const COMPARISON_SET: ReadonlySet<string> = new Set(COMPARISON_OPERATORS);
const LIST_SET: ReadonlySet<string> = new Set(LIST_OPERATORS);

/**
 * True when `condition` holds in `context` (semantics in the module doc). Accepts any value: a malformed
 * condition, or a context that is not a `LogicContext`, gives `false`. Never throws.
 */
export function evaluateCondition(condition: unknown, context: LogicContext): boolean {
  try {
    return evaluate(condition, context, 1);
  } catch {
    // A hostile value (a throwing getter, a proxy) is malformed too.
    return false;
  }
}

function evaluate(node: unknown, context: LogicContext, depth: number): boolean {
  if (depth > MAX_CONDITION_DEPTH) return false;
  const entry = soleEntry(node);
  if (!entry) return false;
  const [key, args] = entry;
  if (key === 'and' || key === 'or') {
    if (!Array.isArray(args)) return false;
    const holds = (child: unknown) => evaluate(child, context, depth + 1);
    return key === 'and' ? args.every(holds) : args.some(holds);
  }
  const leaf = readLeaf(key, args);
  return leaf ? evaluateLeaf(leaf, context) : false;
}

/** The one own `[key, value]` of a plain object with exactly one key; `null` otherwise. */
function soleEntry(node: unknown): [string, unknown] | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  if (keys.length !== 1) return null;
  const key = keys[0] as string;
  return [key, (node as Record<string, unknown>)[key]];
}

/** A comparison as read from its JSON: the operator, the left value and the right value (or list), if any. */
export interface ConditionLeaf {
  operator: ConditionOperator;
  left: LogicValue;
  /** The value or list compared with (comparison and list operators); absent for emptiness tests. */
  right?: LogicValue | LogicValue[];
}

function isLogicValue(value: unknown): value is LogicValue {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean' || isLogicRef(value);
}

function readLeaf(operator: string, args: unknown): ConditionLeaf | null {
  if (!OPERATOR_SET.has(operator) || !Array.isArray(args)) return null;
  const op = operator as ConditionOperator;
  const [left, right] = args as unknown[];
  if (!isLogicValue(left)) return null;
  if (!COMPARISON_SET.has(op) && !LIST_SET.has(op)) return args.length === 1 ? { operator: op, left } : null;
  const rightOk = isLogicValue(right) || (Array.isArray(right) && right.every(isLogicValue));
  return args.length === 2 && rightOk ? { operator: op, left, right: right as LogicValue | LogicValue[] } : null;
}

function evaluateLeaf({ operator, left, right }: ConditionLeaf, context: LogicContext): boolean {
  const a = resolveLogicValue(left, context);
  if (operator === 'isEmpty') return isEmptyAnswer(a);
  if (operator === 'isNotEmpty') return !isEmptyAnswer(a);
  if (operator === 'in' || operator === 'notIn') {
    const list = resolveList(right, context);
    if (list.length === 0) return false;
    return operator === 'in' ? isIn(a, list) : !isIn(a, list);
  }
  const b = right === undefined ? undefined : resolveRight(right, context);
  switch (operator) {
    case 'equals':
      return sameAnswer(a, b, false);
    case 'notEquals':
      return !sameAnswer(a, b, false);
    case 'equalsIgnoreCase':
      return sameAnswer(a, b, true);
    case 'contains':
      return !isEmptyAnswer(b) && contains(a, b);
    case 'notContains':
      return !isEmptyAnswer(b) && !contains(a, b);
    default:
      return ordered(operator, compare(a, b));
  }
}

function ordered(operator: 'lt' | 'lte' | 'gt' | 'gte', order: number | null): boolean {
  if (order === null) return false;
  if (operator === 'lt') return order < 0;
  if (operator === 'lte') return order <= 0;
  if (operator === 'gt') return order > 0;
  return order >= 0;
}

/** A comparison's value: a logic value resolved, or a list of them resolved item by item. */
function resolveRight(right: LogicValue | LogicValue[], context: LogicContext): unknown {
  return Array.isArray(right) ? right.map((item) => resolveLogicValue(item, context)) : resolveLogicValue(right, context);
}

/** The list of a list operator, resolved and without empty items. */
function resolveList(right: LogicValue | LogicValue[] | undefined, context: LogicContext): unknown[] {
  if (right === undefined) return [];
  const resolved = resolveRight(right, context);
  const items = Array.isArray(resolved) ? resolved : [resolved];
  return items.filter((item) => !isEmptyAnswer(item));
}

/** An answer's values: a list's items, or the one value. */
function valuesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** `equals`: two empties, the same options (any order) or the same scalar. */
function sameAnswer(a: unknown, b: unknown, foldCase: boolean): boolean {
  const emptyA = isEmptyAnswer(a);
  const emptyB = isEmptyAnswer(b);
  if (emptyA || emptyB) return emptyA && emptyB;
  if (!Array.isArray(a) && !Array.isArray(b)) return sameScalar(a, b, foldCase);
  const as = valuesOf(a);
  const bs = valuesOf(b);
  const within = (items: unknown[]) => (item: unknown) => items.some((other) => sameScalar(item, other, foldCase));
  return as.every(within(bs)) && bs.every(within(as));
}

/** Two single values: as numbers when either is a number, as booleans when either is one, else as trimmed text. */
function sameScalar(a: unknown, b: unknown, foldCase: boolean): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = toFiniteNumber(a);
    return x !== null && x === toFiniteNumber(b);
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = toBoolean(a);
    return x !== null && x === toBoolean(b);
  }
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return foldCase ? fold(a) === fold(b) : a.trim() === b.trim();
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = fold(value);
  return text === 'true' ? true : text === 'false' ? false : null;
}

function fold(text: string): string {
  return text.trim().toLowerCase();
}

/** `contains`: a list includes the value(s); text (or a number's digits) includes the text, ignoring case. */
function contains(a: unknown, b: unknown): boolean {
  if (isEmptyAnswer(a)) return false;
  if (Array.isArray(a)) return valuesOf(b).every((needle) => a.some((item) => sameScalar(item, needle, false)));
  const hay = typeof a === 'string' || typeof a === 'number' ? String(a) : null;
  const needle = typeof b === 'string' || typeof b === 'number' ? String(b) : null;
  return hay !== null && needle !== null && fold(hay).includes(fold(needle));
}

/** `in`: the value, or one of a list's values, is in `list` (exactly, as {@link sameScalar} compares). */
function isIn(a: unknown, list: unknown[]): boolean {
  if (isEmptyAnswer(a)) return false;
  return valuesOf(a).some((item) => list.some((other) => sameScalar(item, other, false)));
}

/**
 * The order of two numbers (or numeric strings), two calendar days, two times or two dates with times; `null`
 * when they do not compare.
 */
function compare(a: unknown, b: unknown): number | null {
  if (isEmptyAnswer(a) || isEmptyAnswer(b) || Array.isArray(a) || Array.isArray(b)) return null;
  const x = toFiniteNumber(a);
  const y = toFiniteNumber(b);
  if (x !== null && y !== null) return Math.sign(x - y);
  const first = moment(a);
  const second = moment(b);
  if (first === null || second === null || first.shape !== second.shape) return null;
  return first.text < second.text ? -1 : first.text > second.text ? 1 : 0;
}

/**
 * A calendar date `YYYY-MM-DD`, a time `HH:MM` or a date with a time `YYYY-MM-DDTHH:MM` (trimmed), with its
 * shape; `null` for anything else. Two of one shape order as strings in time order.
 */
function moment(value: unknown): { shape: 'date' | 'time' | 'dateTime'; text: string } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (isValidDate(text)) return { shape: 'date', text };
  if (isValidTime(text)) return { shape: 'time', text };
  return isValidDateTime(text) ? { shape: 'dateTime', text } : null;
}

/** A comparison found by {@link conditionLeaves}, with its place in the condition. */
export interface LocatedLeaf extends ConditionLeaf {
  /** The path from the condition's root to the leaf object: `['or', 1, 'and', 0]`; `[]` for a lone comparison. */
  path: Array<string | number>;
}

/** A problem of a condition's form: an empty group, or a group nested too deep. */
export interface ConditionShapeProblem {
  kind: 'emptyGroup' | 'tooDeep';
  path: Array<string | number>;
}

/**
 * Every well-formed comparison of `condition`, depth first in document order, with its path; malformed parts and
 * parts nested deeper than `MAX_CONDITION_DEPTH` are skipped. Never throws.
 */
export function conditionLeaves(condition: unknown): LocatedLeaf[] {
  const leaves: LocatedLeaf[] = [];
  walk(condition, [], 1, (leaf) => leaves.push(leaf), () => undefined);
  return leaves;
}

/** The empty `and`/`or` groups of `condition` and the first place it nests deeper than `MAX_CONDITION_DEPTH`. */
export function conditionShapeProblems(condition: unknown): ConditionShapeProblem[] {
  const problems: ConditionShapeProblem[] = [];
  walk(condition, [], 1, () => undefined, (problem) => problems.push(problem));
  return problems;
}

function walk(
  node: unknown,
  path: Array<string | number>,
  depth: number,
  onLeaf: (leaf: LocatedLeaf) => void,
  onProblem: (problem: ConditionShapeProblem) => void,
): void {
  if (depth > MAX_CONDITION_DEPTH) {
    onProblem({ kind: 'tooDeep', path });
    return;
  }
  const entry = soleEntry(node);
  if (!entry) return;
  const [key, args] = entry;
  if (key === 'and' || key === 'or') {
    if (!Array.isArray(args)) return;
    if (args.length === 0) onProblem({ kind: 'emptyGroup', path: [...path, key] });
    args.forEach((child, index) => walk(child, [...path, key, index], depth + 1, onLeaf, onProblem));
    return;
  }
  const leaf = readLeaf(key, args);
  if (leaf) onLeaf({ ...leaf, path });
}

/** The widget id a logic value refers to (`{var: 'answers.w2'}` → `'w2'`), or `null` for anything else. */
export function answerIdOf(value: unknown): string | null {
  if (!isLogicRef(value) || !value.var.startsWith('answers.')) return null;
  const id = value.var.slice('answers.'.length);
  return id === '' ? null : id;
}

/**
 * What a question's answers are, for conditions: `text` (ShortAnswer, LongAnswer, EmailInput, PhoneNumber,
 * URLInput), `number` (NumberInput, CurrencyInput, StarRating, OpinionScale, Slider), `date` (DatePicker),
 * `time` (TimePicker), `dateTime` (DateTimePicker), `choice` (one option id: MultipleChoice, Dropdown, an
 * ImageChoice of one card), `choices` (a list of option ids: Checkboxes, MultiSelect, an ImageChoice with
 * `multiple`), `boolean` (Checkbox), `structured` (Ranking, Matrix, Address: answered or not), `none` (Statement:
 * takes no answer, so no condition may use it).
 */
export type AnswerKind = 'text' | 'number' | 'date' | 'time' | 'dateTime' | 'choice' | 'choices' | 'boolean' | 'structured' | 'none';

/** The answer kind of a type whose answers depend on its settings (an ImageChoice's `multiple`), from its template. */
export type AnswerKindOfTemplate<T extends WidgetType> = (template: Extract<Widget, { type: T }>['template']) => AnswerKind;

/**
 * The answer kind of every widget type (typed by `WidgetType`: a new type without a kind does not compile): the
 * kind, or for a type whose answers depend on its settings the function of its template that gives it. Read it
 * through {@link answerKindOf}.
 */
export const ANSWER_KINDS: { readonly [T in WidgetType]: AnswerKind | AnswerKindOfTemplate<T> } = {
  ShortAnswer: 'text',
  LongAnswer: 'text',
  EmailInput: 'text',
  PhoneNumber: 'text',
  URLInput: 'text',
  NumberInput: 'number',
  CurrencyInput: 'number',
  StarRating: 'number',
  OpinionScale: 'number',
  Slider: 'number',
  DatePicker: 'date',
  TimePicker: 'time',
  DateTimePicker: 'dateTime',
  MultipleChoice: 'choice',
  Dropdown: 'choice',
  Checkboxes: 'choices',
  Checkbox: 'boolean',
  Ranking: 'structured',
  Matrix: 'structured',
  MultiSelect: 'choices',
  ImageChoice: (template) => (template.multiple === true ? 'choices' : 'choice'),
  Address: 'structured',
  Statement: 'none',
  FileUpload: 'structured',
  Signature: 'structured',
};

/**
 * The answer kind of `question` ({@link ANSWER_KINDS}; an ImageChoice's from its `multiple`). Given only a type, a
 * settings-dependent type's kind with its settings unset (an ImageChoice: `choice`).
 */
export function answerKindOf(question: WidgetType | Pick<Widget, 'type' | 'template'>): AnswerKind {
  const type = typeof question === 'string' ? question : question.type;
  const kind = ANSWER_KINDS[type] as AnswerKind | ((template: unknown) => AnswerKind);
  if (typeof kind !== 'function') return kind;
  return kind(typeof question === 'string' ? { label: '', required: false } : question.template);
}

/**
 * The operators that fit each answer kind, in the editor's order. Text takes every operator but the orderings;
 * numbers no text operators (spec 001 §5: "The number-type filter key allows only equals, does not equal, less
 * than, greater than, is empty, is not empty", plus the or-equal orderings and lists of the AI filter); dates
 * compare as days, times as times; a single choice takes equality and lists; a list of choices also `contains`;
 * a Checkbox only equality and emptiness; a Ranking, a Matrix or an Address only emptiness; a Statement none.
 */
export const OPERATORS_BY_KIND: { readonly [K in AnswerKind]: readonly ConditionOperator[] } = {
  text: ['equals', 'notEquals', 'equalsIgnoreCase', 'contains', 'notContains', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'isEmpty', 'isNotEmpty'],
  time: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'isEmpty', 'isNotEmpty'],
  dateTime: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'isEmpty', 'isNotEmpty'],
  choice: ['equals', 'notEquals', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  choices: ['contains', 'notContains', 'equals', 'notEquals', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'notEquals', 'isEmpty', 'isNotEmpty'],
  structured: ['isEmpty', 'isNotEmpty'],
  none: [],
};

/**
 * The operators a condition on `question` (a question, or a question type: see {@link answerKindOf}) may use (see
 * {@link OPERATORS_BY_KIND}); `[]` for a question that takes no answer.
 */
export function operatorsFor(question: WidgetType | Pick<Widget, 'type' | 'template'>): readonly ConditionOperator[] {
  return OPERATORS_BY_KIND[answerKindOf(question)];
}
