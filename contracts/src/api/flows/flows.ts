/**
 * The flow calls of the flows service (spec 000 §7 "The calls it makes"): create, list, fetch the draft, save
 * the draft, publish. Every call needs a signed-in caller and checks workspace access on the server (spec 000
 * §6; `rules/access.ts`): a flow in a workspace that is not the caller's — or another member's form in a workspace
 * where the caller is `limited` — answers 404 'Form not found', a read-only member asking to change gets 403.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { Flow, FlowSettings, FlowType, FormSettings } from '../../entities/flow';
import { FlowTemplate } from '../../entities/flow-template';
import { FLOW_NAME_MAX_LENGTH, FLOWS_PAGE_SIZE_DEFAULT, FLOWS_PAGE_SIZE_MAX } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** ours: longest accepted public identifier in a path (the kit makes 12 characters). */
export const PUBLIC_IDENTIFIER_MAX_LENGTH = 64;
/** ours: longest accepted theme id, onboarding type and custom ending slug at creation. */
export const THEME_ID_MAX_LENGTH = 64;
export const ONBOARDING_TYPE_MAX_LENGTH = 64;
export const CUSTOM_ENDING_MAX_LENGTH = 200;

/** Path parameters of every `…/:publicIdentifier…` route. */
export const FlowParams = z.object({
  publicIdentifier: z.string().min(1).max(PUBLIC_IDENTIFIER_MAX_LENGTH),
});
/** `{publicIdentifier}` path parameters. */
export type FlowParams = z.infer<typeof FlowParams>;

/**
 * `POST /admin/flows` body (spec 000 §7). Only `workspaceId` is required.
 * - `name`: trimmed; blank or absent → the type's default name (`rules/flow-name` `defaultFlowName`:
 *   'My form', 'My quiz', 'New form').
 * - `dedupeFormName` (default false; the web sends true): make the name unique in the workspace
 *   ('My form', 'My form (2)', …; `rules/flow-name` `dedupeFlowName`).
 * - `flowTemplate`: the draft to start from, checked with `rules/flow-template` `validateFlowTemplate` (400
 *   with details at `flowTemplate.<path>`); absent → `blankFlowTemplate()`.
 * - `type` (default `form`): spec 000 §1 flow types.
 * - `workspaceId`: required for now. Spec 000 §4 says it is omitted for scheduling flows; until the
 *   scheduling service decides where those live, the flows service refuses a create without it.
 * - `theme`: the chosen theme's id (spec 000 §2 choose_theme): a featured theme such as `dark` or `plain` (stored
 *   as the flow's `featuredThemeId`) or the public id of one of the organization's themes (`themePublicId`); any
 *   other id is 400 `copy.themes.unknownTheme`. Absent or null: the default look.
 * - `flowSettings`: the flow's initial settings (an object).
 * - `onboardingType`, `customEnding`: accepted so the documented payload is valid; not stored yet.
 */
export const CreateFlowBody = z.object({
  name: z.string().max(FLOW_NAME_MAX_LENGTH).nullish(),
  flowTemplate: z.record(z.string(), z.unknown()).nullish(),
  dedupeFormName: z.boolean().default(false),
  type: FlowType.default('form'),
  workspaceId: z.number().int().positive(),
  onboardingType: z.string().max(ONBOARDING_TYPE_MAX_LENGTH).nullish(),
  theme: z.string().min(1).max(THEME_ID_MAX_LENGTH).nullish(),
  flowSettings: FlowSettings.nullish(),
  customEnding: z.string().max(CUSTOM_ENDING_MAX_LENGTH).nullish(),
});
/** `POST /admin/flows` body after parsing. */
export type CreateFlowBody = z.infer<typeof CreateFlowBody>;

/** `POST /admin/flows` 201 response: the new flow (its `accessLevel` is the caller's). */
export const CreateFlowResponse = z.object({ flow: Flow });
/** `POST /admin/flows` response. */
export type CreateFlowResponse = z.infer<typeof CreateFlowResponse>;

/** A snapshot of a flow's template as the editor and the public form read it: `{template}`. */
export const FlowSnapshotView = z.object({ template: FlowTemplate });
/** `{template}`. */
export type FlowSnapshotView = z.infer<typeof FlowSnapshotView>;

/**
 * `GET /admin/flows/fetch/:publicIdentifier` and `PUT /admin/flows/:publicIdentifier/template` response: the
 * flow and its DRAFT template as `flowSnapshot.template` (spec 000 §7).
 */
export const FlowWithDraftResponse = z.object({ flow: Flow, flowSnapshot: FlowSnapshotView });
/** `{flow, flowSnapshot: {template}}`. */
export type FlowWithDraftResponse = z.infer<typeof FlowWithDraftResponse>;

/**
 * `PUT /admin/flows/:publicIdentifier/template` body: the new draft. Checked with `validateFlowTemplate`;
 * a refused template gives 400 `validation_error` with details at `template.<path>` (e.g.
 * `template.firstStep`) and leaves the draft unchanged.
 */
export const SaveTemplateBody = z.object({ template: z.record(z.string(), z.unknown()) });
/** `{template}`. */
export type SaveTemplateBody = z.infer<typeof SaveTemplateBody>;

/** `POST /admin/flows/:publicIdentifier/publish` response: the flow, now `isPublished` with a new `publishedAt`. */
export const PublishFlowResponse = z.object({ flow: Flow });
/** `{flow}`. */
export type PublishFlowResponse = z.infer<typeof PublishFlowResponse>;

/**
 * The home lists (spec 000 §2 tabs and the reserved workspace id `trash`): `all` the flows not in the trash; `starred`
 * the caller's starred ones; `recents` the ones the caller opened (`lastViewedAt` set); `trash` the trashed ones.
 */
export const FlowListView = z.enum(['all', 'starred', 'recents', 'trash']);
/** A home list. */
export type FlowListView = z.infer<typeof FlowListView>;

/**
 * spec 000 §2 sort options ('Created date', 'Last viewed', 'Last edited', 'Submission count', 'Alphabetical', 'Unread'):
 * newest created, most recently opened by the caller (never opened last), most recently edited, most finished
 * submissions, name A→Z (case-insensitive), most submissions since the caller last opened the Results. Ties: newest
 * id first (name A→Z: lowest id first), so pages never overlap.
 */
export const FlowSort = z.enum(['createdDate', 'lastViewed', 'lastEdited', 'submissionCount', 'alphabetical', 'unread']);
/** A sort option. */
export type FlowSort = z.infer<typeof FlowSort>;

/**
 * `GET /admin/flows` query:
 * - `workspaceId`: that workspace's flows (view access needed; 404 'Workspace not found' otherwise); without it,
 *   the flows of every workspace the caller can see (the Starred, Recents and Trash tabs);
 * - `view` (default `all`) and `sort` (default `createdDate`; see {@link FlowListView}, {@link FlowSort});
 * - `limit` (1..{@link FLOWS_PAGE_SIZE_MAX}, default {@link FLOWS_PAGE_SIZE_DEFAULT}) and `cursor`: a page, and the
 *   response's `nextCursor` asks for the next one (opaque; a cursor of another sort or view gives another page, not an
 *   error, and a malformed one is a 400).
 */
export const ListFlowsQuery = z.object({
  workspaceId: z.coerce.number().int().positive().optional(),
  view: FlowListView.default('all'),
  sort: FlowSort.default('createdDate'),
  limit: z.coerce.number().int().min(1).max(FLOWS_PAGE_SIZE_MAX).default(FLOWS_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
/** `{workspaceId?, view, sort, limit, cursor?}`. */
export type ListFlowsQuery = z.infer<typeof ListFlowsQuery>;

/**
 * A flow in a list, with the caller's own view of it:
 * - `submissionCount`: its finished submissions (spec 000 §2 sort option 'Submission count');
 * - `isStarred`: the caller starred it (per user);
 * - `lastViewedAt`: when the caller last opened it in the editor, or null (per user; 'Recently viewed');
 * - `unreadCount`: finished submissions since the caller last opened its Results ('Unread'; all of them before the
 *   first time, never below 0 — submissions deleted since then lower it).
 */
export const ListedFlow = Flow.extend({
  submissionCount: z.number().int().nonnegative(),
  isStarred: z.boolean(),
  lastViewedAt: z.string().nullable(),
  unreadCount: z.number().int().nonnegative(),
});
/** A flow with the caller's view of it. */
export type ListedFlow = z.infer<typeof ListedFlow>;

/** `GET /admin/flows` response: one page in the asked order, and the cursor of the next page (null on the last). */
export const ListFlowsResponse = z.object({ flows: z.array(ListedFlow), nextCursor: z.string().nullable() });
/** `{flows, nextCursor}`. */
export type ListFlowsResponse = z.infer<typeof ListFlowsResponse>;

/** `PUT /admin/flows/:publicIdentifier/star` body: star (`true`) or unstar the flow for the caller. */
export const StarFlowBody = z.object({ starred: z.boolean() });
/** `{starred}`. */
export type StarFlowBody = z.infer<typeof StarFlowBody>;

/**
 * `POST /admin/flows/:publicIdentifier/views` body: the caller opened the flow — in the editor (its `lastViewedAt`,
 * 'Recently viewed'), and with `results: true` its Results too (its `unreadCount` goes back to 0).
 */
export const RecordFlowViewBody = z.object({ results: z.boolean().default(false) });
/** `{results}`. */
export type RecordFlowViewBody = z.infer<typeof RecordFlowViewBody>;

/** `POST /admin/flows/:publicIdentifier/move` body: the workspace to move the flow to (spec 000 §4 "Dragging"). */
export const MoveFlowBody = z.object({ workspaceId: z.number().int().positive() });
/** `{workspaceId}`. */
export type MoveFlowBody = z.infer<typeof MoveFlowBody>;

/** `{success: true}`: a change that has nothing else to answer. */
export const SuccessResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type SuccessResponse = z.infer<typeof SuccessResponse>;

const forbidden = errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`);
const flowNotFound = errorResponse(`'${copy.flows.flowNotFound}': no such flow, or not in a workspace of the caller.`);

/** `POST /admin/flows` (spec 000 §7): creates a flow; the editor opens on `flow.publicIdentifier`. */
export const createFlow = defineEndpoint({
  id: 'flows.create',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows',
  access: 'session',
  summary: 'Create a flow',
  description:
    'Creates a form (or quiz, scheduling page …) in a workspace where the caller has `write` or `limited` access (a limited member reaches only the forms they create). Spec 000 §7, §6.',
  body: CreateFlowBody,
  responses: {
    201: okResponse(CreateFlowResponse, 'The new flow.'),
    403: forbidden,
    404: errorResponse(`'${copy.flows.workspaceNotFound}': the workspace is not the caller's.`),
  },
});

/** `GET /admin/flows`: the flows of one workspace, or of every workspace the caller can see. */
export const listFlows = defineEndpoint({
  id: 'flows.list',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows',
  access: 'session',
  summary: 'List flows',
  description:
    'A page of the flows of a workspace, or of every workspace the caller can see (in a `limited` workspace, only the caller\'s own): all, starred, recently viewed or trashed (spec 000 §2), in one of the six sort orders, each with its finished submissions and the caller\'s star, last view and unread count.',
  query: ListFlowsQuery,
  responses: {
    200: okResponse(ListFlowsResponse),
    400: errorResponse('A malformed `cursor`, or a query value that is not valid.'),
    404: errorResponse(`'${copy.flows.workspaceNotFound}': the workspace is not the caller's.`),
  },
});

/** `GET /admin/flows/fetch/:publicIdentifier` (spec 000 §7): a flow and its draft template. */
export const fetchFlow = defineEndpoint({
  id: 'flows.fetch',
  service: 'flows',
  method: 'GET',
  path: '/admin/flows/fetch/:publicIdentifier',
  access: 'session',
  summary: 'Fetch a flow with its draft template',
  params: FlowParams,
  responses: { 200: okResponse(FlowWithDraftResponse), 404: flowNotFound },
});

/** `PUT /admin/flows/:publicIdentifier/template`: stores a new draft template. */
export const saveFlowTemplate = defineEndpoint({
  id: 'flows.saveTemplate',
  service: 'flows',
  method: 'PUT',
  path: '/admin/flows/:publicIdentifier/template',
  access: 'session',
  summary: 'Save the draft template',
  description: 'The live form does not change until the flow is published. A refused template leaves the draft as it was.',
  params: FlowParams,
  body: SaveTemplateBody,
  responses: { 200: okResponse(FlowWithDraftResponse), 403: forbidden, 404: flowNotFound },
});

/** `POST /admin/flows/:publicIdentifier/publish`: the draft becomes the live form (a new snapshot version). */
export const publishFlow = defineEndpoint({
  id: 'flows.publish',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/publish',
  access: 'session',
  summary: 'Publish the draft',
  params: FlowParams,
  responses: {
    200: okResponse(PublishFlowResponse),
    403: forbidden,
    404: flowNotFound,
    409: errorResponse(`'${copy.home.flowInTrash}': the flow is in the trash.`),
  },
});

/** `PATCH /admin/flows/:publicIdentifier` body: the new name (trimmed; blank refused with `copy.flows.nameRequired`). */
export const RenameFlowBody = z.object({
  name: z
    .string()
    .max(FLOW_NAME_MAX_LENGTH)
    .transform((name) => name.trim())
    .pipe(z.string().min(1, copy.flows.nameRequired)),
});
/** `{name}`. */
export type RenameFlowBody = z.infer<typeof RenameFlowBody>;

/** The flow after a change: `{flow}`. */
export const FlowResponse = z.object({ flow: Flow });
/** `{flow}`. */
export type FlowResponse = z.infer<typeof FlowResponse>;

/**
 * `PATCH /admin/flows/:publicIdentifier`: renames a flow (the editor's title, the home card). The name is kept as
 * typed (trimmed); two flows of a workspace may share a name, as in Fillout and Typeform.
 */
export const renameFlow = defineEndpoint({
  id: 'flows.rename',
  service: 'flows',
  method: 'PATCH',
  path: '/admin/flows/:publicIdentifier',
  access: 'session',
  summary: 'Rename a flow',
  params: FlowParams,
  body: RenameFlowBody,
  responses: { 200: okResponse(FlowResponse), 403: forbidden, 404: flowNotFound },
});

/**
 * `PATCH /admin/flows/:publicIdentifier/settings` body: the form settings to change (`FormSettings`); a key set
 * to `null` clears that setting, an absent key keeps it.
 */
export const UpdateFlowSettingsBody = FormSettings;
/** The settings to change. */
export type UpdateFlowSettingsBody = z.infer<typeof UpdateFlowSettingsBody>;

/**
 * `PATCH /admin/flows/:publicIdentifier/settings`: changes the form settings (close at a date, response limit, one
 * response per browser, redirect after submit, closed message). They apply at once to the live form, without a
 * publish: they are about taking responses, not about the form's content.
 */
export const updateFlowSettings = defineEndpoint({
  id: 'flows.updateSettings',
  service: 'flows',
  method: 'PATCH',
  path: '/admin/flows/:publicIdentifier/settings',
  access: 'session',
  summary: 'Change the form settings',
  params: FlowParams,
  body: UpdateFlowSettingsBody,
  responses: { 200: okResponse(FlowResponse), 400: errorResponse('A setting that is not valid.'), 403: forbidden, 404: flowNotFound },
});

/** `POST /admin/flows/:publicIdentifier/duplicate` 201 response: the copy. */
export const DuplicateFlowResponse = z.object({ flow: Flow });
/** `{flow}`. */
export type DuplicateFlowResponse = z.infer<typeof DuplicateFlowResponse>;

/**
 * `POST /admin/flows/:publicIdentifier/duplicate`: a new flow in the same workspace with the draft, settings and
 * theme of the original, named `copy.flows.copyOfName(name)` made unique in the workspace; not published, no
 * submissions, no workflows.
 */
export const duplicateFlow = defineEndpoint({
  id: 'flows.duplicate',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/duplicate',
  access: 'session',
  summary: 'Duplicate a flow',
  params: FlowParams,
  responses: { 201: okResponse(DuplicateFlowResponse, 'The copy.'), 403: forbidden, 404: flowNotFound },
});

/**
 * `POST /admin/flows/:publicIdentifier/unpublish`: closes the live form — its public link shows
 * `copy.publicForm.formClosed` and refuses submissions until the next publish. Idempotent; a never-published flow
 * stays as it is.
 */
export const unpublishFlow = defineEndpoint({
  id: 'flows.unpublish',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/unpublish',
  access: 'session',
  summary: 'Close (unpublish) a flow',
  params: FlowParams,
  responses: { 200: okResponse(FlowResponse), 403: forbidden, 404: flowNotFound },
});

/** `DELETE /admin/flows/:publicIdentifier` response: `{success: true}` (as the other deletes answer). */
export const DeleteFlowResponse = z.object({ success: z.literal(true) });
/** `{success: true}`. */
export type DeleteFlowResponse = z.infer<typeof DeleteFlowResponse>;

/**
 * `DELETE /admin/flows/:publicIdentifier`: deletes the flow forever with its versions and submissions; its
 * workflows follow (`flow.deleted`). The web app asks to confirm first.
 */
export const deleteFlow = defineEndpoint({
  id: 'flows.delete',
  service: 'flows',
  method: 'DELETE',
  path: '/admin/flows/:publicIdentifier',
  access: 'session',
  summary: 'Delete a flow forever',
  params: FlowParams,
  responses: { 200: okResponse(DeleteFlowResponse, 'Deleted.'), 403: forbidden, 404: flowNotFound },
});

/** `PUT /admin/flows/:publicIdentifier/star`: stars or unstars a flow for the caller (view access is enough). */
export const starFlow = defineEndpoint({
  id: 'flows.star',
  service: 'flows',
  method: 'PUT',
  path: '/admin/flows/:publicIdentifier/star',
  access: 'session',
  summary: 'Star or unstar a flow',
  description: "Per user: another member's stars are their own (spec 000 §2 'Starred').",
  params: FlowParams,
  body: StarFlowBody,
  responses: { 200: okResponse(SuccessResponse), 404: flowNotFound },
});

/** `POST /admin/flows/:publicIdentifier/views`: records that the caller opened a flow (and its Results). */
export const recordFlowView = defineEndpoint({
  id: 'flows.recordView',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/views',
  access: 'session',
  summary: 'Record that the caller opened a flow',
  description: "Feeds 'Recently viewed', the 'Last viewed' order and, with `results`, the 'Unread' count (spec 000 §2).",
  params: FlowParams,
  body: RecordFlowViewBody,
  responses: { 200: okResponse(SuccessResponse), 404: flowNotFound },
});

/**
 * `POST /admin/flows/:publicIdentifier/trash`: moves a flow to the trash (spec 000 §2, §4: dropping onto trash). Its
 * public link answers 404 until it is restored; nothing is deleted. Idempotent (keeps the first `trashedAt`).
 */
export const trashFlow = defineEndpoint({
  id: 'flows.trash',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/trash',
  access: 'session',
  summary: 'Move a flow to the trash',
  params: FlowParams,
  responses: { 200: okResponse(FlowResponse), 403: forbidden, 404: flowNotFound },
});

/** `POST /admin/flows/:publicIdentifier/restore`: takes a flow out of the trash, as it was. Idempotent. */
export const restoreFlow = defineEndpoint({
  id: 'flows.restore',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/restore',
  access: 'session',
  summary: 'Restore a flow from the trash',
  params: FlowParams,
  responses: { 200: okResponse(FlowResponse), 403: forbidden, 404: flowNotFound },
});

/**
 * `POST /admin/flows/:publicIdentifier/move` (spec 000 §4 "Dragging": a flow dropped onto another workspace). Needs
 * change access to both workspaces; the flow keeps its link, submissions and workflows, which follow it
 * (`flow.moved`). A move onto its current workspace is refused (400 `copy.home.alreadyInWorkspace`).
 */
export const moveFlow = defineEndpoint({
  id: 'flows.move',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/:publicIdentifier/move',
  access: 'session',
  summary: 'Move a flow to another workspace',
  params: FlowParams,
  body: MoveFlowBody,
  responses: {
    200: okResponse(FlowResponse),
    400: errorResponse(`'${copy.home.alreadyInWorkspace}'.`),
    403: forbidden,
    404: errorResponse(`'${copy.flows.flowNotFound}', or '${copy.flows.workspaceNotFound}' for a target workspace that is not the caller's.`),
  },
});
