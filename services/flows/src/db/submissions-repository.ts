/**
 * Submission queries. Plain functions over a database or a transaction ({@link DbOrTx}).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { submissions } from './schema';

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
}

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
  }));
  return sql`
    INSERT INTO submissions (id, flow_id, snapshot_id, answers, submission_time, last_updated_at, respondent_key)
    SELECT id, flow_id, snapshot_id, answers, submission_time, last_updated_at, respondent_key
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(id uuid, flow_id int, snapshot_id int, answers jsonb, submission_time timestamptz, last_updated_at timestamptz, respondent_key text)
    RETURNING id`;
}

/** Number of finished submissions of flow `flowId` (respondents' progress not counted). */
export async function countSubmissions(db: DbOrTx, flowId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.flowId, flowId), eq(submissions.status, 'finished')));
  return row?.count ?? 0;
}

/**
 * One page of flow `flowId`'s finished submissions ordered by submission time (`asc` oldest first, `desc` newest
 * first; ties broken by id, which is time-ordered UUIDv7). Uses the `(flow_id, submission_time, id)` index.
 */
export async function pageSubmissions(
  db: DbOrTx,
  flowId: number,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<SubmissionRecord[]> {
  const order = page.sort === 'asc' ? asc : desc;
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.flowId, flowId), eq(submissions.status, 'finished')))
    .orderBy(order(submissions.submissionTime), order(submissions.id))
    .limit(page.limit)
    .offset(page.offset);
}
