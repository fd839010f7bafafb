/**
 * Submission queries. Plain functions over a database or a transaction ({@link DbOrTx}).
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { customValueMatches, customValuesOfRow } from './custom-values-repository';
import { submissionCounts, submissions, type SubmissionStatus } from './schema';

/** A stored submission. */
export interface SubmissionRecord {
  id: string;
  flowId: number;
  snapshotId: number;
  answers: Record<string, unknown>;
  submissionTime: Date;
  lastUpdatedAt: Date;
  /** The browser's id when the form takes one response per browser; null otherwise. */
  respondentKey?: string | null;
  /** SHA-256 (hex) of the submission's edit token (`domain/edit-submissions.ts`); null for one without an edit link. */
  editTokenHash?: string | null;
  /** What the Results' search reads (`domain/search-text.ts`); null for rows stored before it existed. */
  searchText?: string | null;
  /**
   * Its values of the form's custom columns by column id (`domain/custom-columns.ts`); null or absent when it has
   * none (or the query did not read them: {@link withCustomValues}).
   */
  customValues?: Record<string, unknown> | null;
}

/** Every column of a `submissions` row and its custom columns' values (`customValues`), for a select. */
export const withCustomValues = { ...getTableColumns(submissions), customValues: customValuesOfRow };

/**
 * The statement that inserts `records` (one statement for all, `RETURNING id`), for the kit's
 * `writeWithEvents`, which adds their outbox rows to it.
 */
export function insertSubmissionsStatement(records: readonly SubmissionRecord[]): SQL {
  const rows = records.map((record) => ({
    id: record.id,
    flow_id: record.flowId,
    snapshot_id: record.snapshotId,
    answers: record.answers,
    submission_time: record.submissionTime.toISOString(),
    last_updated_at: record.lastUpdatedAt.toISOString(),
    respondent_key: record.respondentKey ?? null,
    edit_token_hash: record.editTokenHash ?? null,
    search_text: record.searchText ?? null,
  }));
  return sql`
    INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at, respondent_key, edit_token_hash, search_text)
    SELECT id, flow_id, snapshot_id, answers, submission_time, last_updated_at, respondent_key, edit_token_hash, search_text
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(id uuid, flow_id int, snapshot_id int, answers jsonb, submission_time timestamptz, last_updated_at timestamptz, respondent_key text, edit_token_hash text, search_text text)
    RETURNING id`;
}

/** Bounds of the submission time: `after` inclusive, `before` exclusive; either may be left out. */
export interface SubmissionTimeRange {
  after?: Date;
  before?: Date;
}

/**
 * Which of a flow's responses a list, count or export reads: the time range, the `status` (`finished` by default:
 * respondents' progress left out), a `search` (trimmed, non-empty) that one of the response's texts contains, and
 * `answers`, the answer filter's `WHERE` clause (`answer-filter.ts`).
 */
export interface SubmissionFilter extends SubmissionTimeRange {
  status?: SubmissionStatus;
  search?: string;
  answers?: SQL;
}

/**
 * The `ILIKE` pattern of rows whose text contains `search`: lowercased as `search_text` is (`domain/search-text.ts`),
 * its `\`, `%` and `_` escaped (PostgreSQL's default escape character is the backslash), between two `%`.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The condition of flow `flowId`'s responses that `filter` keeps. A search reads `search_text` with `ILIKE` (a row
 * without it — stored before it existed — never matches its answers), and the texts of its custom columns' values.
 */
export function filterOf(flowId: number, filter: SubmissionFilter): SQL | undefined {
  return and(
    eq(submissions.flowId, flowId),
    eq(submissions.status, filter.status ?? 'finished'),
    filter.after ? gte(submissions.submissionTime, filter.after) : undefined,
    filter.before ? lt(submissions.submissionTime, filter.before) : undefined,
    filter.search ? searchCondition(containsPattern(filter.search)) : undefined,
    filter.answers,
  );
}

/** The rows whose answers' text, or one of whose custom values' text, matches the `ILIKE` pattern `pattern`. */
function searchCondition(pattern: string): SQL | undefined {
  return or(sql`${submissions.searchText} ILIKE ${pattern}`, customValueMatches(pattern));
}

/** The condition of flow `flowId`'s finished submissions within `range`. */
function finishedOf(flowId: number, range: SubmissionTimeRange): SQL | undefined {
  return filterOf(flowId, { ...range, status: 'finished' });
}

/**
 * Number of flow `flowId`'s responses that `filter` keeps: by default every finished submission (respondents'
 * progress not counted, as a form's response limit counts). A filter on the status alone reads the kept counts
 * (`submission-counts` migration: a few rows, however many responses); any other filter counts the rows it keeps.
 */
export async function countSubmissions(db: DbOrTx, flowId: number, filter: SubmissionFilter = {}): Promise<number> {
  if (!filter.after && !filter.before && !filter.search && !filter.answers) {
    const [kept] = await db
      .select({ count: sql<number>`COALESCE(sum(${submissionCounts.n}), 0)::int` })
      .from(submissionCounts)
      .where(and(eq(submissionCounts.flowId, flowId), eq(submissionCounts.status, filter.status ?? 'finished')));
    return kept?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(filterOf(flowId, filter));
  return row?.count ?? 0;
}

/** Flow `flowId`'s finished submission `id`; `null` when there is none (another form's, in progress, deleted). */
export async function findSubmission(db: DbOrTx, flowId: number, id: string): Promise<SubmissionRecord | null> {
  const [row] = await db.select(withCustomValues).from(submissions).where(and(finishedOf(flowId, {}), eq(submissions.id, id))).limit(1);
  return row ?? null;
}

/**
 * Deletes flow `flowId`'s finished submission `id` — or, with `inProgress`, its response `id` whatever its status (a
 * respondent's progress too); resolves whether there was one. Its files are then unreferenced (swept after a day).
 */
export async function deleteSubmissionRow(db: DbOrTx, flowId: number, id: string, { inProgress = false }: { inProgress?: boolean } = {}): Promise<boolean> {
  const which = inProgress ? eq(submissions.flowId, flowId) : finishedOf(flowId, {});
  const deleted = await db.delete(submissions).where(and(which, eq(submissions.id, id))).returning({ id: submissions.id });
  return deleted.length > 0;
}

/**
 * One page of flow `flowId`'s responses that the page's filter keeps ({@link SubmissionFilter}: finished submissions
 * by default) ordered by submission time (`asc` oldest first, `desc` newest first; ties broken by id, which is
 * time-ordered UUIDv7), each with its custom columns' values. Uses the `(flow_id, status, submission_time, id)` index.
 */
export async function pageSubmissions(
  db: DbOrTx,
  flowId: number,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' } & SubmissionFilter,
): Promise<SubmissionRecord[]> {
  const order = page.sort === 'asc' ? asc : desc;
  return db
    .select(withCustomValues)
    .from(submissions)
    .where(filterOf(flowId, page))
    .orderBy(order(submissions.submissionTime), order(submissions.id))
    .limit(page.limit)
    .offset(page.offset);
}
