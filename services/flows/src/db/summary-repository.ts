/**
 * The SQL of the Results' summary (`domain/summary.ts`): aggregates over the `answers` jsonb of the responses a
 * filter keeps (`filterOf`), computed by the database in one pass — never by reading the rows into the service —
 * and the latest answers of text questions, read backwards over the `(flow_id, submission_time, id)` index.
 *
 * One pass: each row's answers are taken apart ONCE into a record of the questions' answers
 * (`jsonb_to_record(answers) AS v("<id>" text, "<id>" jsonb, …)`, one column per question, {@link AnswerColumn}),
 * and the aggregates read those columns with cheap tests — text equality, `@>` on a list, `->>` on a Matrix; the
 * cost of a summary is that of its comparisons per row (docs/benchmarks.md §9). A column is `text` where the
 * summary compares the answer's text (an option id, a scale's number, a date) and `jsonb` where it needs the JSON
 * value (a list, a Matrix, a free number); both take any JSON value without an error, so an answer of an unexpected
 * type (given when the question had another type) counts as answered but in no bar and in no number. A question id
 * longer than an SQL name (63 bytes) is read with `answers -> id` instead.
 *
 * Stored answers are normalized (`rules/answers.ts` `validateAnswers`): an empty answer is never stored, and JSON
 * `null` reads as SQL NULL, so a `jsonb` answer is "answered" when it is there at all.
 *
 * An aggregate is an SQL expression ({@link Aggregate}) made by the builders below; {@link aggregateSubmissions}
 * computes any number of them with one statement. Plain functions over a database ({@link DbOrTx}); runs on PGlite
 * and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@formloom/kit/db';
import { submissions } from './schema';
import { filterOf, type SubmissionFilter } from './submissions-repository';

/** An aggregate expression over the filtered responses (`count(*) FILTER (…)`, `avg(…)`), of one value. */
export type Aggregate = SQL;

/**
 * How a question's answer is read: its id and the SQL type of its column — `text` (a string's characters, a
 * number's or a boolean's JSON text) or `jsonb` (the JSON value).
 */
export interface AnswerColumn {
  id: string;
  type: 'text' | 'jsonb';
}

/** The alias of the answers' record in the aggregates' statement. */
const RECORD = 'v';

/** The longest SQL name PostgreSQL keeps (NAMEDATALEN − 1 bytes); longer ids are read from `answers` directly. */
const MAX_NAME_BYTES = 63;

/** Whether `column` is a column of the answers' record (its id fits an SQL name). */
function inRecord(column: AnswerColumn): boolean {
  return Buffer.byteLength(column.id, 'utf8') <= MAX_NAME_BYTES;
}

/** The answer of `column` (NULL when the response has none). */
function answerOf(column: AnswerColumn): SQL {
  if (inRecord(column)) return sql`${sql.identifier(RECORD)}.${sql.identifier(column.id)}`;
  return column.type === 'text' ? sql`(${submissions.answers} ->> ${column.id}::text)` : sql`(${submissions.answers} -> ${column.id}::text)`;
}

/** Whether the response answered `column`: a value that is there (not JSON `null`) and, as text, not ''. */
function isAnswered(column: AnswerColumn): SQL {
  const answer = answerOf(column);
  return column.type === 'text' ? sql`${answer} <> ''` : sql`${answer} IS NOT NULL`;
}

/** The answer of `column` (a `jsonb` column) as an exact number (numeric) when it is a JSON number; NULL otherwise. */
function numberOf(column: AnswerColumn): SQL {
  const answer = answerOf(column);
  return sql`(CASE WHEN jsonb_typeof(${answer}) = 'number' THEN ${answer}::numeric END)`;
}

/** A stored answer `value` as `column` holds it: its text (`text`) or its JSON (`jsonb`). */
function asStored(column: AnswerColumn, value: string | number | boolean): SQL {
  return column.type === 'text' ? sql`${String(value)}::text` : sql`${JSON.stringify(value)}::jsonb`;
}

/** How many responses answered `column`. */
export function answeredCount(column: AnswerColumn): Aggregate {
  return sql`count(*) FILTER (WHERE ${isAnswered(column)})::int`;
}

/** How many responses answered `column` with exactly `value` (an option id, `true`, a number). */
export function valueCount(column: AnswerColumn, value: string | number | boolean): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(column)} = ${asStored(column, value)})::int`;
}

/** How many responses' answer to `column` (a `jsonb` column holding a list) holds `value`. */
export function listCount(column: AnswerColumn, value: string | number | boolean): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(column)} @> ${JSON.stringify([value])}::jsonb)::int`;
}

/**
 * How many responses answered `column` with a value none of `known` is — or, for a `jsonb` column holding a list, a
 * list holding a value none of `known` is: answers holding options removed since they were given.
 */
export function unknownCount(column: AnswerColumn, known: ReadonlyArray<string | number | boolean>): Aggregate {
  const answer = answerOf(column);
  const held =
    column.type === 'text'
      ? known.length > 0
        ? sql`${answer} IN (${sql.join(
            known.map((value) => asStored(column, value)),
            sql`, `,
          )})`
        : sql`false`
      : sql`${answer} <@ ${JSON.stringify(known)}::jsonb`;
  return sql`count(*) FILTER (WHERE ${isAnswered(column)} AND NOT (${held}))::int`;
}

/** How many responses answered row `row` of the Matrix `column` (a `jsonb` column) with column `matrixColumn`. */
export function matrixCellCount(column: AnswerColumn, row: string, matrixColumn: string): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(column)} ->> ${row}::text = ${matrixColumn}::text)::int`;
}

/**
 * The average, minimum and maximum of `column`'s numeric answers (a `jsonb` column; as float8, NULL without any),
 * and whether every one is a whole number (NULL without any): four aggregates, in that order. Summed exactly
 * (numeric), so amounts of money average to the cent.
 */
export function numberStats(column: AnswerColumn): [Aggregate, Aggregate, Aggregate, Aggregate] {
  const value = numberOf(column);
  return [sql`avg(${value})::float8`, sql`min(${value})::float8`, sql`max(${value})::float8`, sql`bool_and(${value} = floor(${value}))`];
}

/**
 * How many of `column`'s numeric answers (a `jsonb` column) are from `from` (included) to `to` (excluded; included
 * with `toIncluded`). Compared as JSON: numbers exactly (numeric, so 0.3 is in [0.3, 0.4)), and any other JSON value
 * sorts apart from every number (a string above, `null` below), so only numbers count — with no cast per row, which
 * made these aggregates twice as costly (docs/benchmarks.md §9).
 */
export function rangeCount(column: AnswerColumn, { from, to, toIncluded }: { from: number; to: number; toIncluded: boolean }): Aggregate {
  const answer = answerOf(column);
  const below = toIncluded ? sql`${answer} <= ${JSON.stringify(to)}::jsonb` : sql`${answer} < ${JSON.stringify(to)}::jsonb`;
  return sql`count(*) FILTER (WHERE ${answer} >= ${JSON.stringify(from)}::jsonb AND ${below})::int`;
}

/**
 * The smallest and the largest of `column`'s answers (a `text` column) in byte order (`COLLATE "C"`; a date
 * `YYYY-MM-DD`, a time `HH:MM` and a date-time `YYYY-MM-DDTHH:MM` sort so in time order), NULL without any: two
 * aggregates.
 */
export function textBounds(column: AnswerColumn): [Aggregate, Aggregate] {
  const text = sql`(NULLIF(${answerOf(column)}, '') COLLATE "C")`;
  return [sql`min(${text})`, sql`max(${text})`];
}

/**
 * The statement of {@link aggregateSubmissions}: `SELECT count(*) AS total, <aggregate> AS a0, … FROM submissions
 * CROSS JOIN LATERAL jsonb_to_record(answers) AS v(<columns>) WHERE <filter>` (also what the benchmark explains,
 * `load-tests/summary/`). `columns`: every column the aggregates read, each once.
 */
export function aggregateStatement(flowId: number, filter: SubmissionFilter, columns: readonly AnswerColumn[], aggregates: readonly Aggregate[]): SQL {
  const selected = aggregates.map((aggregate, index) => sql`, ${aggregate} AS ${sql.identifier(`a${index}`)}`);
  return sql`SELECT count(*)::int AS total${sql.join(selected)} FROM ${submissions}${recordOf(columns)} WHERE ${filterOf(flowId, filter)}`;
}

/** ` CROSS JOIN LATERAL jsonb_to_record(answers) AS v(<columns>)` of the columns that fit an SQL name ('' for none). */
function recordOf(columns: readonly AnswerColumn[]): SQL {
  const recorded = columns.filter(inRecord);
  if (recorded.length === 0) return sql``;
  const declared = sql.join(
    recorded.map((column) => sql`${sql.identifier(column.id)} ${sql.raw(column.type)}`),
    sql`, `,
  );
  return sql` CROSS JOIN LATERAL jsonb_to_record(${submissions.answers}) AS ${sql.identifier(RECORD)}(${declared})`;
}

/** What {@link aggregateSubmissions} gives: how many responses the filter keeps, and each aggregate's value in order. */
export interface AggregateResult {
  total: number;
  values: unknown[];
}

/**
 * Computes `aggregates` (reading `columns`) over flow `flowId`'s responses that `filter` keeps (finished submissions
 * by default), with one statement: one pass over those rows (the `(flow_id, submission_time, id)` index narrows
 * them to the flow and the time range). Values come as the driver gives them: counts and floats as numbers,
 * booleans, texts, NULL as `null`.
 */
export async function aggregateSubmissions(
  db: DbOrTx,
  flowId: number,
  filter: SubmissionFilter,
  columns: readonly AnswerColumn[],
  aggregates: readonly Aggregate[],
): Promise<AggregateResult> {
  const result = await db.execute(aggregateStatement(flowId, filter, columns, aggregates));
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return { total: Number(row.total ?? 0), values: aggregates.map((_, index) => row[`a${index}`] ?? null) };
}

/** One of the latest answers of a text question ({@link latestTextAnswers}). */
export interface LatestAnswer {
  questionId: string;
  submissionId: string;
  submissionTime: Date;
  value: string;
}

/**
 * The `limit` latest non-empty text answers of each question of `ids` among flow `flowId`'s responses that `filter`
 * keeps, newest first (ties by id), with one statement: for each question, the index is read backwards from the
 * newest response until `limit` have answered it.
 */
export async function latestTextAnswers(
  db: DbOrTx,
  flowId: number,
  filter: SubmissionFilter,
  ids: readonly string[],
  limit: number,
): Promise<LatestAnswer[]> {
  if (ids.length === 0) return [];
  const questions = sql.join(
    ids.map((id) => sql`(${id}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT q.id AS "questionId", latest.id AS "submissionId", latest.submission_time AS "submissionTime", latest.value
      FROM (VALUES ${questions}) AS q(id)
      CROSS JOIN LATERAL (
        SELECT ${submissions.id} AS id, ${submissions.submissionTime} AS submission_time, ${submissions.answers} ->> q.id AS value
          FROM ${submissions}
         WHERE ${filterOf(flowId, filter)}
           AND jsonb_typeof(${submissions.answers} -> q.id) = 'string'
           AND ${submissions.answers} ->> q.id <> ''
         ORDER BY ${submissions.submissionTime} DESC, ${submissions.id} DESC
         LIMIT ${limit}
      ) AS latest`);
  return rowsOf<{ questionId: string; submissionId: string; submissionTime: Date | string; value: string }>(result).map((row) => ({
    ...row,
    submissionTime: row.submissionTime instanceof Date ? row.submissionTime : new Date(row.submissionTime),
  }));
}
