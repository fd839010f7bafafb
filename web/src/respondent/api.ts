/**
 * The public form's two calls (spec 000 §7), by their zod-free routes
 * (`@formloom/contracts/api/public-form-routes`), and the live form the gateway embedded in the page:
 *
 * - `GET /public/flows/templates/{publicIdentifier}?mode=live` → {flowSnapshot: {template}, theme: {theme},
 *   flow: {name, settings}, challenge}; 404 'Form not found' / 'This form is not published' / the closed text.
 * - `POST /public/flows/{publicIdentifier}/submissions` {answers: {<widgetId>: value}, challengeToken?} → 201
 *   {submission: {submissionId, submissionTime}}; 400 with details [{path: 'answers.<widgetId>', message}].
 */
import type { PublicTemplateResponse } from '@formloom/contracts/api/flows/public-forms';
import type { SubmitResponse } from '@formloom/contracts/api/flows/submissions';
import { LIVE_FORM_ELEMENT_ID, PUBLIC_FORM_ROUTES, type EmbeddedLiveForm } from '@formloom/contracts/api/public-form-routes';
import { apiErrorOf, callRoute, type ApiError } from '../lib/api-client';

/** The published form as a respondent loads it. */
export type LiveForm = PublicTemplateResponse;

/** What the respondent gets back: the submission's id and time. */
export type SubmissionReceipt = SubmitResponse['submission'];

/** Loads the live form. @throws ApiError 404 'Form not found' / 'This form is not published' / closed. */
export function getLiveForm(publicIdentifier: string, signal?: AbortSignal): Promise<LiveForm> {
  return callRoute<LiveForm>(PUBLIC_FORM_ROUTES.liveForm, { params: { publicIdentifier }, query: { mode: 'live' }, signal });
}

/**
 * Submits the answers, with the bot challenge's token when the form has a challenge.
 * @throws ApiError 400 with one detail per question in error (or at `body.challengeToken`), 404 for an unknown or
 *   closed form, 429 over the submission limit
 */
export async function submitAnswers(input: SubmitInput): Promise<SubmissionReceipt> {
  const body = await callRoute<SubmitResponse>(PUBLIC_FORM_ROUTES.submit, {
    params: { publicIdentifier: input.publicIdentifier },
    body: {
      answers: input.answers,
      ...(input.challengeToken ? { challengeToken: input.challengeToken } : {}),
      ...(input.respondentId ? { respondentId: input.respondentId } : {}),
      ...(input.progressId && input.progressToken ? { progressId: input.progressId, progressToken: input.progressToken } : {}),
      ...(input.urlParameters && Object.keys(input.urlParameters).length > 0 ? { urlParameters: input.urlParameters } : {}),
    },
  });
  return body.submission;
}

/** What {@link submitAnswers} sends. */
export interface SubmitInput {
  publicIdentifier: string;
  answers: Record<string, unknown>;
  /** The bot challenge's token, when the form has a challenge. */
  challengeToken?: string;
  /** This browser's id for the form ({@link respondentIdFor}), sent when the form takes one response per browser. */
  respondentId?: string;
  /** The saved progress this submission finishes (`resume.ts`), with its token. */
  progressId?: string;
  progressToken?: string;
  /** The form's hidden fields read from its link (`rules/url-params.ts` `readUrlParams`): name → value. */
  urlParameters?: Record<string, string>;
}

/** The `localStorage` key of this browser's id for a form, and of its "responded" mark. */
const storageKey = (kind: 'respondent' | 'responded', publicIdentifier: string) => `formloom:${kind}:${publicIdentifier}`;

/** Reads `localStorage`, or `undefined` where it is not available (private mode, a sandboxed frame). */
function stored(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes `localStorage` when it is available. */
function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not available: the server still refuses a second response from the same id within this page.
  }
}

/**
 * This browser's random id for form `publicIdentifier` (created and kept in `localStorage` on first use): what the
 * server keys "one response per browser" on (`respondentId` of the submission).
 */
export function respondentIdFor(publicIdentifier: string): string {
  const key = storageKey('respondent', publicIdentifier);
  const existing = stored(key);
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
  store(key, id);
  return id;
}

/** Whether this browser already responded to form `publicIdentifier` (marked by {@link markResponded}). */
export function hasResponded(publicIdentifier: string): boolean {
  return stored(storageKey('responded', publicIdentifier)) !== undefined;
}

/** Marks form `publicIdentifier` as responded to from this browser. */
export function markResponded(publicIdentifier: string): void {
  store(storageKey('responded', publicIdentifier), new Date().toISOString());
}

/** The embedded answer, as the page's first render uses it: the form, or the error the call would have thrown. */
export type EmbeddedResult = { form: LiveForm; error?: undefined } | { form?: undefined; error: ApiError };

/**
 * The live form the gateway embedded in the page for `publicIdentifier` (`<script type="application/json"
 * id="formloom-live-form">`), taken once: the element is removed so a later load fetches. `undefined` when the
 * page has none (the Vite dev server, another form's page) or it cannot be read.
 */
export function takeEmbeddedLiveForm(publicIdentifier: string): EmbeddedResult | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(LIVE_FORM_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  let embedded: EmbeddedLiveForm;
  try {
    embedded = JSON.parse(element.textContent ?? '') as EmbeddedLiveForm;
  } catch {
    return undefined;
  }
  if (embedded.publicIdentifier !== publicIdentifier) return undefined;
  if (embedded.status === 200) return { form: embedded.body as LiveForm };
  return { error: apiErrorOf(embedded.status, embedded.body) };
}
