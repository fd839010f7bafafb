/**
 * Flow and snapshot queries. Plain functions over a database or a transaction ({@link DbOrTx}); no rules
 * here (those are in `domain/flows.ts`).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FlowSettings, FlowType } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { DbOrTx, Tx } from '@formloom/kit/db';
import { flows, flowSnapshots, submissions } from './schema';

/** A flow without its draft template, with the publish time of its live snapshot (null if never published). */
export interface FlowRecord {
  id: number;
  publicIdentifier: string;
  name: string;
  type: FlowType;
  workspaceId: number;
  organizationId: number;
  settings: FlowSettings;
  featuredThemeId: string | null;
  liveSnapshotId: number | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  /** When the form was closed; null while live or never published. */
  closedAt: Date | null;
  /** The draft differs from the live snapshot (only read by the admin queries; see {@link adminRecordColumns}). */
  hasUnpublishedChanges?: boolean;
}

/** A {@link FlowRecord} with its number of submissions. */
export interface ListedFlowRecord extends FlowRecord {
  submissionCount: number;
}

/** The columns of a {@link FlowRecord} (its publish time from the live snapshot, joined). */
export const recordColumns = {
  id: flows.id,
  publicIdentifier: flows.publicIdentifier,
  name: flows.name,
  type: flows.type,
  workspaceId: flows.workspaceId,
  organizationId: flows.organizationId,
  settings: flows.settings,
  featuredThemeId: flows.featuredThemeId,
  liveSnapshotId: flows.liveSnapshotId,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
  publishedAt: flowSnapshots.publishedAt,
  closedAt: flows.closedAt,
};

/**
 * {@link recordColumns} plus `hasUnpublishedChanges` (the draft is not the live snapshot's template; false
 * before the first publish): the editor's and the home page's reads, not the submit path's.
 */
export const adminRecordColumns = {
  ...recordColumns,
  hasUnpublishedChanges: sql<boolean>`(${flowSnapshots.id} IS NOT NULL AND ${flows.template} IS DISTINCT FROM ${flowSnapshots.template})`,
};

/** The flow with `publicIdentifier`, or undefined. */
export async function findFlowByPublicIdentifier(db: DbOrTx, publicIdentifier: string): Promise<FlowRecord | undefined> {
  const [row] = await db
    .select(adminRecordColumns)
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(eq(flows.publicIdentifier, publicIdentifier));
  return row;
}

/** The flow with `id`, or undefined. */
export async function findFlowById(db: DbOrTx, id: number): Promise<FlowRecord | undefined> {
  const [row] = await db
    .select(adminRecordColumns)
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(eq(flows.id, id));
  return row;
}

/** The draft template of flow `flowId`, or undefined when the flow does not exist. */
export async function findDraftTemplate(db: DbOrTx, flowId: number): Promise<FlowTemplate | undefined> {
  const [row] = await db.select({ template: flows.template }).from(flows).where(eq(flows.id, flowId));
  return row?.template;
}

/**
 * Locks flow `flowId`'s row until `tx` ends (`SELECT … FOR UPDATE`) and returns its draft template, or
 * undefined when the flow does not exist. Serializes publishes and draft saves of one flow.
 */
export async function lockFlowDraft(tx: Tx, flowId: number): Promise<FlowTemplate | undefined> {
  const [row] = await tx.select({ template: flows.template }).from(flows).where(eq(flows.id, flowId)).for('update');
  return row?.template;
}

/** First key of the advisory lock that serializes name de-duplication per workspace (the second is the workspace id). */
const WORKSPACE_NAMES_LOCK = 7_349_301;

/**
 * Takes a transaction-level advisory lock on the flow names of `workspaceId`: two creations that de-duplicate
 * names in one workspace run one after the other, so they cannot both pick 'My form (2)'.
 */
export async function lockWorkspaceNames(tx: Tx, workspaceId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WORKSPACE_NAMES_LOCK}::int, ${workspaceId}::int)`);
}

/** The names of every flow of `workspaceId`. */
export async function workspaceFlowNames(db: DbOrTx, workspaceId: number): Promise<string[]> {
  const rows = await db.select({ name: flows.name }).from(flows).where(eq(flows.workspaceId, workspaceId));
  return rows.map((row) => row.name);
}

/** What {@link insertFlow} stores. */
export interface NewFlow {
  publicIdentifier: string;
  name: string;
  type: FlowType;
  workspaceId: number;
  organizationId: number;
  settings: FlowSettings;
  featuredThemeId: string | null;
  template: FlowTemplate;
}

/** Inserts a flow (unpublished) and returns it. @throws the driver's unique violation on a repeated public identifier. */
export async function insertFlow(db: DbOrTx, flow: NewFlow): Promise<FlowRecord> {
  const [row] = await db.insert(flows).values(flow).returning({
    id: flows.id,
    publicIdentifier: flows.publicIdentifier,
    name: flows.name,
    type: flows.type,
    workspaceId: flows.workspaceId,
    organizationId: flows.organizationId,
    settings: flows.settings,
    featuredThemeId: flows.featuredThemeId,
    liveSnapshotId: flows.liveSnapshotId,
    createdAt: flows.createdAt,
    updatedAt: flows.updatedAt,
  });
  if (!row) throw new Error('insert into flows returned no row');
  return { ...row, publishedAt: null, closedAt: null, hasUnpublishedChanges: false };
}

/** Replaces flow `flowId`'s draft template and bumps `updated_at`. */
export async function updateDraftTemplate(db: DbOrTx, flowId: number, template: FlowTemplate): Promise<void> {
  await db.update(flows).set({ template, updatedAt: sql`now()` }).where(eq(flows.id, flowId));
}

/** The next snapshot version of flow `flowId`: 1 + the highest so far (1 when never published). */
export async function nextSnapshotVersion(db: DbOrTx, flowId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${flowSnapshots.version}), 0)::int` })
    .from(flowSnapshots)
    .where(eq(flowSnapshots.flowId, flowId));
  return (row?.max ?? 0) + 1;
}

/** Inserts a published snapshot and makes it flow `flowId`'s live one; returns its id and publish time. */
export async function insertLiveSnapshot(
  tx: Tx,
  snapshot: { flowId: number; version: number; template: FlowTemplate },
): Promise<{ id: number; publishedAt: Date }> {
  const [row] = await tx
    .insert(flowSnapshots)
    .values(snapshot)
    .returning({ id: flowSnapshots.id, publishedAt: flowSnapshots.publishedAt });
  if (!row) throw new Error('insert into flow_snapshots returned no row');
  // Publishing opens a closed form again.
  await tx.update(flows).set({ liveSnapshotId: row.id, closedAt: null, updatedAt: sql`now()` }).where(eq(flows.id, snapshot.flowId));
  return row;
}

/** The template of snapshot `snapshotId`, or undefined. */
export async function findSnapshotTemplate(db: DbOrTx, snapshotId: number): Promise<FlowTemplate | undefined> {
  const [row] = await db.select({ template: flowSnapshots.template }).from(flowSnapshots).where(eq(flowSnapshots.id, snapshotId));
  return row?.template;
}

/** The templates of the snapshots `ids`, by id (missing ids are absent). */
export async function findSnapshotTemplates(db: DbOrTx, ids: readonly number[]): Promise<Map<number, FlowTemplate>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: flowSnapshots.id, template: flowSnapshots.template })
    .from(flowSnapshots)
    .where(inArray(flowSnapshots.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.template]));
}

/**
 * The flows of `workspaceIds` within `organizationId`, newest first (created time, then id), each with its
 * number of submissions. `[]` when `workspaceIds` is empty.
 */
export async function listFlowsOfWorkspaces(
  db: DbOrTx,
  organizationId: number,
  workspaceIds: readonly number[],
): Promise<ListedFlowRecord[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      ...adminRecordColumns,
      submissionCount: sql<number>`(SELECT count(*)::int FROM ${submissions} WHERE ${submissions.flowId} = ${flows.id})`,
    })
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(and(eq(flows.organizationId, organizationId), inArray(flows.workspaceId, [...workspaceIds])))
    .orderBy(desc(flows.createdAt), desc(flows.id));
}

/** Renames flow `flowId` and bumps `updated_at`. */
export async function updateFlowName(db: DbOrTx, flowId: number, name: string): Promise<void> {
  await db.update(flows).set({ name, updatedAt: sql`now()` }).where(eq(flows.id, flowId));
}

/** Replaces the settings of flow `flowId`; bumps `updated_at`. */
export async function updateFlowSettingsRow(db: DbOrTx, flowId: number, settings: FlowSettings): Promise<void> {
  await db.update(flows).set({ settings, updatedAt: sql`now()` }).where(eq(flows.id, flowId));
}

/** Closes flow `flowId` (keeps an earlier close time) when it has a live snapshot; bumps `updated_at`. */
export async function closeFlow(db: DbOrTx, flowId: number): Promise<void> {
  await db
    .update(flows)
    .set({ closedAt: sql`coalesce(${flows.closedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(flows.id, flowId), sql`${flows.liveSnapshotId} IS NOT NULL`));
}

/**
 * Deletes flow `flowId` with its submissions and snapshots (the live-snapshot reference is cleared first: it
 * points into the snapshots). Returns whether a flow was deleted.
 */
export async function deleteFlowRows(tx: Tx, flowId: number): Promise<boolean> {
  await tx.update(flows).set({ liveSnapshotId: null }).where(eq(flows.id, flowId));
  await tx.delete(submissions).where(eq(submissions.flowId, flowId));
  await tx.delete(flowSnapshots).where(eq(flowSnapshots.flowId, flowId));
  const deleted = await tx.delete(flows).where(eq(flows.id, flowId)).returning({ id: flows.id });
  return deleted.length > 0;
}

/** The settings and theme of flow `flowId` (what a duplicate copies besides the draft), or undefined. */
export async function findFlowCopySource(
  db: DbOrTx,
  flowId: number,
): Promise<{ settings: FlowSettings; featuredThemeId: string | null; template: FlowTemplate } | undefined> {
  const [row] = await db
    .select({ settings: flows.settings, featuredThemeId: flows.featuredThemeId, template: flows.template })
    .from(flows)
    .where(eq(flows.id, flowId));
  return row;
}
