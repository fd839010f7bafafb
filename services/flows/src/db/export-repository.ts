/**
 * The results export's reads (`domain/export.ts`): a form's finished submissions page by page, by keyset. Plain
 * functions over a database or a transaction ({@link DbOrTx}).
 */
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { submissions, type SubmissionStatus } from './schema';
import { customValuesOfRow } from './custom-values-repository';
import { filterOf, type SubmissionRecord } from './submissions-repository';

/** Where a keyset page starts: after the submission with this time and id (in the page's order). */
export interface SubmissionCursor {
  /** The submission time as PostgreSQL's text of its `timestamptz` (exact to the microsecond). */
  time: string;
  id: string;
}

/** A {@link SubmissionRecord} with the cursor that continues after it. */
export interface CursoredSubmission {
  record: SubmissionRecord;
  cursor: SubmissionCursor;
}

/** Which submissions {@link keysetSubmissions} reads. */
export interface KeysetPage {
  /** By submission time, then id: `asc` oldest first, `desc` newest first (the results list's order). */
  sort: 'asc' | 'desc';
  /** Submitted at or after this time (inclusive); absent: from the first. */
  from?: Date;
  /** Submitted before this time (exclusive); absent: up to the last. */
  to?: Date;
  /** `finished` submissions (the default) or respondents' progress (`in_progress`). */
  status?: SubmissionStatus;
  /** Only responses whose search text contains it (`submissions-repository.ts` `filterOf`); absent: all. */
  search?: string;
  /** The answer filter's `WHERE` clause (`answer-filter.ts`); absent: all. */
  answers?: SQL;
  /** Continue after this submission; absent: the first page. */
  after?: SubmissionCursor;
  /** Skip this many after `after` (or from the first) before the page starts; absent: none. */
  offset?: number;
  /** At most this many (≥ 1). */
  limit: number;
}

/**
 * One keyset page of flow `flowId`'s responses of `status` (finished submissions by default: respondents' progress
 * left out) submitted in `[from, to)` whose text contains `search` and whose answers pass `answers` when given (the
 * Results list's filters), ordered like the results list (submission time, then id), starting after `after`: a row
 * comparison `(submission_time, id) > (…)` (`<` for `desc`) that walks the `(flow_id, status, submission_time, id)` index,
 * so every page costs the same however deep it is — unlike `offset`, which reads and skips every row before the
 * page (kept for callers that jump a few pages). Each row comes with its custom columns' values and the cursor that continues after it.
 */
export async function keysetSubmissions(db: DbOrTx, flowId: number, page: KeysetPage): Promise<CursoredSubmission[]> {
  const order = page.sort === 'asc' ? asc : desc;
  const conditions: (SQL | undefined)[] = [
    filterOf(flowId, { after: page.from, before: page.to, status: page.status, search: page.search, answers: page.answers }),
  ];
  if (page.after) {
    const row = sql`(${submissions.submissionTime}, ${submissions.id})`;
    const cursor = sql`(${page.after.time}::timestamptz, ${page.after.id}::uuid)`;
    conditions.push(page.sort === 'asc' ? sql`${row} > ${cursor}` : sql`${row} < ${cursor}`);
  }
  const rows = await db
    .select({
      id: submissions.id,
      flowId: submissions.flowId,
      snapshotId: submissions.snapshotId,
      answers: submissions.answers,
      submissionTime: submissions.submissionTime,
      lastUpdatedAt: submissions.lastUpdatedAt,
      customValues: customValuesOfRow,
      cursorTime: sql<string>`${submissions.submissionTime}::text`,
    })
    .from(submissions)
    .where(and(...conditions))
    .orderBy(order(submissions.submissionTime), order(submissions.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(({ cursorTime, ...record }) => ({ record, cursor: { time: cursorTime, id: record.id } }));
}
