/**
 * Request and response schemas of the flows service (spec 000 §7 "The calls it makes"; issue 2 §5).
 * The flows service parses every request with these at the edge and serializes every success response with
 * them; the web app types its calls from them. Error responses are the one error format (`errors.ts`).
 *
 * | call | request | response |
 * | --- | --- | --- |
 * | `POST /admin/flows` | {@link CreateFlowBody} | 201 {@link CreateFlowResponse} |
 * | `GET /admin/flows` | {@link ListFlowsQuery} | {@link ListFlowsResponse} |
 * | `GET /admin/flows/fetch/:publicIdentifier` | {@link FlowParams} | {@link FlowWithDraftResponse} |
 * | `PUT /admin/flows/:publicIdentifier/template` | {@link SaveTemplateBody} | {@link FlowWithDraftResponse} |
 * | `POST /admin/flows/:publicIdentifier/publish` | none | {@link PublishFlowResponse} |
 * | `GET /admin/flows/:publicIdentifier/submissions` | {@link SubmissionsQuery} | {@link SubmissionsResponse} |
 * | `GET /public/flows/templates/:publicIdentifier` | {@link PublicTemplateQuery} | {@link PublicTemplateResponse} |
 * | `POST /public/flows/:publicIdentifier/submissions` | {@link SubmitBody} | 201 {@link SubmitResponse} |
 * | `GET /internal/flows/:publicIdentifier` | header `x-internal-token` | {@link InternalFlowResponse} |
 */
import { z } from 'zod';
import { Flow, FlowSettings, FlowType, Submission } from '../entities/flow';
import { FlowTemplate } from '../entities/flow-template';
import {
  FLOW_NAME_MAX_LENGTH,
  SUBMISSIONS_PAGE_DEFAULT,
  SUBMISSIONS_PAGE_MAX,
  SUBMISSIONS_PAGE_MIN,
} from '../limits';

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
 * - `theme`: the chosen theme's id (a featured theme such as `dark` or `plain`, spec 000 §2 choose_theme, or a
 *   custom theme's public id); stored as the flow's `featuredThemeId`. Absent or null: no theme.
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
 * `GET /admin/flows` query: `workspaceId` lists that workspace's flows (view access needed; 404
 * 'Workspace not found' otherwise); without it, the flows of every workspace the caller can see.
 */
export const ListFlowsQuery = z.object({ workspaceId: z.coerce.number().int().positive().optional() });
/** `{workspaceId?}`. */
export type ListFlowsQuery = z.infer<typeof ListFlowsQuery>;

/** A flow in a list, with its number of submissions (spec 000 §2 sort option 'Submission count'). */
export const ListedFlow = Flow.extend({ submissionCount: z.number().int().nonnegative() });
/** A flow with `submissionCount`. */
export type ListedFlow = z.infer<typeof ListedFlow>;

/** `GET /admin/flows` response: newest first (created time, then id). */
export const ListFlowsResponse = z.object({ flows: z.array(ListedFlow) });
/** `{flows}`. */
export type ListFlowsResponse = z.infer<typeof ListFlowsResponse>;

/**
 * `GET /public/flows/templates/:publicIdentifier` query (spec 000 §7): `live` (default) is the published
 * form, for anyone; `edit` is the draft, only for a signed-in caller with view access to the flow.
 */
export const PublicTemplateQuery = z.object({ mode: z.enum(['live', 'edit']).default('live') });
/** `{mode}`. */
export type PublicTemplateQuery = z.infer<typeof PublicTemplateQuery>;

/**
 * The theme the public form is drawn with. The spec's response names `theme.theme` but not its shape; ours is
 * the chosen theme's id, or `null` for the default look (the web app's default theme).
 */
export const PublicTheme = z.object({ featuredThemeId: z.string() });
/** `{featuredThemeId}`. */
export type PublicTheme = z.infer<typeof PublicTheme>;

/**
 * `GET /public/flows/templates/:publicIdentifier` response (spec 000 §7 reads `flowSnapshot.template`,
 * `theme.theme`, `flow.settings`). `flow` holds only what a respondent may see. 404 'Form not found' for an
 * unknown flow, 404 'This form is not published' when it was never published (mode `live`).
 */
export const PublicTemplateResponse = z.object({
  flowSnapshot: FlowSnapshotView,
  theme: z.object({ theme: PublicTheme.nullable() }),
  flow: z.object({
    publicIdentifier: z.string(),
    name: z.string(),
    type: FlowType,
    settings: FlowSettings,
  }),
});
/** The public form. */
export type PublicTemplateResponse = z.infer<typeof PublicTemplateResponse>;

/**
 * `POST /public/flows/:publicIdentifier/submissions` body: answers keyed by widget id. Checked against the LIVE
 * template with `rules/answers` `validateAnswers`: 400 'Some answers need your attention' with details
 * `[{path: 'answers.<widgetId>', message}]`, one per question in error.
 */
export const SubmitBody = z.object({ answers: z.record(z.string(), z.unknown()) });
/** `{answers}`. */
export type SubmitBody = z.infer<typeof SubmitBody>;

/** `POST /public/flows/:publicIdentifier/submissions` 201 response (`submissionTime` ISO 8601). */
export const SubmitResponse = z.object({
  submission: z.object({ submissionId: z.string(), submissionTime: z.string() }),
});
/** `{submission: {submissionId, submissionTime}}`. */
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` query (Fillout's API): `limit` 1–150 (default 50), `offset`
 * ≥ 0 (default 0), `sort` by submission time, `asc` or `desc` (default `desc`, newest first).
 */
export const SubmissionsQuery = z.object({
  limit: z.coerce.number().int().min(SUBMISSIONS_PAGE_MIN).max(SUBMISSIONS_PAGE_MAX).default(SUBMISSIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
/** `{limit, offset, sort}`. */
export type SubmissionsQuery = z.infer<typeof SubmissionsQuery>;

/**
 * `GET /admin/flows/:publicIdentifier/submissions` response in Fillout's shape: the page of `responses`
 * (each with the questions of the snapshot it was submitted against), `totalResponses` of the flow and
 * `pageCount` = ceil(totalResponses / limit).
 */
export const SubmissionsResponse = z.object({
  responses: z.array(Submission),
  totalResponses: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
});
/** `{responses, totalResponses, pageCount}`. */
export type SubmissionsResponse = z.infer<typeof SubmissionsResponse>;

/**
 * `GET /internal/flows/:publicIdentifier` response (cross-service agreement: workflows-engine checks a user's
 * access to a workflow's form with it). 401 without the internal token, 404 for an unknown flow.
 */
export const InternalFlowResponse = z.object({
  flow: z.object({
    id: z.number().int().positive(),
    publicIdentifier: z.string(),
    name: z.string(),
    type: FlowType,
    workspaceId: z.number().int().positive(),
    organizationId: z.number().int().positive(),
    isPublished: z.boolean(),
  }),
});
/** `{flow: {id, publicIdentifier, name, type, workspaceId, organizationId, isPublished}}`. */
export type InternalFlowResponse = z.infer<typeof InternalFlowResponse>;
