/**
 * Queries of respondents' progress: submissions `in_progress` (partial submissions, `domain/progress.ts`). Plain
 * functions over a database or a transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { submissions, type SubmissionStatus } from './schema';

/** An in-progress submission as the progress calls read it. */
export interface ProgressRecord {
  id: string;
  flowId: number;
  progressTokenHash: string | null;
  /** When the progress was first saved (the `submission_time` of an in-progress row). */
  startedAt: Date;
}

/**
 * Inserts a new in-progress submission of flow `flowId` (started and updated `now`) with its search text
 * (`domain/search-text.ts`).
 */
export async function insertProgress(
  db: DbOrTx,
  row: { id: string; flowId: number; snapshotId: number; answers: Record<string, unknown>; tokenHash: string; stepId: string; now: Date; searchText: string },
): Promise<void> {
  await db.insert(submissions).values({
    id: row.id,
    flowId: row.flowId,
    snapshotId: row.snapshotId,
    answers: row.answers,
    submissionTime: row.now,
    lastUpdatedAt: row.now,
    status: 'in_progress',
    progressTokenHash: row.tokenHash,
    lastStepId: row.stepId,
    searchText: row.searchText,
  });
}

/** The in-progress submission `id` of flow `flowId`, or undefined (unknown, another flow's, or finished). */
export async function findProgress(db: DbOrTx, flowId: number, id: string): Promise<ProgressRecord | undefined> {
  const [row] = await db
    .select({ id: submissions.id, flowId: submissions.flowId, progressTokenHash: submissions.progressTokenHash, startedAt: submissions.submissionTime })
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.flowId, flowId), eq(submissions.status, 'in_progress')));
  return row;
}

/**
 * Updates in-progress submission `id`: its answers and their search text, snapshot, page and time. Resolves false
 * when it is no longer in progress.
 */
export async function updateProgress(
  db: DbOrTx,
  row: { id: string; snapshotId: number; answers: Record<string, unknown>; stepId: string; now: Date; searchText: string },
): Promise<boolean> {
  const updated = await db
    .update(submissions)
    .set({ answers: row.answers, snapshotId: row.snapshotId, lastStepId: row.stepId, lastUpdatedAt: row.now, searchText: row.searchText })
    .where(and(eq(submissions.id, row.id), eq(submissions.status, 'in_progress')))
    .returning({ id: submissions.id });
  return updated.length > 0;
}

/**
 * Finishes in-progress submission `id`: its final answers (and their search text) and snapshot, submitted `now`, token dropped, the
 * browser's `respondentKey` kept when given. Resolves false when it was not in progress (finished by a concurrent
 * request: nothing changed).
 */
export async function finishProgress(
  db: DbOrTx,
  row: { id: string; snapshotId: number; answers: Record<string, unknown>; now: Date; respondentKey: string | null; editTokenHash: string; searchText: string },
): Promise<boolean> {
  const updated = await db
    .update(submissions)
    .set({
      answers: row.answers,
      snapshotId: row.snapshotId,
      submissionTime: row.now,
      lastUpdatedAt: row.now,
      status: 'finished',
      progressTokenHash: null,
      respondentKey: row.respondentKey,
      editTokenHash: row.editTokenHash,
      searchText: row.searchText,
    })
    .where(and(eq(submissions.id, row.id), eq(submissions.status, 'in_progress')))
    .returning({ id: submissions.id });
  return updated.length > 0;
}

/** Number of in-progress submissions of flow `flowId`. */
export async function countInProgress(db: DbOrTx, flowId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.flowId, flowId), eq(submissions.status, 'in_progress')));
  return row?.count ?? 0;
}

/** The status of submission `id` of flow `flowId` (`in_progress` or `finished`), or undefined when it has none. */
export async function findSubmissionStatus(db: DbOrTx, flowId: number, id: string): Promise<SubmissionStatus | undefined> {
  const [row] = await db
    .select({ status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.flowId, flowId)));
  return row?.status;
}
