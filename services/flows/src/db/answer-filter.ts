/**
 * The Results' answer filter as SQL (`contracts/src/rules/results-filter.ts`): a condition of the one evaluator
 * (`contracts/src/rules/conditions.ts`) turned into a `WHERE` clause over `submissions.answers`, so that a page, a
 * count and an export filter in the database — never by reading every response into the service.
 *
 * It means what `evaluateCondition(filter, {answers})` means on the stored answers, which are normalized by each
 * question type's `checkAnswer` (text trimmed, numbers as JSON numbers, dates `YYYY-MM-DD`, a choice its option id,
 * a list of choices an array of ids, a checkbox `true`/`false`); `test/answer-filter.test.ts` proves it on random
 * answers and filters against PGlite. The filter must have passed `resultsFilterProblems` (literal values of the
 * subject's kind, operators that fit it); `subjects` gives, by the path a filter refers to it with
 * (`answers.<id>`, `urlParams.<name>`), where each subject's value is stored and its answer kind. Two limits, both documented:
 * case-insensitive comparisons fold case with the database's `lower()` (the same as JavaScript's for ASCII; other
 * letters follow the database's locale), and text is trimmed of JavaScript's white space (`String.prototype.trim`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { isEmptyAnswer } from '@formloom/contracts/answers/define';
import { isLogicRef, type LogicValue } from '@formloom/contracts/logic';
import { type AnswerKind, type Condition, type ConditionLeaf, conditionLeaves } from '@formloom/contracts/rules/conditions';
import { submissions } from './schema';

/** What `String.prototype.trim` removes: ECMAScript's WhiteSpace and LineTerminator code points. */
export const JS_WHITESPACE = '\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

const TRUE = sql`TRUE`;
const FALSE = sql`FALSE`;

/** The SQL of one subject's answer: the jsonb value, its text (strings only) trimmed, and its emptiness. */
interface AnswerSql {
  value: SQL;
  text: SQL;
  empty: SQL;
}

function answerOf(id: string): AnswerSql {
  const value = sql`(${submissions.answers} -> ${id})`;
  const text = sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN btrim(${value} #>> '{}', ${JS_WHITESPACE}) END)`;
  // `isEmptyAnswer`: missing, null, a blank string or [].
  const empty = sql`(${value} IS NULL OR jsonb_typeof(${value}) = 'null' OR COALESCE(${text} = '', FALSE) OR ${value} = '[]'::jsonb)`;
  return { value, text, empty };
}

/** `condition`, NULL read as false: every comparison below may be NULL for a missing answer or another JSON type. */
function sure(condition: SQL): SQL {
  return sql`COALESCE(${condition}, FALSE)`;
}

/** The literals of a comparison's right side: the value, or each value of a list, without empty ones (as `resolveList`). */
function literals(right: LogicValue | LogicValue[] | undefined): Array<string | number | boolean> {
  const values = right === undefined ? [] : Array.isArray(right) ? right : [right];
  return values.filter((value): value is string | number | boolean => !isEmptyAnswer(value) && typeof value !== 'object');
}

/** A literal as the stored answers hold it: text trimmed (as `sameScalar` compares), numbers and booleans as they are. */
function stored(value: string | number | boolean): string | number | boolean {
  return typeof value === 'string' ? value.trim() : value;
}

/** `value` as a SQL `text[]` of its strings (trimmed). */
function textArray(values: ReadonlyArray<string | number | boolean>): SQL {
  const strings = values.filter((value): value is string => typeof value === 'string').map((value) => sql`${value.trim()}`);
  return strings.length === 0 ? sql`ARRAY[]::text[]` : sql`ARRAY[${sql.join(strings, sql`, `)}]::text[]`;
}

/**
 * `equals` between the answer and `right` (`sameAnswer`): two empties; a scalar the same after trimming (text,
 * dates, option ids), by value (numbers) or the same boolean; the same options in any order (lists).
 */
function equalsSql(kind: AnswerKind, answer: AnswerSql, right: LogicValue | LogicValue[] | undefined, foldCase: boolean): SQL {
  if (isEmptyAnswer(right)) return answer.empty;
  const values = literals(right);
  if (kind === 'choices') {
    // The same set: each side contains the other (an answer that is not a non-empty array equals no list).
    const list = JSON.stringify(values.map(stored));
    return sql`(jsonb_typeof(${answer.value}) = 'array' AND ${answer.value} <> '[]'::jsonb AND ${answer.value} @> ${list}::jsonb AND ${list}::jsonb @> ${answer.value})`;
  }
  const [value] = values;
  return value === undefined || Array.isArray(right) ? FALSE : scalarEquals(kind, answer, value, foldCase);
}

/** A scalar answer equal to one literal (`sameScalar`); NULL when the answer is missing or of another JSON type. */
function scalarEquals(kind: AnswerKind, answer: AnswerSql, value: string | number | boolean, foldCase: boolean): SQL {
  if (kind === 'number' && typeof value === 'number') {
    return sql`(CASE WHEN jsonb_typeof(${answer.value}) = 'number' THEN (${answer.value})::numeric = ${String(value)}::numeric END)`;
  }
  if (kind === 'boolean' && typeof value === 'boolean') return sql`(${answer.value} = ${JSON.stringify(value)}::jsonb)`;
  if (typeof value !== 'string') return FALSE;
  return foldCase ? sql`(lower(${answer.text}) = lower(${value.trim()}))` : sql`(${answer.text} = ${value.trim()})`;
}

/** `contains` (the evaluator's `contains`): a list holds every value; text holds the text, ignoring case. */
function containsSql(kind: AnswerKind, answer: AnswerSql, right: LogicValue | LogicValue[] | undefined): SQL {
  const values = literals(right);
  if (values.length === 0) return FALSE;
  if (kind === 'choices') return sql`(jsonb_typeof(${answer.value}) = 'array' AND ${answer.value} @> ${JSON.stringify(values.map(stored))}::jsonb)`;
  const [needle] = values;
  if (typeof needle !== 'string' || Array.isArray(right)) return FALSE;
  return sql`(${answer.text} <> '' AND strpos(lower(${answer.text}), lower(${needle.trim()})) > 0)`;
}

/** `in`: the answer, or one of its options, is one of the values (exactly, as `sameScalar` compares). */
function inSql(kind: AnswerKind, answer: AnswerSql, right: LogicValue | LogicValue[] | undefined): SQL {
  const values = literals(right);
  if (values.length === 0) return FALSE;
  if (kind === 'choices') return sql`(jsonb_typeof(${answer.value}) = 'array' AND ${answer.value} ?| ${textArray(values)})`;
  const each = values.map((value) => sure(scalarEquals(kind, answer, value, false)));
  return sql`(NOT ${answer.empty} AND (${sql.join(each, sql` OR `)}))`;
}

/** The shape of a stored moment per kind (the answer rules' normalized forms). */
const MOMENT_SHAPES: Partial<Record<AnswerKind, string>> = {
  date: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  time: '^[0-9]{2}:[0-9]{2}$',
  dateTime: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$',
};

/** `lt`, `lte`, `gt`, `gte`: numbers by value; dates, times and dates with times of one shape in time order. */
function orderedSql(operator: 'lt' | 'lte' | 'gt' | 'gte', kind: AnswerKind, answer: AnswerSql, right: LogicValue | LogicValue[] | undefined): SQL {
  const symbol = sql.raw({ lt: '<', lte: '<=', gt: '>', gte: '>=' }[operator]);
  const [value] = literals(right);
  if (value === undefined || Array.isArray(right)) return FALSE;
  if (kind === 'number' && typeof value === 'number') {
    return sql`(CASE WHEN jsonb_typeof(${answer.value}) = 'number' THEN (${answer.value})::numeric ${symbol} ${String(value)}::numeric END)`;
  }
  const shape = MOMENT_SHAPES[kind];
  if (!shape || typeof value !== 'string') return FALSE;
  // Same-shape moments order as strings; "C" collation compares them byte by byte whatever the database's locale.
  return sql`(${answer.text} ~ ${shape} AND ${answer.text} COLLATE "C" ${symbol} ${value.trim()} COLLATE "C")`;
}

/** Where a filter's subject is stored and what its answers are: the key of its value in `answers`, its kind. */
export interface StoredSubject {
  key: string;
  kind: AnswerKind;
}

/** One comparison as SQL, never NULL. */
function leafSql(leaf: ConditionLeaf, subjects: ReadonlyMap<string, StoredSubject>): SQL {
  const subject = isLogicRef(leaf.left) ? subjects.get(leaf.left.var) : undefined;
  if (!subject) return FALSE;
  const { kind } = subject;
  const answer = answerOf(subject.key);
  const hasValue = literals(leaf.right).length > 0;
  switch (leaf.operator) {
    case 'isEmpty':
      return answer.empty;
    case 'isNotEmpty':
      return sql`NOT ${answer.empty}`;
    case 'equals':
      return sure(equalsSql(kind, answer, leaf.right, false));
    case 'equalsIgnoreCase':
      return sure(equalsSql(kind, answer, leaf.right, true));
    case 'notEquals':
      return sql`NOT ${sure(equalsSql(kind, answer, leaf.right, false))}`;
    case 'contains':
      return sure(containsSql(kind, answer, leaf.right));
    case 'notContains':
      return hasValue ? sql`NOT ${sure(containsSql(kind, answer, leaf.right))}` : FALSE;
    case 'in':
      return sure(inSql(kind, answer, leaf.right));
    case 'notIn':
      return hasValue ? sql`NOT ${sure(inSql(kind, answer, leaf.right))}` : FALSE;
    default:
      return sure(orderedSql(leaf.operator, kind, answer, leaf.right));
  }
}

/**
 * The `WHERE` clause of `filter` (a condition that passed `resultsFilterProblems`) over `submissions.answers`: groups
 * become `AND`/`OR` (an empty `and` holds, an empty `or` does not), comparisons {@link leafSql}. Never NULL.
 */
export function answerFilterSql(filter: Condition, subjects: ReadonlyMap<string, StoredSubject>): SQL {
  if ('and' in filter || 'or' in filter) {
    const isAnd = 'and' in filter;
    const children = (isAnd ? filter.and : filter.or) as Condition[];
    if (children.length === 0) return isAnd ? TRUE : FALSE;
    return sql`(${sql.join(children.map((child) => answerFilterSql(child, subjects)), isAnd ? sql` AND ` : sql` OR `)})`;
  }
  const [leaf] = conditionLeaves(filter);
  return leaf ? leafSql(leaf, subjects) : FALSE;
}
