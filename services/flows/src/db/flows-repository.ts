/**
 * Flow and snapshot queries. Plain functions over a database or a transaction ({@link DbOrTx}); no rules
 * here (those are in `domain/flows.ts`).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FlowSettings, FlowType } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { Db, DbOrTx, Tx } from '@formloom/kit/db';
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
}

/** A {@link FlowRecord} with its number of submissions. */
export interface ListedFlowRecord extends FlowRecord {
  submissionCount: number;
}

const recordColumns = {
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
};

/** The flow with `publicIdentifier`, or undefined. */
export async function findFlowByPublicIdentifier(db: DbOrTx, publicIdentifier: string): Promise<FlowRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(eq(flows.publicIdentifier, publicIdentifier));
  return row;
}

/** The flow with `id`, or undefined. */
export async function findFlowById(db: DbOrTx, id: number): Promise<FlowRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
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
  return { ...row, publishedAt: null };
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
  await tx.update(flows).set({ liveSnapshotId: row.id, updatedAt: sql`now()` }).where(eq(flows.id, snapshot.flowId));
  return row;
}

/** The prepared {@link findFlowByPublicIdentifier} of each database (see {@link findFlowForSubmission}). */
const preparedFlowLookups = new WeakMap<Db, ReturnType<typeof prepareFlowLookup>>();

function prepareFlowLookup(db: Db) {
  return db
    .select(recordColumns)
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(eq(flows.publicIdentifier, sql.placeholder('publicIdentifier')))
    .prepare('flows_find_by_public_identifier');
}

/**
 * {@link findFlowByPublicIdentifier} as a prepared statement (the public submit path, the hottest query of
 * the service): the query is built once per database, and on PostgreSQL it is parsed and planned once per
 * connection (a named statement).
 */
export async function findFlowForSubmission(db: Db, publicIdentifier: string): Promise<FlowRecord | undefined> {
  let lookup = preparedFlowLookups.get(db);
  if (!lookup) {
    lookup = prepareFlowLookup(db);
    preparedFlowLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ publicIdentifier });
  return row;
}

/** How long {@link findFlowForSubmissionCached} reuses a flow it looked up (ms). */
export const FLOW_LOOKUP_TTL_MS = 1000;
/** Most flows kept per database by {@link findFlowForSubmissionCached}. */
const FLOW_LOOKUP_CACHE_SIZE = 10_000;
/** Flows found for submissions, per database, by public identifier, with when they were read (ms). */
const flowLookups = new WeakMap<Db, Map<string, { record: FlowRecord; readAt: number }>>();

/**
 * {@link findFlowForSubmission} through a short-lived cache: a flow found is reused for
 * {@link FLOW_LOOKUP_TTL_MS} (a busy form costs one lookup per second, not one per submission). The price: a
 * publish made by ANOTHER replica reaches this one's submissions up to that long later (this replica's own
 * publishes call {@link forgetFlowForSubmission}); the caller re-reads with `fresh` when the cached live form
 * refuses the answers. Unknown flows are not cached. At most 10,000 flows per database, oldest first out.
 * @returns the record (undefined when unknown) and whether it came from the cache
 */
export async function findFlowForSubmissionCached(
  db: Db,
  publicIdentifier: string,
  options: { fresh?: boolean; now?: number } = {},
): Promise<{ record: FlowRecord | undefined; cached: boolean }> {
  const now = options.now ?? Date.now();
  let cache = flowLookups.get(db);
  if (!cache) {
    cache = new Map();
    flowLookups.set(db, cache);
  }
  const hit = cache.get(publicIdentifier);
  if (hit && !options.fresh && now - hit.readAt < FLOW_LOOKUP_TTL_MS) return { record: hit.record, cached: true };
  const record = await findFlowForSubmission(db, publicIdentifier);
  cache.delete(publicIdentifier);
  if (record) {
    cache.set(publicIdentifier, { record, readAt: now });
    if (cache.size > FLOW_LOOKUP_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return { record, cached: false };
}

/** Drops flow `publicIdentifier` from the {@link findFlowForSubmissionCached} cache (after a publish). */
export function forgetFlowForSubmission(db: Db, publicIdentifier: string): void {
  flowLookups.get(db)?.delete(publicIdentifier);
}

/** Most snapshot templates kept per database by {@link findSnapshotTemplateCached}. */
const SNAPSHOT_CACHE_SIZE = 1000;
/** Live snapshot templates by snapshot id, per database (ids are only unique within one database). */
const snapshotTemplates = new WeakMap<Db, Map<number, FlowTemplate>>();

/**
 * {@link findSnapshotTemplate} with a cache: a published snapshot never changes (publishing again makes a
 * new one), so its template can be kept in memory. At most {@link SNAPSHOT_CACHE_SIZE} templates per
 * database; the least recently used goes first. Callers must not modify the returned template.
 */
export async function findSnapshotTemplateCached(db: Db, snapshotId: number): Promise<FlowTemplate | undefined> {
  let cache = snapshotTemplates.get(db);
  if (!cache) {
    cache = new Map();
    snapshotTemplates.set(db, cache);
  }
  const cached = cache.get(snapshotId);
  if (cached) {
    // Map order is insertion order: move it to the end (most recently used).
    cache.delete(snapshotId);
    cache.set(snapshotId, cached);
    return cached;
  }
  const template = await findSnapshotTemplate(db, snapshotId);
  if (template) {
    cache.set(snapshotId, template);
    if (cache.size > SNAPSHOT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  return template;
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
      ...recordColumns,
      submissionCount: sql<number>`(SELECT count(*)::int FROM ${submissions} WHERE ${submissions.flowId} = ${flows.id})`,
    })
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .where(and(eq(flows.organizationId, organizationId), inArray(flows.workspaceId, [...workspaceIds])))
    .orderBy(desc(flows.createdAt), desc(flows.id));
}
