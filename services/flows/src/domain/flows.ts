/**
 * Flows: creation, the draft template, publishing and reading (spec 000 §3, §7; docs/product-rules.md §3). Plain functions
 * over the database; no Fastify. Access is decided by the caller's {@link Authorize} (the routes pass the kit's
 * `requireWorkspaceAccess`), so a user of another organization gets 404 and a read-only member 403.
 *
 * Errors are the kit's typed HTTP errors: 404 `copy.flows.flowNotFound` / `flowNotPublished`, 400 with
 * `[{path, message}]` details for a refused template, 409 `copy.home.flowInTrash` for publishing a trashed flow.
 *
 * The home lists (spec 000 §2, §4 "Dragging"; docs/architecture.md §6 flows): a page of flows per view and sort,
 * each user's stars and views, the trash, and moving a flow to another workspace.
 */
import type { FlowReads } from '../db/flow-reads';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import type { Flow, FlowSettings, FlowType, FormSettings } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { withoutCustomColumns } from '@formloom/contracts/entities/custom-column';
import type { FieldError } from '@formloom/contracts/errors';
import * as copy from '@formloom/contracts/copy';
import { FLOW_CREATED, FLOW_CREATED_VERSION, type FlowCreatedData } from '@formloom/contracts/events/flow-created';
import { FLOW_DELETED, FLOW_DELETED_VERSION, type FlowDeletedData } from '@formloom/contracts/events/flow-deleted';
import { FLOW_MOVED, FLOW_MOVED_VERSION, type FlowMovedData } from '@formloom/contracts/events/flow-moved';
import { FLOW_PUBLISHED, FLOW_PUBLISHED_VERSION, type FlowPublishedData } from '@formloom/contracts/events/flow-published';
import type { CreateFlowBody, FlowListView, FlowSort, FlowWithDraftResponse, ListFlowsResponse } from '@formloom/contracts/api/flows/flows';
import type { InternalFlow, InternalFlowDraftResponse } from '@formloom/contracts/api/flows/internal';
import type { PublicTemplateResponse } from '@formloom/contracts/api/flows/public-forms';
import type { AccessNeed, FlowOwnership } from '@formloom/contracts/rules/access';
import { blankFlowTemplate, validateFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';
import { dedupeFlowName, defaultFlowName } from '@formloom/contracts/rules/flow-name';
import type { Db, Tx } from '@formloom/kit/db';
import { conflict, DomainError, forbidden, invalid, notFound } from '@formloom/kit/errors';
import { closedBy, formSettingsOf } from '@formloom/contracts/rules/form-settings';
import { publicIdentifier as newPublicIdentifier } from '@formloom/kit/ids';
import type { Emit } from '@formloom/kit/outbox';
import type { Transact } from '@formloom/kit/service';
import {
  closeFlow,
  deleteFlowRows,
  findDraftTemplate,
  findFlowById,
  findFlowCopySource,
  findFlowByPublicIdentifier,
  findPublicFlow,
  findSnapshotTemplate,
  insertFlow,
  insertLiveSnapshot,
  lockFlowDraft,
  lockFlowState,
  lockWorkspaceNames,
  nextSnapshotVersion,
  pageFlows,
  recordFlowViewRow,
  setFlowStar,
  setFlowTrashed,
  updateDraftTemplate,
  updateFlowName,
  updateFlowSettingsRow,
  updateFlowWorkspace,
  workspaceFlowNames,
  type FlowRecord,
  type NewFlow,
} from '../db/flows-repository';
import { countSubmissions } from '../db/submissions-repository';
import { findSubmissionStatus } from '../db/progress-repository';
import type { SubmissionStatus } from '../db/schema';
import { findTheme } from '../db/themes-repository';
import { chooseTheme, resolveTheme } from './theme-choice';

/** What the domain functions need: the database (reads) and `transact` (writes with events). */
export interface FlowsDeps {
  db: Db;
  transact: Transact;
  /** The cached reads of the submit path (one per service instance; `db/flow-reads.ts`). */
  reads: FlowReads;
  /**
   * The product's public origin (`PUBLIC_URL`): links of uploaded files in answer texts (results, exports, emails)
   * start with it (`uploads.ts` `fileLinks`). Unset: files read by name only.
   */
  publicUrl?: string;
}

/**
 * Decides whether the caller may `need` ('view' | 'change') a form — its workspace, and for a `limited` member its
 * creator (contracts `rules/access.ts` `flowAccessLevel`) — and returns their access level to it.
 * @throws 404 when the form is not the caller's to see, 403 when they may view but want to change.
 */
export type Authorize = (flow: FlowOwnership, need: AccessNeed) => AccessLevel;

/**
 * Decides whether the caller may `need` a workspace itself (`create` a form there, or move one in) and returns their
 * level there. @throws 404 when the workspace is not the caller's, 403 when their level does not allow `need`.
 */
export type AuthorizeWorkspace = (workspaceId: number, need: AccessNeed) => AccessLevel;

/** A flow record as the contracts' `Flow` (ISO times, its theme columns), with the caller's `accessLevel`. */
export function toFlow(record: FlowRecord, accessLevel: AccessLevel): Flow {
  return {
    id: record.id,
    publicIdentifier: record.publicIdentifier,
    name: record.name,
    type: record.type,
    workspaceId: record.workspaceId,
    settings: record.settings,
    accessLevel,
    isPublished: record.liveSnapshotId !== null && record.closedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    publishedAt: record.publishedAt ? record.publishedAt.toISOString() : null,
    closedAt: record.closedAt ? record.closedAt.toISOString() : null,
    hasUnpublishedChanges: record.hasUnpublishedChanges ?? false,
    trashedAt: record.trashedAt ? record.trashedAt.toISOString() : null,
    featuredThemeId: record.featuredThemeId,
    themePublicId: record.themePublicId,
    createdBy: record.createdBy,
  };
}

/** Prefixes each error path with `prefix` (`firstStep` → `template.firstStep`; `''` → `template`). */
export function prefixPaths(errors: readonly FieldError[], prefix: string): FieldError[] {
  return errors.map((error) => ({ ...error, path: error.path ? `${prefix}.${error.path}` : prefix }));
}

/**
 * Checks a template with `validateFlowTemplate` and returns the parsed template.
 * @throws 400 `validation_error` with details whose paths start with `pathPrefix`.
 */
export function parseTemplate(input: unknown, pathPrefix: string): FlowTemplate {
  const result = validateFlowTemplate(input);
  if (!result.ok) throw invalid(copy.errors.validation, prefixPaths(result.errors, pathPrefix));
  return result.template;
}

/**
 * Input of {@link createFlow}: the parsed body, the caller's organization, their access level to the new form (`write`
 * for a `limited` member: the form is theirs) and their user id (its creator).
 */
export interface CreateFlowInput {
  body: CreateFlowBody;
  organizationId: number;
  accessLevel: AccessLevel;
  createdBy: number | null;
}

/**
 * Creates a flow (spec 000 §7 `POST /admin/flows`) in `body.workspaceId`; the caller's write access must have
 * been checked. The name is `body.name` trimmed, or `defaultFlowName(type)` when blank; with `dedupeFormName`
 * it is made unique in the workspace with `dedupeFlowName`, under a per-workspace advisory lock in the same
 * transaction as the insert, so concurrent creations never pick the same name. The draft is
 * `body.flowTemplate` (validated) or `blankFlowTemplate()`, with its quiz on for a quiz ({@link startingTemplate}).
 * `body.theme` (spec 000 §2 choose_theme) becomes its `featuredThemeId` or, for one of `organizationId`'s themes, its
 * `themePublicId` (`theme-choice.ts` `chooseTheme`, in the same transaction). Emits `flow.created` in the same transaction.
 * @throws 400 with details at `flowTemplate.<path>` for a refused template; 400 `copy.themes.unknownTheme` (at
 *   `body.theme`) for a theme id that is neither featured nor the organization's.
 */
export async function createFlow(deps: FlowsDeps, input: CreateFlowInput): Promise<Flow> {
  const { body, organizationId } = input;
  const template = startingTemplate(body.type, body.flowTemplate ? parseTemplate(body.flowTemplate, 'flowTemplate') : blankFlowTemplate());
  const wanted = body.name?.trim() || defaultFlowName(body.type);
  const record = await deps.transact(async (tx, emit) => {
    const { choice } = await chooseTheme(tx, organizationId, body.theme, 'body.theme');
    let name = wanted;
    if (body.dedupeFormName) {
      await lockWorkspaceNames(tx, body.workspaceId);
      name = dedupeFlowName(wanted, await workspaceFlowNames(tx, body.workspaceId));
    }
    return insertFlowWithEvent(tx, emit, {
      publicIdentifier: newPublicIdentifier(),
      name,
      type: body.type,
      workspaceId: body.workspaceId,
      organizationId,
      settings: body.flowSettings ?? {},
      ...choice,
      template,
      createdBy: input.createdBy,
    });
  });
  return toFlow(record, input.accessLevel);
}

/**
 * The draft a new flow of `type` starts with (spec 000 §1 flow types): `template` as given, but a quiz's has its
 * quiz on (`quizzes: {enabled: true}`, `rules/quiz.ts`) unless the template says otherwise.
 */
export function startingTemplate(type: FlowType, template: FlowTemplate): FlowTemplate {
  return type === 'quiz' && template.quizzes === undefined ? { ...template, quizzes: { enabled: true } } : template;
}

/** Inserts a flow and emits `flow.created` in the same transaction. */
async function insertFlowWithEvent(tx: Tx, emit: Emit, flow: NewFlow): Promise<FlowRecord> {
  const created = await insertFlow(tx, flow);
  await emit<FlowCreatedData>({
    type: FLOW_CREATED,
    version: FLOW_CREATED_VERSION,
    key: created.publicIdentifier,
    tenant: { organizationId: created.organizationId, workspaceId: created.workspaceId },
    data: {
      flowId: created.id,
      flowPublicIdentifier: created.publicIdentifier,
      name: created.name,
      type: created.type,
      workspaceId: created.workspaceId,
    },
  });
  return created;
}

/**
 * Renames flow `publicIdentifier` to `name` (already trimmed and non-blank: `RenameFlowBody`); change access.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function renameFlow(deps: FlowsDeps, publicIdentifier: string, name: string, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  await updateFlowName(deps.db, record.id, name);
  const renamed = await findFlowById(deps.db, record.id);
  if (!renamed) throw notFound(copy.flows.flowNotFound);
  return toFlow(renamed, accessLevel);
}

/**
 * Duplicates flow `publicIdentifier` into its workspace: its draft, settings and theme, named
 * `copy.flows.copyOfName(name)` made unique there (under the workspace's name lock, as creation does); not
 * published, without submissions or workflows; created by `userId` (the caller). Emits `flow.created`. Change access
 * to the form.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function duplicateFlow(deps: FlowsDeps, publicIdentifier: string, userId: number, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const created = await deps.transact(async (tx, emit) => {
    const source = await findFlowCopySource(tx, record.id);
    if (!source) return undefined;
    // Its organization theme, locked so it is not deleted before the copy names it (deleted already: no theme).
    const theme = source.themePublicId ? await findTheme(tx, record.organizationId, source.themePublicId, 'key share') : undefined;
    await lockWorkspaceNames(tx, record.workspaceId);
    const name = dedupeFlowName(copy.flows.copyOfName(record.name), await workspaceFlowNames(tx, record.workspaceId));
    return insertFlowWithEvent(tx, emit, {
      publicIdentifier: newPublicIdentifier(),
      name,
      type: record.type,
      workspaceId: record.workspaceId,
      organizationId: record.organizationId,
      settings: source.settings,
      featuredThemeId: source.featuredThemeId,
      themePublicId: theme ? theme.publicIdentifier : null,
      template: source.template,
      createdBy: userId,
    });
  });
  if (!created) throw notFound(copy.flows.flowNotFound);
  return toFlow(created, accessLevel);
}

/**
 * Closes (unpublishes) flow `publicIdentifier`: its public link answers `copy.publicForm.formClosed` and refuses
 * submissions until the next publish. Idempotent; a never-published flow is left as it is. Change access.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function unpublishFlow(deps: FlowsDeps, publicIdentifier: string, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  await closeFlow(deps.db, record.id);
  // This replica's submissions see the close at once (other replicas within FLOW_LOOKUP_TTL_MS).
  deps.reads.forget(publicIdentifier);
  const closed = await findFlowById(deps.db, record.id);
  if (!closed) throw notFound(copy.flows.flowNotFound);
  return toFlow(closed, accessLevel);
}

/**
 * The error of a live form that takes no responses: 404 `copy.publicForm.formClosed`, with the owner's closed message
 * (form settings) as `details.closedMessage` when there is one.
 */
export function formClosedError(settings: FormSettings): DomainError {
  return notFound(copy.publicForm.formClosed, settings.closedMessage ? { closedMessage: settings.closedMessage } : undefined);
}

/**
 * Changes the form settings of flow `publicIdentifier` (`FormSettings`): each key of `patch` replaces that
 * setting, `null` removes it; other settings stay. They apply to the live form at once (this replica's cache is
 * dropped; others within FLOW_LOOKUP_TTL_MS). Change access.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function updateFlowSettings(deps: FlowsDeps, publicIdentifier: string, patch: FormSettings, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const settings: FlowSettings = { ...record.settings };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  await updateFlowSettingsRow(deps.db, record.id, settings);
  deps.reads.forget(publicIdentifier);
  const updated = await findFlowById(deps.db, record.id);
  if (!updated) throw notFound(copy.flows.flowNotFound);
  return toFlow(updated, accessLevel);
}

/**
 * Deletes flow `publicIdentifier` forever, with its versions and submissions, and emits `flow.deleted` in the
 * same transaction (the workflows-engine deletes the form's workflows). Change access.
 * @throws 404 `copy.flows.flowNotFound` (also when another request deleted it first).
 */
export async function deleteFlow(deps: FlowsDeps, publicIdentifier: string, authorize: Authorize): Promise<void> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const deleted = await deps.transact(async (tx, emit) => {
    if (!(await lockFlowDraft(tx, record.id))) return false;
    await deleteFlowRows(tx, record.id);
    await emit<FlowDeletedData>({
      type: FLOW_DELETED,
      version: FLOW_DELETED_VERSION,
      key: record.publicIdentifier,
      tenant: { organizationId: record.organizationId, workspaceId: record.workspaceId },
      data: { flowId: record.id, flowPublicIdentifier: record.publicIdentifier, workspaceId: record.workspaceId },
    });
    return true;
  });
  deps.reads.forget(publicIdentifier);
  if (!deleted) throw notFound(copy.flows.flowNotFound);
}

/**
 * The flow `publicIdentifier` when the caller may `need` it.
 * @throws 404 `copy.flows.flowNotFound` when it does not exist; whatever `authorize` throws otherwise.
 */
export async function authorizedFlow(
  db: Db,
  publicIdentifier: string,
  authorize: Authorize,
  need: AccessNeed,
): Promise<{ record: FlowRecord; accessLevel: AccessLevel }> {
  return authorizedRecord(await findFlowByPublicIdentifier(db, publicIdentifier), authorize, need);
}

/** `record` and the caller's access level when they may `need` it. @throws 404 `copy.flows.flowNotFound` without a record. */
function authorizedRecord(record: FlowRecord | undefined, authorize: Authorize, need: AccessNeed): { record: FlowRecord; accessLevel: AccessLevel } {
  if (!record) throw notFound(copy.flows.flowNotFound);
  return { record, accessLevel: authorize(record, need) };
}

/**
 * The flow with numeric id `flowId` when the caller may `need` it (the calls that name a flow by `id`, spec 001 §7
 * `/admin/flows/customColumn/{flowId}`).
 * @throws 404 `copy.flows.flowNotFound` when it does not exist; whatever `authorize` throws otherwise.
 */
export async function authorizedFlowById(
  db: Db,
  flowId: number,
  authorize: Authorize,
  need: AccessNeed,
): Promise<{ record: FlowRecord; accessLevel: AccessLevel }> {
  return authorizedRecord(await findFlowById(db, flowId), authorize, need);
}

/**
 * The template of flow `record`'s current version, which its results read (the export's columns, the summary's
 * questions): the live snapshot's, or the draft before the first publish.
 * @throws 404 `copy.flows.flowNotFound` when it is gone (the flow deleted meanwhile).
 */
export async function currentTemplate(db: Db, record: Pick<FlowRecord, 'id' | 'liveSnapshotId'>): Promise<FlowTemplate> {
  const template = record.liveSnapshotId !== null ? await findSnapshotTemplate(db, record.liveSnapshotId) : await findDraftTemplate(db, record.id);
  if (!template) throw notFound(copy.flows.flowNotFound);
  return template;
}

/**
 * The flow and its DRAFT template (spec 000 §7 `GET /admin/flows/fetch/{publicIdentifier}`); view access.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function getFlowWithDraft(
  deps: FlowsDeps,
  publicIdentifier: string,
  authorize: Authorize,
): Promise<FlowWithDraftResponse> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const template = await findDraftTemplate(deps.db, record.id);
  if (!template) throw notFound(copy.flows.flowNotFound);
  return { flow: toFlow(record, accessLevel), flowSnapshot: { template } };
}

/**
 * Replaces the draft template (docs/product-rules.md §3); change access. The live form is untouched until the next publish.
 * @throws 404 `copy.flows.flowNotFound`; 400 with details at `template.<path>` when `validateFlowTemplate`
 *   refuses the template (the draft is then unchanged).
 */
export async function saveDraft(
  deps: FlowsDeps,
  publicIdentifier: string,
  input: unknown,
  authorize: Authorize,
): Promise<FlowWithDraftResponse> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const template = parseTemplate(input, 'template');
  const saved = await deps.transact(async (tx) => {
    if (!(await lockFlowDraft(tx, record.id))) return undefined;
    await updateDraftTemplate(tx, record.id, template);
    return findFlowById(tx, record.id);
  });
  if (!saved) throw notFound(copy.flows.flowNotFound);
  return { flow: toFlow(saved, accessLevel), flowSnapshot: { template } };
}

/**
 * Publishes the draft (docs/product-rules.md §3): copies it into a new snapshot (version = previous + 1) and makes that the
 * live form, under a row lock on the flow so concurrent publishes get distinct versions. Emits
 * `flow.published` in the same transaction. Publishing a closed form opens it again. Change access.
 * @throws 404 `copy.flows.flowNotFound`; 409 `copy.home.flowInTrash` while the flow is in the trash (`Flow.trashedAt`,
 *   checked under the row lock, so a trash that commits first wins); 400 `copy.flows.publishNotReady` with the
 *   draft's `publishProblems` (paths prefixed `template.`) — nothing is published then.
 */
export async function publishFlow(deps: FlowsDeps, publicIdentifier: string, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const published = await deps.transact(async (tx, emit) => {
    const locked = await lockFlowState(tx, record.id);
    if (!locked) return undefined;
    if (locked.trashedAt !== null) throw conflict(copy.home.flowInTrash);
    const draft = locked.template;
    const problems = publishProblems(draft);
    if (problems.length > 0) throw invalid(copy.flows.publishNotReady, prefixPaths(problems, 'template'));
    const version = await nextSnapshotVersion(tx, record.id);
    const snapshot = await insertLiveSnapshot(tx, { flowId: record.id, version, template: draft });
    const flow = await findFlowById(tx, record.id);
    if (!flow) return undefined;
    await emit<FlowPublishedData>({
      type: FLOW_PUBLISHED,
      version: FLOW_PUBLISHED_VERSION,
      key: flow.publicIdentifier,
      tenant: { organizationId: flow.organizationId, workspaceId: flow.workspaceId },
      data: {
        flowId: flow.id,
        flowPublicIdentifier: flow.publicIdentifier,
        name: flow.name,
        type: flow.type,
        workspaceId: flow.workspaceId,
        version,
        publishedAt: snapshot.publishedAt.toISOString(),
      },
    });
    return flow;
  });
  // Submissions to this replica see the new live form at once (other replicas within FLOW_LOOKUP_TTL_MS).
  deps.reads.forget(publicIdentifier);
  if (!published) throw notFound(copy.flows.flowNotFound);
  return toFlow(published, accessLevel);
}

/** Input of {@link listFlows}: whose lists (the caller), which one, in which order, and which page. */
export interface ListFlowsInput {
  organizationId: number;
  /** The caller's user id (the token's `sub`): stars, views and unread counts are theirs. */
  userId: number;
  /** The workspaces to list: workspace id → the caller's access level there, already checked. */
  workspaces: ReadonlyMap<number, AccessLevel>;
  view: FlowListView;
  sort: FlowSort;
  /** Flows per page (1..`FLOWS_PAGE_SIZE_MAX`, the query schema's bounds). */
  limit: number;
  /** The previous page's `nextCursor` ({@link encodeFlowsCursor}); absent for the first page. */
  cursor?: string;
}

/**
 * A page of a home list (spec 000 §2 tabs, sort options; `GET /admin/flows`): the flows of `workspaces` within the
 * caller's organization that `view` keeps, in `sort`'s order (`FlowSort`: its ties make the order total, so pages
 * never overlap nor skip while the list does not change), each with its finished `submissionCount`, the caller's
 * `accessLevel` (`write` on a `limited` member's own forms, the only ones their limited workspaces list), `isStarred`,
 * `lastViewedAt` and `unreadCount`. One statement per page (`pageFlows`), reading one
 * row more than `limit` to know whether a next page exists: `nextCursor` is null on the last page.
 * @throws 400 `validation_error` (details at `querystring.cursor`) for a cursor that {@link decodeFlowsCursor} refuses.
 */
export async function listFlows(deps: FlowsDeps, input: ListFlowsInput): Promise<ListFlowsResponse> {
  const offset = input.cursor === undefined ? 0 : decodeFlowsCursor(input.cursor);
  const records = await pageFlows(deps.db, {
    organizationId: input.organizationId,
    workspaceIds: [...input.workspaces.keys()],
    limitedWorkspaceIds: [...input.workspaces].flatMap(([id, level]) => (level === 'limited' ? [id] : [])),
    userId: input.userId,
    view: input.view,
    sort: input.sort,
    offset,
    limit: input.limit + 1,
  });
  const page = records.slice(0, input.limit);
  const flows = page.flatMap((record) => {
    const workspaceLevel = input.workspaces.get(record.workspaceId);
    if (!workspaceLevel) return [];
    // A `limited` member's forms here are their own (the query keeps no other): theirs to change.
    const level = workspaceLevel === 'limited' ? 'write' : workspaceLevel;
    const { submissionCount, isStarred, lastViewedAt, unreadCount } = record;
    return [{ ...toFlow(record, level), submissionCount, isStarred, lastViewedAt: lastViewedAt ? lastViewedAt.toISOString() : null, unreadCount }];
  });
  return { flows, nextCursor: records.length > input.limit ? encodeFlowsCursor(offset + page.length) : null };
}

/**
 * The opaque `nextCursor` of `GET /admin/flows` (ours: spec 000 §2 says nothing of paging): base64url of
 * `{"o": <offset>}`, the number of rows of the list before the page it asks for. An offset, not a keyset: the
 * 'Last viewed', 'Submission count' and 'Unread' orders are computed per caller, and the home list is short.
 */
export function encodeFlowsCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/**
 * The offset a cursor of {@link encodeFlowsCursor} names (a cursor of another view or sort names a row count too:
 * another page, not an error).
 * @throws 400 `validation_error` with details `[{path: 'querystring.cursor', message: copy.validation.invalidValue}]`
 *   when `text` is not base64url of `{"o": n}` with n a non-negative safe integer.
 */
export function decodeFlowsCursor(text: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const offset = typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) ? (decoded as { o?: unknown }).o : undefined;
  if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0) return offset;
  throw invalid(copy.errors.validation, [{ path: 'querystring.cursor', message: copy.validation.invalidValue }]);
}

/**
 * Stars (`starred` true) or unstars flow `publicIdentifier` for user `userId` alone (spec 000 §2 'Starred': another
 * member's stars are their own). View access is enough: starring changes nothing of the flow. Idempotent.
 * @throws 404 `copy.flows.flowNotFound` (also when it was deleted meanwhile); whatever `authorize` throws.
 */
export async function starFlow(deps: FlowsDeps, publicIdentifier: string, userId: number, starred: boolean, authorize: Authorize): Promise<void> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  if (!(await setFlowStar(deps.db, record.id, userId, starred))) throw notFound(copy.flows.flowNotFound);
}

/**
 * Records that user `userId` opened flow `publicIdentifier` (spec 000 §2 'Recently viewed', sort options 'Last viewed'
 * and 'Unread'): its `lastViewedAt` becomes now, and with `results` (they opened its Results) the finished count
 * they have seen becomes the current one, so its `unreadCount` is 0 until more submissions arrive. View access.
 * @throws 404 `copy.flows.flowNotFound` (also when it was deleted meanwhile); whatever `authorize` throws.
 */
export async function recordFlowView(deps: FlowsDeps, publicIdentifier: string, userId: number, results: boolean, authorize: Authorize): Promise<void> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  if (!(await recordFlowViewRow(deps.db, record.id, userId, results))) throw notFound(copy.flows.flowNotFound);
}

/**
 * Moves flow `publicIdentifier` to the trash (`trashed` true; spec 000 §2 reserved workspace `trash`, §4 dropping onto
 * trash) or restores it. Idempotent (the first `trashedAt` is kept); nothing else changes — not its `updatedAt`, its
 * draft, live version, submissions or workflows. While trashed its public link answers 404 (`getPublicTemplate`,
 * `findLiveForm`: this replica at once, others within FLOW_LOOKUP_TTL_MS) and it cannot be published. Change access.
 * @throws 404 `copy.flows.flowNotFound` (also when it was deleted meanwhile); whatever `authorize` throws.
 */
export async function setTrashed(deps: FlowsDeps, publicIdentifier: string, trashed: boolean, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  const changed = await setFlowTrashed(deps.db, record.id, trashed);
  deps.reads.forget(publicIdentifier);
  const updated = changed ? await findFlowById(deps.db, record.id) : undefined;
  if (!updated) throw notFound(copy.flows.flowNotFound);
  return toFlow(updated, accessLevel);
}

/**
 * The caller's level to a form once moved to `target`: a move must leave the form theirs to change, so a `limited`
 * member of the target moves only their own forms there (another's would vanish from their lists).
 * @throws 403 `copy.auth.writeAccessRequired` when it would not be.
 */
function accessAfterMove(authorize: Authorize, target: FlowOwnership): AccessLevel {
  try {
    return authorize(target, 'change');
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') throw forbidden(copy.auth.writeAccessRequired);
    throw error;
  }
}

/**
 * Moves flow `publicIdentifier` to workspace `workspaceId` of the caller's organization (spec 000 §4 "Dragging": a
 * flow dropped onto another workspace). Needs change access to the flow (`authorize`), create access to the target
 * (`authorizeWorkspace`, whose 404 is `copy.flows.workspaceNotFound`: `write`, or `limited` for the caller's own form). The flow keeps its link, submissions, trash
 * state and `updatedAt`; under its row lock its workspace changes and `flow.moved` is emitted in the same transaction
 * (tenant: the NEW workspace; the workflows-engine moves the form's workflows and webhooks). The submit path's cache
 * is dropped, so this replica's next `form.submitted` carries the new workspace (others within FLOW_LOOKUP_TTL_MS).
 * @returns the moved flow, with the caller's access level in the target workspace
 * @throws 404 `copy.flows.flowNotFound` (unknown, another organization's, deleted meanwhile); 404
 *   `copy.flows.workspaceNotFound` for a target that is not the caller's; 403 `copy.auth.writeAccessRequired` without
 *   write access to either; 400 `copy.home.alreadyInWorkspace` onto the flow's current workspace.
 */
export async function moveFlow(
  deps: FlowsDeps,
  publicIdentifier: string,
  workspaceId: number,
  authorize: Authorize,
  authorizeWorkspace: AuthorizeWorkspace,
): Promise<Flow> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'change');
  if (record.workspaceId === workspaceId) throw invalid(copy.home.alreadyInWorkspace);
  authorizeWorkspace(workspaceId, 'create');
  const accessLevel = accessAfterMove(authorize, { workspaceId, createdBy: record.createdBy });
  const moved = await deps.transact(async (tx, emit) => {
    const locked = await lockFlowState(tx, record.id);
    if (!locked) return undefined;
    // Moved by another request since it was read: the caller must be allowed to change it where it is now.
    if (locked.workspaceId !== record.workspaceId) authorize({ workspaceId: locked.workspaceId, createdBy: record.createdBy }, 'change');
    if (locked.workspaceId === workspaceId) throw invalid(copy.home.alreadyInWorkspace);
    await updateFlowWorkspace(tx, record.id, workspaceId);
    await emit<FlowMovedData>({
      type: FLOW_MOVED,
      version: FLOW_MOVED_VERSION,
      key: record.publicIdentifier,
      tenant: { organizationId: record.organizationId, workspaceId },
      data: { flowId: record.id, flowPublicIdentifier: record.publicIdentifier, fromWorkspaceId: locked.workspaceId, workspaceId },
    });
    return findFlowById(tx, record.id);
  });
  deps.reads.forget(publicIdentifier);
  if (!moved) throw notFound(copy.flows.flowNotFound);
  return toFlow(moved, accessLevel);
}

/**
 * The public form (spec 000 §7 `GET /public/flows/templates/{publicIdentifier}?mode=live`): the LIVE snapshot's
 * template, the theme it is drawn with (`ResolvedTheme`, read with the flow in one query: a theme changed or deleted
 * shows at the next read, nothing is cached; null for the default look) and the flow's settings (but its custom
 * columns, the owners' own). No login for `live`. For `edit` the DRAFT is returned, and
 * `authorize` (view) must be given: the route passes it only for a signed-in caller.
 * @throws 404 `copy.flows.flowNotFound` for an unknown flow (or `edit` without `authorize`), and in `live` mode for a
 *   flow in the trash (`Flow.trashedAt`: its public link is gone until restored; the editor's `edit` still reads it);
 *   404 `copy.publicForm.flowNotPublished` when a `live` form was never published, `copy.publicForm.formClosed` when it
 *   was closed or its settings close it now (past `closesAt`, at `responseLimit`), with `details.closedMessage`.
 */
export async function getPublicTemplate(
  deps: FlowsDeps,
  publicIdentifier: string,
  mode: 'live' | 'edit',
  authorize?: Authorize,
): Promise<Omit<PublicTemplateResponse, 'challenge'>> {
  const found = await findPublicFlow(deps.db, publicIdentifier);
  if (!found) throw notFound(copy.flows.flowNotFound);
  const { record } = found;
  let template: FlowTemplate | undefined;
  if (mode === 'edit') {
    if (!authorize) throw notFound(copy.flows.flowNotFound);
    authorize(record, 'view');
    template = await findDraftTemplate(deps.db, record.id);
  } else {
    if (record.trashedAt !== null) throw notFound(copy.flows.flowNotFound);
    if (record.liveSnapshotId === null) throw notFound(copy.publicForm.flowNotPublished);
    const settings = formSettingsOf(record.settings);
    if (record.closedAt !== null) throw formClosedError(settings);
    if (await closedBy(settings, Date.now(), () => countSubmissions(deps.db, record.id))) throw formClosedError(settings);
    template = await findSnapshotTemplate(deps.db, record.liveSnapshotId);
  }
  if (!template) throw notFound(copy.flows.flowNotFound);
  return {
    flowSnapshot: { template },
    theme: { theme: resolveTheme(record, found.theme) },
    flow: {
      publicIdentifier: record.publicIdentifier,
      name: record.name,
      type: record.type,
      // The owners' custom columns (names, options) are theirs, not the respondents'.
      settings: withoutCustomColumns(record.settings),
    },
  };
}

/**
 * A flow as other services see it (`GET /internal/flows/{publicIdentifier}`, cross-service agreement).
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function getInternalFlow(deps: FlowsDeps, publicIdentifier: string): Promise<InternalFlow> {
  const record = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  if (!record) throw notFound(copy.flows.flowNotFound);
  return internalFlowOf(record);
}

/**
 * Whether submission `submissionId` of flow `publicIdentifier` is still `in_progress` or `finished`
 * (`GET /internal/flows/{publicIdentifier}/submissions/{submissionId}/status`).
 * @throws 404 `copy.flows.submissionNotFound` for an unknown flow or submission (or another flow's).
 */
export async function getSubmissionStatus(deps: FlowsDeps, publicIdentifier: string, submissionId: string): Promise<SubmissionStatus> {
  const record = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  if (!record || !UUID_PATTERN.test(submissionId)) throw notFound(copy.flows.submissionNotFound);
  const status = await findSubmissionStatus(deps.db, record.id, submissionId);
  if (!status) throw notFound(copy.flows.submissionNotFound);
  return status;
}

/** A UUID in its canonical text form (submission ids are UUIDv7). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A flow with its draft template, as other services see it (`GET /internal/flows/{publicIdentifier}/draft`).
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function getInternalFlowDraft(deps: FlowsDeps, publicIdentifier: string): Promise<InternalFlowDraftResponse> {
  const record = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  const template = record ? await findDraftTemplate(deps.db, record.id) : undefined;
  if (!record || !template) throw notFound(copy.flows.flowNotFound);
  return { flow: internalFlowOf(record), template };
}

function internalFlowOf(record: FlowRecord): InternalFlow {
  return {
    id: record.id,
    publicIdentifier: record.publicIdentifier,
    name: record.name,
    type: record.type,
    workspaceId: record.workspaceId,
    organizationId: record.organizationId,
    isPublished: record.liveSnapshotId !== null && record.closedAt === null,
    createdBy: record.createdBy,
  };
}
