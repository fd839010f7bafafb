/**
 * The public form (spec 000 §7 `GET /public/flows/templates/{flowPublicIdentifier}?mode=live`): what a
 * respondent's browser loads. No login needed; the draft view `mode=edit` needs a signed-in caller with view
 * access to the flow.
 */
import { z } from 'zod';
import { ResolvedTheme } from '../../entities/theme';
import * as copy from '../../copy';
import { FlowSettings, FlowType } from '../../entities/flow';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { CHALLENGE_PROVIDERS, PUBLIC_FORM_ROUTES } from '../public-form-routes';
import { FlowParams, FlowSnapshotView } from './flows';

/**
 * `GET /public/flows/templates/:publicIdentifier` query (spec 000 §7): `live` (default) is the published
 * form, for anyone; `edit` is the draft, only for a signed-in caller with view access to the flow.
 */
export const PublicTemplateQuery = z.object({ mode: z.enum(['live', 'edit']).default('live') });
/** `{mode}`. */
export type PublicTemplateQuery = z.infer<typeof PublicTemplateQuery>;

/**
 * The theme the public form is drawn with. The spec's response names `theme.theme` but not its shape; ours is the
 * resolved theme (`entities/theme.ts` `ResolvedTheme`: the id it was chosen by, its name and design), or `null`
 * for the default look (the web app's default theme, also when the chosen organization theme was deleted).
 */
export const PublicTheme = ResolvedTheme;
/** `{featuredThemeId, themePublicId, name, theme}`. */
export type PublicTheme = z.infer<typeof PublicTheme>;

/** The bot challenges an operator can put in front of public submissions (docs/architecture.md §6 flows). */
export const ChallengeProvider = z.enum(CHALLENGE_PROVIDERS);
/** `turnstile` (Cloudflare Turnstile) or `hcaptcha`. */
export type ChallengeProvider = z.infer<typeof ChallengeProvider>;

/** What the public form needs to render the challenge: the provider and its public site key. */
export const PublicChallenge = z.object({ provider: ChallengeProvider, siteKey: z.string() });
/** `{provider, siteKey}`. */
export type PublicChallenge = z.infer<typeof PublicChallenge>;

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
  /**
   * The bot challenge the respondent must pass before submitting, when the operator configured one
   * (`CHALLENGE_PROVIDER` of the flows service): its provider and public site key; `null` otherwise.
   */
  challenge: PublicChallenge.nullable(),
});
/** The public form. */
export type PublicTemplateResponse = z.infer<typeof PublicTemplateResponse>;


/** `GET /public/flows/templates/:publicIdentifier` (spec 000 §7): the live form, or the draft for its editors. */
export const getPublicTemplate = defineEndpoint({
  id: 'publicForms.template',
  service: 'flows',
  method: PUBLIC_FORM_ROUTES.liveForm.method,
  path: PUBLIC_FORM_ROUTES.liveForm.path,
  access: 'public',
  summary: 'Load a form to fill in',
  description: 'The published template, its theme and the settings a respondent may see. `mode=edit` returns the draft to a signed-in caller with view access (401 anonymous).',
  tags: ['public forms'],
  params: FlowParams,
  query: PublicTemplateQuery,
  responses: {
    200: okResponse(PublicTemplateResponse),
    401: errorResponse('`mode=edit` without being signed in.'),
    404: errorResponse(`'${copy.flows.flowNotFound}', or '${copy.publicForm.flowNotPublished}' when it was never published.`),
  },
});
