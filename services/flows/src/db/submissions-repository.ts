/**
 * Submission queries. Plain functions over a database or a transaction ({@link DbOrTx}).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
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
}

/** Inserts submissions with one multi-row statement (nothing when `records` is empty). */
export async function insertSubmissions(db: DbOrTx, records: readonly SubmissionRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(submissions).values([...records]);
}

/** Number of submissions of flow `flowId`. */
export async function countSubmissions(db: DbOrTx, flowId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.flowId, flowId));
  return row?.count ?? 0;
}

/**
 * One page of flow `flowId`'s submissions ordered by submission time (`asc` oldest first, `desc` newest
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
    .where(eq(submissions.flowId, flowId))
    .orderBy(order(submissions.submissionTime), order(submissions.id))
    .limit(page.limit)
    .offset(page.offset);
}
