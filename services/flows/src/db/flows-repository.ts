/**
 * Flow and snapshot queries. Plain functions over a database or a transaction ({@link DbOrTx}); no rules
 * here (those are in `domain/flows.ts`).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FlowListView, FlowSort } from '@formloom/contracts/api/flows/flows';
import type { FlowSettings, FlowType } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { rowsOf, type DbOrTx, type Tx } from '@formloom/kit/db';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';
import { flowFinishedCounts, flows, flowSnapshots, flowUserStates, submissions, themes } from './schema';

/** A flow without its draft template, with the publish time of its live snapshot (null if never published). */
export interface FlowRecord {
  id: number;
  publicIdentifier: string;
  name: string;
  type: FlowType;
  workspaceId: number;
  organizationId: number;
  settings: FlowSettings;
  /** The featured theme it is drawn with (`Flow.featuredThemeId`), else null. */
  featuredThemeId: string | null;
  /** The organization theme it is drawn with (`Flow.themePublicId`), else null. */
  themePublicId: string | null;
  liveSnapshotId: number | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  /** When the form was closed; null while live or never published. */
  closedAt: Date | null;
  /** When it was moved to the trash; null when it is not in the trash (`Flow.trashedAt`). */
  trashedAt: Date | null;
  /** The user who created it; null when unknown (contracts `rules/access.ts` `FlowOwnership`). */
  createdBy: number | null;
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
  themePublicId: flows.themePublicId,
  liveSnapshotId: flows.liveSnapshotId,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
  publishedAt: flowSnapshots.publishedAt,
  closedAt: flows.closedAt,
  trashedAt: flows.trashedAt,
  createdBy: flows.createdBy,
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

/**
 * The flow with `publicIdentifier` for its public form (`GET /public/flows/templates/…`), with its organization theme's
 * name and design when it names one that exists (`theme`, else null), in ONE query; undefined for an unknown flow.
 * Without `hasUnpublishedChanges` (the editor's, not the public form's).
 */
export async function findPublicFlow(
  db: DbOrTx,
  publicIdentifier: string,
): Promise<{ record: FlowRecord; theme: { name: string; definition: ThemeDefinition } | null } | undefined> {
  const [row] = await db
    .select({ record: recordColumns, themeName: themes.name, themeDefinition: themes.definition })
    .from(flows)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .leftJoin(themes, and(eq(themes.publicIdentifier, flows.themePublicId), eq(themes.organizationId, flows.organizationId)))
    .where(eq(flows.publicIdentifier, publicIdentifier));
  if (!row) return undefined;
  const theme = row.themeName !== null && row.themeDefinition !== null ? { name: row.themeName, definition: row.themeDefinition } : null;
  return { record: row.record, theme };
}

/**
 * Gives flow `flowId` its theme — a featured theme's id or an organization theme's public id, the other null (both
 * null: the default look) — and bumps `updated_at`. Resolves whether the flow was there.
 * @throws the driver's foreign key violation for a theme that does not exist (callers check it first, under a lock).
 */
export async function updateFlowTheme(
  db: DbOrTx,
  flowId: number,
  theme: { featuredThemeId: string | null; themePublicId: string | null },
): Promise<boolean> {
  const rows = await db
    .update(flows)
    .set({ featuredThemeId: theme.featuredThemeId, themePublicId: theme.themePublicId, updatedAt: sql`now()` })
    .where(eq(flows.id, flowId))
    .returning({ id: flows.id });
  return rows.length > 0;
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
  /** The flow's theme: a featured one's id or an organization theme's public id (at most one; `theme-choice.ts`). */
  featuredThemeId: string | null;
  themePublicId: string | null;
  template: FlowTemplate;
  /** The user creating it (null: the template library's forms). */
  createdBy: number | null;
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
    themePublicId: flows.themePublicId,
    liveSnapshotId: flows.liveSnapshotId,
    createdAt: flows.createdAt,
    updatedAt: flows.updatedAt,
    createdBy: flows.createdBy,
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
 * Whose forms a list shows, in the workspaces it covers (spec 000 §6, contracts `rules/access.ts`): every form, but
 * in `limitedWorkspaceIds` (the caller's `limited` workspaces) only those `userId` created.
 */
export interface CreatorScope {
  /** The caller (`sub`). */
  userId: number;
  /** The listed workspaces where the caller's level is `limited`; empty: no restriction. */
  limitedWorkspaceIds: readonly number[];
}

/**
 * The condition of a {@link CreatorScope}, over the workspace and creator columns given (`f.workspace_id`, or the
 * table's own): true everywhere when the scope names no limited workspace.
 */
function creatorCondition(scope: CreatorScope, workspaceColumn: SQL | typeof flows.workspaceId, creatorColumn: SQL | typeof flows.createdBy): SQL {
  if (scope.limitedWorkspaceIds.length === 0) return sql`TRUE`;
  const limited = sql.join(
    scope.limitedWorkspaceIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`(${workspaceColumn} NOT IN (${limited}) OR ${creatorColumn} = ${scope.userId}::int)`;
}

/**
 * The names and public identifiers of the flows of `workspaceIds` within `organizationId` that are not in the
 * trash and that `scope` shows, newest first (created time, then id). `[]` when `workspaceIds` is empty.
 */
export async function listFlowNamesOfWorkspaces(
  db: DbOrTx,
  organizationId: number,
  workspaceIds: readonly number[],
  scope: CreatorScope,
): Promise<Array<{ name: string; publicIdentifier: string }>> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({ name: flows.name, publicIdentifier: flows.publicIdentifier })
    .from(flows)
    .where(
      and(
        eq(flows.organizationId, organizationId),
        inArray(flows.workspaceId, [...workspaceIds]),
        isNull(flows.trashedAt),
        creatorCondition(scope, flows.workspaceId, flows.createdBy),
      ),
    )
    .orderBy(desc(flows.createdAt), desc(flows.id));
}

/**
 * What {@link pageFlows} reads: whose lists, which one, in which order, and which rows of it. Its
 * `limitedWorkspaceIds` ({@link CreatorScope}) keep only the caller's own forms in those workspaces.
 */
export interface FlowPageQuery extends CreatorScope {
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
 * How each `FlowSort` orders a page (its doc comment: ties newest id first, name A→Z lowest id first): the key `k`
 * the page query gives each row, and the direction of `k` and then of the id.
 */
const SORT_DIRECTIONS: Record<FlowSort, { key: SQL; id: SQL }> = {
  createdDate: { key: sql`DESC`, id: sql`DESC` },
  lastViewed: { key: sql`DESC NULLS LAST`, id: sql`DESC` },
  lastEdited: { key: sql`DESC`, id: sql`DESC` },
  submissionCount: { key: sql`DESC`, id: sql`DESC` },
  alphabetical: { key: sql`ASC`, id: sql`ASC` },
  unread: { key: sql`DESC`, id: sql`DESC` },
};

/**
 * The rows of one page of a home list, as `(id, k)` — the flow's id and its sort key (a subquery: the statement that
 * uses it orders them again by `k`, then id, in {@link SORT_DIRECTIONS}' directions). Reads only what the order needs, through
 * an index that gives the order wherever one can (a workspace's list), so a page costs about `offset + limit` index
 * entries, not the whole workspace:
 * - 'Created date', 'Last edited', 'Alphabetical': `flows`' own indexes per workspace;
 * - 'Submission count': `flow_finished_counts (workspace_id, n, flow_id)` backwards;
 * - 'Last viewed': the caller's opened forms (`flow_user_states_viewed`), newest view first, then the others by
 *   `flows (workspace_id, id)` backwards: each part's first `offset + limit` rows, then the page of the two;
 * - 'Unread': forms whose Results the caller never opened with a finished count — their unread count is their
 *   finished count — walked by `flow_finished_counts`' index, and the few they did open
 *   (`flow_user_states_results_seen`), whose unread count is computed from their own count row (looked up one by one,
 *   so the part costs what the caller's opened forms cost, not the size of the table): each part's first
 *   `offset + limit` rows, then the page of the two.
 * Aliases `f` (flows), `s` (the caller's `flow_user_states` row), `c` (`flow_finished_counts`).
 */
function pageRowsStatement(query: FlowPageQuery): SQL {
  const workspaces = sql.join(
    query.workspaceIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const views: Record<FlowListView, SQL> = {
    all: sql`f.trashed_at IS NULL`,
    starred: sql`f.trashed_at IS NULL AND s.starred_at IS NOT NULL`,
    recents: sql`f.trashed_at IS NULL AND s.last_viewed_at IS NOT NULL`,
    trash: sql`f.trashed_at IS NOT NULL`,
  };
  const listed = sql`f.organization_id = ${query.organizationId}::int AND f.workspace_id IN (${workspaces}) AND ${views[query.view]}
    AND ${creatorCondition(query, sql`f.workspace_id`, sql`f.created_by`)}`;
  const caller = sql`s.flow_id = f.id AND s.user_id = ${query.userId}::int`;
  const page = sql`LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
  // Each part of a two-part order gives at most the rows of the list up to the end of the page.
  const upToPage = sql`LIMIT ${query.offset + query.limit}::int`;
  const { key, id } = SORT_DIRECTIONS[query.sort];
  const byFlows = (k: SQL) => sql`
    SELECT f.id, ${k} AS k FROM ${flows} f LEFT JOIN ${flowUserStates} s ON ${caller}
     WHERE ${listed} ORDER BY ${k} ${key}, f.id ${id} ${page}`;
  switch (query.sort) {
    case 'createdDate':
      return byFlows(sql`f.created_at`);
    case 'lastEdited':
      return byFlows(sql`f.updated_at`);
    case 'alphabetical':
      return byFlows(sql`lower(f.name)`);
    case 'submissionCount':
      return sql`
        SELECT f.id, c.n AS k FROM ${flowFinishedCounts} c JOIN ${flows} f ON f.id = c.flow_id
          LEFT JOIN ${flowUserStates} s ON ${caller}
         WHERE c.workspace_id IN (${workspaces}) AND ${listed}
         ORDER BY c.n DESC, c.flow_id DESC ${page}`;
    case 'lastViewed':
      return sql`
        SELECT id, k FROM (
          (SELECT f.id, s.last_viewed_at AS k FROM ${flowUserStates} s JOIN ${flows} f ON f.id = s.flow_id
            WHERE s.user_id = ${query.userId}::int AND s.last_viewed_at IS NOT NULL AND ${listed}
            ORDER BY s.last_viewed_at DESC, f.id DESC ${upToPage})
          UNION ALL
          (SELECT f.id, NULL::timestamptz FROM ${flows} f LEFT JOIN ${flowUserStates} s ON ${caller}
            WHERE ${listed} AND NOT EXISTS (SELECT 1 FROM ${flowUserStates} v
                                             WHERE v.flow_id = f.id AND v.user_id = ${query.userId}::int AND v.last_viewed_at IS NOT NULL)
            ORDER BY f.id DESC ${upToPage})
        ) AS parts ORDER BY k DESC NULLS LAST, id DESC ${page}`;
    case 'unread':
      // results_seen_count is never below 0 (its CHECK): the two parts split the list.
      return sql`
        SELECT id, k FROM (
          (SELECT f.id, c.n AS k FROM ${flowFinishedCounts} c JOIN ${flows} f ON f.id = c.flow_id
             LEFT JOIN ${flowUserStates} s ON ${caller}
            WHERE c.workspace_id IN (${workspaces}) AND ${listed} AND (s.results_seen_count > 0) IS NOT TRUE
            ORDER BY c.n DESC, c.flow_id DESC ${upToPage})
          UNION ALL
          (SELECT f.id, GREATEST(COALESCE((SELECT c.n FROM ${flowFinishedCounts} c WHERE c.flow_id = f.id), 0) - s.results_seen_count, 0) AS k
             FROM ${flowUserStates} s JOIN ${flows} f ON f.id = s.flow_id
            WHERE s.user_id = ${query.userId}::int AND s.results_seen_count > 0 AND ${listed}
            ORDER BY k DESC, f.id DESC ${upToPage})
        ) AS parts ORDER BY k DESC, id DESC ${page}`;
  }
}

/**
 * The statement of one page of a home list (spec 000 §2; the orders and ties of `FlowSort`, the lists of
 * `FlowListView`), as {@link pageFlows} runs it — exported for the benchmark's `EXPLAIN` (`load-tests/local/home-lists.ts`).
 * ONE statement: the page's ids and sort keys ({@link pageRowsStatement}: an index walk, not the whole workspace), then
 * for those rows only the flow, its live snapshot (`hasUnpublishedChanges`), the caller's `flow_user_states` row and
 * the flow's `flow_finished_counts` row (the finished count: never a count of its submissions), in the page's order.
 * Returns the drizzle query, not yet run: awaiting it resolves the page's {@link ListedFlowRecord}s (at most `limit`);
 * its `getSQL()` is the statement. Expects `workspaceIds` not empty ({@link pageFlows} checks).
 */
export function pageFlowsQuery(db: DbOrTx, query: FlowPageQuery) {
  const finished = sql<number>`COALESCE(${flowFinishedCounts.n}, 0)`;
  const { key, id } = SORT_DIRECTIONS[query.sort];
  return db
    .select({
      ...adminRecordColumns,
      submissionCount: sql<number>`${finished}::int`,
      isStarred: sql<boolean>`(${flowUserStates.starredAt} IS NOT NULL)`,
      lastViewedAt: flowUserStates.lastViewedAt,
      unreadCount: sql<number>`GREATEST(${finished} - COALESCE(${flowUserStates.resultsSeenCount}, 0), 0)::int`,
    })
    .from(sql`(${pageRowsStatement(query)}) AS p`)
    .innerJoin(flows, sql`${flows.id} = p.id`)
    .leftJoin(flowSnapshots, eq(flowSnapshots.id, flows.liveSnapshotId))
    .leftJoin(flowUserStates, and(eq(flowUserStates.flowId, flows.id), eq(flowUserStates.userId, query.userId)))
    .leftJoin(flowFinishedCounts, eq(flowFinishedCounts.flowId, flows.id))
    .orderBy(sql`p.k ${key}`, sql`p.id ${id}`);
}

/**
 * One page of a home list: the flows of `workspaceIds` within `organizationId` that `view` keeps, in `sort`'s order,
 * rows `offset` to `offset + limit - 1`, each with its finished count and the caller's view of it
 * ({@link pageFlowsQuery}; docs/architecture.md §6 flows "The home lists"). `[]` when `workspaceIds` is empty.
 */
export async function pageFlows(db: DbOrTx, query: FlowPageQuery): Promise<ListedFlowRecord[]> {
  if (query.workspaceIds.length === 0) return [];
  return pageFlowsQuery(db, query);
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
 * `results_seen_count` becomes the flow's finished count at this moment (its `flow_finished_counts` row), so its unread
 * count starts again from 0. Resolves false when the flow is gone (deleted meanwhile).
 */
export async function recordFlowViewRow(db: DbOrTx, flowId: number, userId: number, results: boolean): Promise<boolean> {
  const finished = sql`COALESCE((SELECT ${flowFinishedCounts.n} FROM ${flowFinishedCounts} WHERE ${flowFinishedCounts.flowId} = ${flows.id}), 0)`;
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
): Promise<{ settings: FlowSettings; featuredThemeId: string | null; themePublicId: string | null; template: FlowTemplate } | undefined> {
  const [row] = await db
    .select({ settings: flows.settings, featuredThemeId: flows.featuredThemeId, themePublicId: flows.themePublicId, template: flows.template })
    .from(flows)
    .where(eq(flows.id, flowId));
  return row;
}
