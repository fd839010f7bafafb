/**
 * Upload queries (`domain/uploads.ts`). Plain functions over a database or a transaction ({@link DbOrTx}).
 */
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@formloom/kit/db';
import { flows, uploadDeletions, uploads, type UploadSource } from './schema';

/** A stored upload's row. */
export interface UploadRecord {
  id: string;
  flowId: number;
  /** The question (widget id) it was uploaded for; null for an editor's file of no question. */
  fieldId: string | null;
  source: UploadSource;
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
  storageKey: string;
  /** The response (finished or in progress) that refers to it; null while none does. */
  submissionId: string | null;
  createdAt: Date;
}

/** Inserts an upload's row (its bytes must be stored already). */
export async function insertUpload(db: DbOrTx, row: Omit<UploadRecord, 'submissionId' | 'createdAt'>): Promise<void> {
  await db.insert(uploads).values({ ...row, submissionId: null });
}

/** The upload `id` of flow `flowId`, or undefined. */
export async function findUpload(db: DbOrTx, flowId: number, id: string): Promise<UploadRecord | undefined> {
  const [row] = await db.select().from(uploads).where(and(eq(uploads.flowId, flowId), eq(uploads.id, id)));
  return row;
}

/**
 * Upload `id` sent by an editor (`source = 'editor'`) of the flow whose public identifier is `publicIdentifier`, in
 * one query; undefined when there is none (unknown, another flow's, or a respondent's).
 */
export async function findEditorUpload(db: DbOrTx, publicIdentifier: string, id: string): Promise<UploadRecord | undefined> {
  const [row] = await db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(flows, eq(flows.id, uploads.flowId))
    .where(and(eq(flows.publicIdentifier, publicIdentifier), eq(uploads.id, id), eq(uploads.source, 'editor')));
  return row?.upload;
}

/** The uploads of flow `flowId` among `ids` (those of other flows, or unknown, are left out). */
export async function findUploads(db: DbOrTx, flowId: number, ids: readonly string[]): Promise<UploadRecord[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(and(eq(uploads.flowId, flowId), inArray(uploads.id, [...ids])));
}

/** Deletes upload `id` of flow `flowId` (the trigger queues its object); resolves its row, or undefined. */
export async function deleteUpload(db: DbOrTx, flowId: number, id: string): Promise<UploadRecord | undefined> {
  const [row] = await db.delete(uploads).where(and(eq(uploads.flowId, flowId), eq(uploads.id, id))).returning();
  return row;
}

/**
 * Ties the uploads `ids` of flow `flowId` to response `submissionId`, each only if no other response refers to it
 * (row locks serialize concurrent claims: of two responses naming one file, the second finds it taken). Resolves
 * the ids it tied (or that were already this response's).
 */
export async function claimUploads(db: DbOrTx, input: { flowId: number; submissionId: string; ids: readonly string[] }): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .update(uploads)
    .set({ submissionId: input.submissionId })
    .where(
      and(
        eq(uploads.flowId, input.flowId),
        inArray(uploads.id, [...input.ids]),
        or(isNull(uploads.submissionId), eq(uploads.submissionId, input.submissionId)),
      ),
    )
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/**
 * Unties from response `submissionId` its uploads other than `keep` (a respondent removed a file and saved again):
 * they become unreferenced and are swept after a day.
 */
export async function releaseUploads(db: DbOrTx, submissionId: string, keep: readonly string[]): Promise<void> {
  await db
    .update(uploads)
    .set({ submissionId: null })
    .where(and(eq(uploads.submissionId, submissionId), ...(keep.length > 0 ? [notInArray(uploads.id, [...keep])] : [])));
}

/**
 * Deletes up to `limit` respondents' uploads created before `before` that no response refers to; the trigger
 * queues their storage objects in `upload_deletions`. Resolves how many rows it deleted.
 */
export async function deleteUnreferencedUploads(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(uploads)
    .where(
      inArray(
        uploads.id,
        db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(isNull(uploads.submissionId), eq(uploads.source, 'respondent'), lt(uploads.createdAt, before)))
          .orderBy(asc(uploads.createdAt))
          .limit(limit),
      ),
    )
    .returning({ id: uploads.id });
  return rows.length;
}

/** Up to `limit` storage keys queued for deletion, oldest first, locked for this transaction (others skip them). */
export async function lockStorageDeletions(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ storageKey: uploadDeletions.storageKey })
    .from(uploadDeletions)
    .orderBy(asc(uploadDeletions.queuedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.storageKey);
}

/** Removes `keys` from the deletion queue (their objects are deleted). */
export async function forgetStorageDeletions(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(uploadDeletions).where(inArray(uploadDeletions.storageKey, [...keys]));
}

/** Number of queued storage deletions (tests, metrics). */
export async function countStorageDeletions(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(uploadDeletions);
  return row?.count ?? 0;
}

/**
 * The uploads among `ids` that submission `submissionId` of flow `flowId` holds (claimed by it: `submission_id`);
 * those of another response or flow, unclaimed ones and unknown ids are left out.
 */
export async function findSubmissionUploads(db: DbOrTx, input: { flowId: number; submissionId: string; ids: readonly string[] }): Promise<UploadRecord[]> {
  if (input.ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.flowId, input.flowId), eq(uploads.submissionId, input.submissionId), inArray(uploads.id, [...input.ids])));
}
