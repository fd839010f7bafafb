/**
 * Flow and snapshot queries. Plain functions over a database or a transaction ({@link DbOrTx}); no rules
 * here (those are in `domain/flows.ts`).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FlowListView, FlowSort } from '@formloom/contracts/api/flows/flows';
import type { FlowSettings, FlowType } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { rowsOf, type DbOrTx, type Tx } from '@formloom/kit/db';
import { flows, flowSnapshots, flowUserStates, submissionCounts, submissions } from './schema';

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
  /** When it was moved to the trash; null when it is not in the trash (`Flow.trashedAt`). */
  trashedAt: Date | null;
  /** The draft differs from the live snapshot (only read by the admin queries; see {@link adminRecordColumns}). */
  hasUnpublishedChanges?: boolean;
}

/**
 * A {@link FlowRecord} of a home list (spec 000 §2) with its number of finished submissions and the caller's own
 * view of it: starred, last opened in the editor (null: never), finished submissions since they last opened its
 * Results (never below 0).
 */
export interface ListedFlowRecord extends FlowRecord {
  submissionCount: number;
  isStarred: boolean;
  lastViewedAt: Date | null;
  unreadCount: number;
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
  trashedAt: flows.trashedAt,
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
  return (await lockFlowState(tx, flowId))?.template;
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
  return { ...row, publishedAt: null, closedAt: null, trashedAt: null, hasUnpublishedChanges: false };
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
 * The names and public identifiers of the flows of `workspaceIds` within `organizationId` that are not in the
 * trash, newest first (created time, then id). `[]` when `workspaceIds` is empty.
 */
export async function listFlowNamesOfWorkspaces(
  db: DbOrTx,
  organizationId: number,
  workspaceIds: readonly number[],
): Promise<Array<{ name: string; publicIdentifier: string }>> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({ name: flows.name, publicIdentifier: flows.publicIdentifier })
    .from(flows)
    .where(and(eq(flows.organizationId, organizationId), inArray(flows.workspaceId, [...workspaceIds]), isNull(flows.trashedAt)))
    .orderBy(desc(flows.createdAt), desc(flows.id));
}

/** What {@link pageFlows} reads: whose lists, which one, in which order, and which rows of it. */
export interface FlowPageQuery {
  organizationId: number;
  /** The workspaces to list (the caller's, already checked); none lists nothing. */
  workspaceIds: readonly number[];
  /** The caller (`sub`): whose stars, views and unread counts. */
  userId: number;
  view: FlowListView;
  sort: FlowSort;
  /** Rows to skip, and most rows to return. */
  offset: number;
  limit: number;
}

/**
 * One page of a home list (spec 000 §2; the orders and ties of `FlowSort`, the lists of `FlowListView`) in ONE
 * statement: the flows of `workspaceIds` within `organizationId`, joined with the caller's `flow_user_states` row
 * and the form's finished count (the sum of its `submission_counts` rows, a lateral subquery of a few rows per
 * flow: never a count of its submissions). `[]` when `workspaceIds` is empty.
 */
export async function pageFlows(db: DbOrTx, query: FlowPageQuery): Promise<ListedFlowRecord[]> {
  if (query.workspaceIds.length === 0) return [];
  const finished = db
    .select({ n: sql<number>`COALESCE(sum(${submissionCounts.n}), 0)::int`.as('finished') })
    .from(submissionCounts)
    .where(and(eq(submissionCounts.flowId, flows.id), eq(submissionCounts.status, 'finished')))
    .as('finished_counts');
  const unread = sql<number>`GREATEST(${finished.n} - COALESCE(${flowUserStates.resultsSeenCount}, 0), 0)::int`;
  const orders: Record<FlowSort, SQL[]> = {
    createdDate: [desc(flows.createdAt), desc(flows.id)],
    lastViewed: [sql`${flowUserStates.lastViewedAt} DESC NULLS LAST`, desc(flows.id)],
    lastEdited: [desc(flows.updatedAt), desc(flows.id)],
    submissionCount: [desc(finished.n), desc(flows.id)],
    alphabetical: [asc(sql`lower(${flows.name})`), asc(flows.id)],
    unread: [desc(unread), desc(flows.id)],
  };
  const views: Record<FlowListView, SQL | undefined> = {
    all: isNull(flows.trashedAt),
    starred: and(isNull(flows.trashedAt), isNotNull(flowUserStates.starredAt)),
    recents: and(isNull(flows.trashedAt), isNotNull(flowUserStates.lastViewedAt)),
    trash: isNotNull(flows.trashedAt),
  };
  return db
    .select({
      ...adminRecordColumns,
      submissionCount: finished.n,
      isStarred: sql<boolean>`(${flowUserStates.starredAt} IS NOT NULL)`,
      lastViewedAt: flowUserStates.lastViewedAt,
      unreadCount: unread,
    })
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .leftJoin(flowUserStates, and(eq(flowUserStates.flowId, flows.id), eq(flowUserStates.userId, query.userId)))
    .leftJoinLateral(finished, sql`true`)
    .where(and(eq(flows.organizationId, query.organizationId), inArray(flows.workspaceId, [...query.workspaceIds]), views[query.view]))
    .orderBy(...orders[query.sort])
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * Stars flow `flowId` for user `userId` (keeps the first star's time), or unstars it. Resolves false when the flow
 * is gone (deleted meanwhile); unstarring a flow the user never starred changes nothing.
 */
export async function setFlowStar(db: DbOrTx, flowId: number, userId: number, starred: boolean): Promise<boolean> {
  if (!starred) {
    await db
      .update(flowUserStates)
      .set({ starredAt: null })
      .where(and(eq(flowUserStates.flowId, flowId), eq(flowUserStates.userId, userId)));
    return true;
  }
  const result = await db.execute(sql`
    INSERT INTO ${flowUserStates} (flow_id, user_id, starred_at)
    SELECT ${flows.id}, ${userId}::int, now() FROM ${flows} WHERE ${flows.id} = ${flowId}
    ON CONFLICT (flow_id, user_id) DO UPDATE SET starred_at = COALESCE(${flowUserStates.starredAt}, excluded.starred_at)
    RETURNING flow_id`);
  return rowsOf(result).length > 0;
}

/**
 * Records that user `userId` opened flow `flowId` now (`last_viewed_at`), and with `results` its Results too:
 * `results_seen_count` becomes the flow's finished count at this moment (its `submission_counts`), so its unread
 * count starts again from 0. Resolves false when the flow is gone (deleted meanwhile).
 */
export async function recordFlowViewRow(db: DbOrTx, flowId: number, userId: number, results: boolean): Promise<boolean> {
  const finished = sql`(SELECT COALESCE(sum(${submissionCounts.n}), 0) FROM ${submissionCounts}
    WHERE ${submissionCounts.flowId} = ${flows.id} AND ${submissionCounts.status} = 'finished')`;
  const result = await db.execute(sql`
    INSERT INTO ${flowUserStates} (flow_id, user_id, last_viewed_at, results_seen_count, results_seen_at)
    SELECT ${flows.id}, ${userId}::int, now(), ${results ? finished : sql`0`}, ${results ? sql`now()` : sql`NULL`}
      FROM ${flows} WHERE ${flows.id} = ${flowId}
    ON CONFLICT (flow_id, user_id) DO UPDATE SET last_viewed_at = excluded.last_viewed_at${
      results ? sql`, results_seen_count = excluded.results_seen_count, results_seen_at = excluded.results_seen_at` : sql``
    }
    RETURNING flow_id`);
  return rowsOf(result).length > 0;
}

/**
 * Moves flow `flowId` to the trash (keeping an earlier `trashed_at`: idempotent) or, with `trashed` false, out of
 * it. Nothing else changes (not `updated_at`). Resolves false when the flow is gone.
 */
export async function setFlowTrashed(db: DbOrTx, flowId: number, trashed: boolean): Promise<boolean> {
  const updated = await db
    .update(flows)
    .set({ trashedAt: trashed ? sql`COALESCE(${flows.trashedAt}, now())` : null })
    .where(eq(flows.id, flowId))
    .returning({ id: flows.id });
  return updated.length > 0;
}

/**
 * Locks flow `flowId`'s row until `tx` ends (`SELECT … FOR UPDATE`, as {@link lockFlowDraft}) and returns its draft,
 * workspace and trash time as they are now, or undefined when the flow does not exist.
 */
export async function lockFlowState(
  tx: Tx,
  flowId: number,
): Promise<{ template: FlowTemplate; workspaceId: number; trashedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ template: flows.template, workspaceId: flows.workspaceId, trashedAt: flows.trashedAt })
    .from(flows)
    .where(eq(flows.id, flowId))
    .for('update');
  return row;
}

/** Puts flow `flowId` in workspace `workspaceId` (nothing else changes, not `updated_at`). */
export async function updateFlowWorkspace(tx: Tx, flowId: number, workspaceId: number): Promise<void> {
  await tx.update(flows).set({ workspaceId }).where(eq(flows.id, flowId));
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
 * The flows of workspace `workspaceId` in organization `organizationId`, trashed or not, lowest id first, locked
 * for update (the `workspace.deleted` consumer deletes them): `{id, publicIdentifier}` each.
 */
export async function flowsOfWorkspace(tx: Tx, organizationId: number, workspaceId: number): Promise<{ id: number; publicIdentifier: string }[]> {
  return tx
    .select({ id: flows.id, publicIdentifier: flows.publicIdentifier })
    .from(flows)
    .where(and(eq(flows.organizationId, organizationId), eq(flows.workspaceId, workspaceId)))
    .orderBy(asc(flows.id))
    .for('update');
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
