/**
 * The SQL of the Results' summary (`domain/summary.ts`): aggregates over the `answers` jsonb of the responses a
 * filter keeps (`filterOf`), computed by the database in one pass — never by reading the rows into the service —
 * and the latest answers of text questions, read backwards over the `(flow_id, submission_time, id)` index.
 *
 * An aggregate is an SQL expression ({@link Aggregate}) made by the builders below; {@link aggregateSubmissions}
 * computes any number of them with one statement. Answers are read by widget id (`answers -> id`); a value of an
 * unexpected JSON type (an answer given when the question had another type) counts as answered but in no bar and
 * in no number. Plain functions over a database ({@link DbOrTx}); runs on PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@formloom/kit/db';
import { submissions } from './schema';
import { filterOf, type SubmissionFilter } from './submissions-repository';

/** An aggregate expression over the filtered responses (`count(*) FILTER (…)`, `avg(…)`), of one value. */
export type Aggregate = SQL;

/** The stored answer of question `id` (jsonb; SQL NULL when the response has none). */
function answerOf(id: string): SQL {
  return sql`${submissions.answers} -> ${id}::text`;
}

/** Whether the response answered question `id`: a value that is not null, '', [] or {} (`isEmptyAnswer`). */
function isAnswered(id: string): SQL {
  return sql`${answerOf(id)} NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)`;
}

/** The answer of question `id` as a number (float8) when it is a JSON number; NULL otherwise. */
function numberOf(id: string): SQL {
  return sql`(CASE WHEN jsonb_typeof(${answerOf(id)}) = 'number' THEN (${submissions.answers} ->> ${id}::text)::float8 END)`;
}

/** How many responses answered question `id`. */
export function answeredCount(id: string): Aggregate {
  return sql`count(*) FILTER (WHERE ${isAnswered(id)})::int`;
}

/** How many responses answered question `id` with exactly `value` (an option id, `true`, a number). */
export function valueCount(id: string, value: string | number | boolean): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(id)} = ${JSON.stringify(value)}::jsonb)::int`;
}

/** How many responses' answer to question `id` (a list) holds `value`. */
export function listCount(id: string, value: string | number | boolean): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(id)} @> ${JSON.stringify([value])}::jsonb)::int`;
}

/**
 * How many responses answered question `id` with a value none of `known` is (`multiple`: a list holding a value
 * none of `known` is): answers holding options removed since they were given.
 */
export function unknownCount(id: string, known: ReadonlyArray<string | number | boolean>, multiple: boolean): Aggregate {
  const knownValues = sql`${JSON.stringify(known)}::jsonb`;
  const held = multiple ? sql`${answerOf(id)} <@ ${knownValues}` : sql`jsonb_build_array(${answerOf(id)}) <@ ${knownValues}`;
  return sql`count(*) FILTER (WHERE ${isAnswered(id)} AND NOT (${held}))::int`;
}

/** How many responses answered row `row` of Matrix question `id` (with any column). */
export function matrixRowCount(id: string, row: string): Aggregate {
  return sql`count(*) FILTER (WHERE jsonb_typeof(${answerOf(id)} -> ${row}::text) = 'string')::int`;
}

/** How many responses answered row `row` of Matrix question `id` with column `column`. */
export function matrixCellCount(id: string, row: string, column: string): Aggregate {
  return sql`count(*) FILTER (WHERE ${answerOf(id)} ->> ${row}::text = ${column}::text)::int`;
}

/**
 * The average, minimum and maximum of question `id`'s numeric answers (float8, NULL without any), and whether every
 * one is a whole number (NULL without any): four aggregates, in that order.
 */
export function numberStats(id: string): [Aggregate, Aggregate, Aggregate, Aggregate] {
  const value = numberOf(id);
  return [sql`avg(${value})`, sql`min(${value})`, sql`max(${value})`, sql`bool_and(${value} = floor(${value}))`];
}

/** How many of question `id`'s numeric answers are from `from` (included) to `to` (excluded; included with `toIncluded`). */
export function rangeCount(id: string, { from, to, toIncluded }: { from: number; to: number; toIncluded: boolean }): Aggregate {
  const value = numberOf(id);
  const below = toIncluded ? sql`${value} <= ${to}::float8` : sql`${value} < ${to}::float8`;
  return sql`count(*) FILTER (WHERE ${value} >= ${from}::float8 AND ${below})::int`;
}

/**
 * The smallest and the largest of question `id`'s text answers in byte order (`COLLATE "C"`; a date `YYYY-MM-DD`, a
 * time `HH:MM` and a date-time `YYYY-MM-DDTHH:MM` sort so in time order), NULL without any: two aggregates.
 */
export function textBounds(id: string): [Aggregate, Aggregate] {
  const text = sql`(CASE WHEN jsonb_typeof(${answerOf(id)}) = 'string' THEN ${submissions.answers} ->> ${id}::text END) COLLATE "C"`;
  return [sql`min(${text})`, sql`max(${text})`];
}

/** What {@link aggregateSubmissions} gives: how many responses the filter keeps, and each aggregate's value in order. */
export interface AggregateResult {
  total: number;
  values: unknown[];
}

/**
 * Computes `aggregates` over flow `flowId`'s responses that `filter` keeps (finished submissions by default), with
 * one statement: one pass over those rows (the `(flow_id, submission_time, id)` index narrows them to the flow and
 * the time range). Values come as the driver gives them: counts and floats as numbers, booleans, texts, NULL as
 * `null`.
 */
export async function aggregateSubmissions(db: DbOrTx, flowId: number, filter: SubmissionFilter, aggregates: readonly Aggregate[]): Promise<AggregateResult> {
  const columns = aggregates.map((aggregate, index) => sql`, ${aggregate} AS ${sql.identifier(`a${index}`)}`);
  const result = await db.execute(sql`SELECT count(*)::int AS total${sql.join(columns)} FROM ${submissions} WHERE ${filterOf(flowId, filter)}`);
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
