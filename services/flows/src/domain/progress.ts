/**
 * Partial submissions (`@formloom/contracts/api/flows/progress`): a respondent's progress through the live form,
 * saved as they move between pages — a submission `in_progress` that lists and counts leave out — and finished by
 * their final submission. The browser that started keeps the id and a secret token (32 random bytes, stored as its
 * SHA-256); only that token updates or finishes it. Plain functions over the database; no Fastify.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { editLinkOf } from '@formloom/contracts/rules/edit-links';
import { newEditToken } from './edit-tokens';
import * as copy from '@formloom/contracts/copy';
import type { SaveProgressBody, SaveProgressResponse } from '@formloom/contracts/api/flows/progress';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { orderedSteps } from '@formloom/contracts/rules/steps';
import { urlParamAnswers } from '@formloom/contracts/rules/url-params';
import { invalid, notFound } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { findProgress, finishProgress, insertProgress, updateProgress } from '../db/progress-repository';
import type { FlowRecord } from '../db/flows-repository';
import type { FlowsDeps } from './flows';
import { findLiveForm, submittedEvent } from './submissions';
import { claimResponseUploads, fileLinks, resolveUploads } from './uploads';
import { FORM_PROGRESSED, FORM_PROGRESSED_VERSION, type FormProgressedData } from '@formloom/contracts/events/form-progressed';
import type { EventInput } from '@formloom/kit/outbox';
import { searchTextOf } from './search-text';

/** SHA-256 (hex) of a progress token. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash is `hash` (constant time). */
function tokenMatches(token: string, hash: string | null): boolean {
  if (!hash) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The pages a respondent who reached `stepId` has completed: the form pages before it in page order (all of them
 * when `stepId` is an ending or not a page).
 */
function pagesBefore(template: FlowTemplate, stepId: string): string[] {
  const pages = orderedSteps(template).filter((step) => step.type === 'form').map((step) => step.id);
  const index = pages.indexOf(stepId);
  return index >= 0 ? pages.slice(0, index) : pages;
}

/**
 * The `form.progressed` event of a saved progress (`@formloom/contracts/events/form-progressed`): the answers so far
 * in `form.submitted`'s shape (`submittedEvent`, with the progress' id as the submission id and its first save as
 * the submission time), when this save happened and the page reached — written in the save's transaction, so the
 * workflows-engine's `formAbandoned` timers follow every save exactly once.
 */
function progressedEvent(
  deps: FlowsDeps,
  flow: FlowRecord,
  template: FlowTemplate,
  progress: { submissionId: string; startedAt: Date; now: Date; stepId: string; answers: Record<string, unknown> },
): EventInput<FormProgressedData> {
  const submitted = submittedEvent(flow, template, progress.submissionId, progress.startedAt.toISOString(), progress.answers, fileLinks(deps.publicUrl, flow.publicIdentifier));
  return {
    type: FORM_PROGRESSED,
    version: FORM_PROGRESSED_VERSION,
    key: progress.submissionId,
    tenant: submitted.tenant,
    data: { ...submitted.data, lastUpdatedAt: progress.now.toISOString(), stepId: progress.stepId },
  };
}

/**
 * Saves a respondent's progress on the live form `publicIdentifier`: creates the partial submission on the first
 * call (answering its id and token, once) and updates it on the next (with id and token). `stepId` is the page the
 * respondent moved to: the answers of the pages before it (completed) on the respondent's path — which the hidden
 * fields `body.urlParameters` take part in, as in a submission — are checked like a submission's and stored
 * normalized (a hidden question's answer computed from the form and the hidden fields, as a submission's is), with
 * the declared hidden fields under their ids, tied to the live snapshot; the page in progress
 * stays in the browser. Files those answers name are
 * checked like a submission's and claimed by the progress (files it no longer names are let go).
 * @throws 404 as a submission (unknown, trashed, never published, closed form) or `copy.flows.progressNotFound` (unknown
 *   or finished progress, wrong token); 400 `copy.flows.submissionInvalid` with a detail per question in error.
 */
export async function saveProgress(deps: FlowsDeps, publicIdentifier: string, body: SaveProgressBody): Promise<SaveProgressResponse['progress']> {
  const { flow, snapshotId, template } = await findLiveForm(deps, publicIdentifier, false);
  // The hidden fields take part in the path (a page rule on `urlParams.<name>`), as in the browser and a submission.
  const result = validateAnswers(template, body.answers, { stepIds: pagesBefore(template, body.stepId), urlParameters: body.urlParameters });
  if (!result.ok) throw invalid(copy.flows.submissionInvalid, result.errors);
  // Files named by the completed pages are checked like a submission's and claimed by the progress (`uploads.ts`).
  const files = await resolveUploads(deps, flow.id, template, result.answers, body.progressId);
  // Declared hidden fields are kept with the answers under their ids, as a submission keeps them.
  const answers = { ...files.answers, ...urlParamAnswers(template, body.urlParameters) };
  // What the Results' search finds of it while it is in progress (`search-text.ts`).
  const searchText = searchTextOf(template, answers);
  const now = new Date();
  if (body.progressId === undefined || body.progressToken === undefined) {
    const progressId = uuidv7();
    const progressToken = randomBytes(32).toString('base64url');
    await deps.transact(async (tx, emit) => {
      await insertProgress(tx, { id: progressId, flowId: flow.id, snapshotId, answers, tokenHash: hashToken(progressToken), stepId: body.stepId, now, searchText });
      await claimResponseUploads(tx, { flowId: flow.id, submissionId: progressId, uploadIds: files.uploadIds });
      await emit(progressedEvent(deps, flow, template, { submissionId: progressId, startedAt: now, now, stepId: body.stepId, answers }));
    });
    return { progressId, progressToken, lastUpdatedAt: now.toISOString() };
  }
  const existing = await findProgress(deps.db, flow.id, body.progressId);
  if (!existing || !tokenMatches(body.progressToken, existing.progressTokenHash)) throw notFound(copy.flows.progressNotFound);
  const updated = await deps.transact(async (tx, emit) => {
    const done = await updateProgress(tx, { id: existing.id, snapshotId, answers, stepId: body.stepId, now, searchText });
    if (done) {
      await claimResponseUploads(tx, { flowId: flow.id, submissionId: existing.id, uploadIds: files.uploadIds, release: true });
      await emit(progressedEvent(deps, flow, template, { submissionId: existing.id, startedAt: existing.startedAt, now, stepId: body.stepId, answers }));
    }
    return done;
  });
  if (!updated) throw notFound(copy.flows.progressNotFound);
  return { progressId: existing.id, lastUpdatedAt: now.toISOString() };
}

/**
 * Turns the respondent's saved progress into their submission, with its `form.submitted` event, in one
 * transaction (with the claim of the files its answers name); the submission keeps the progress' id. Resolves `undefined` when there is no such progress in
 * progress with that token (unknown, another form's, finished by another request, wrong token): the caller then
 * stores the answers as a new submission, so a respondent never loses them.
 */
export async function finishSavedProgress(
  deps: FlowsDeps,
  input: {
    flow: FlowRecord;
    snapshotId: number;
    template: FlowTemplate;
    answers: Record<string, unknown>;
    respondentKey: string | null;
    progressId: string;
    progressToken: string;
    /** The uploads the answers name (`uploads.ts` `resolveUploads`), claimed in the same transaction. */
    uploadIds?: readonly string[];
  },
): Promise<{ submissionId: string; submissionTime: string; editLink?: string } | undefined> {
  const existing = await findProgress(deps.db, input.flow.id, input.progressId);
  if (!existing || !tokenMatches(input.progressToken, existing.progressTokenHash)) return undefined;
  const now = new Date();
  const submissionTime = now.toISOString();
  // The submission's edit link (`edit-submissions.ts`), made as it is finished, like a direct submission's.
  const edit = newEditToken();
  const editLink = deps.publicUrl ? editLinkOf(deps.publicUrl, input.flow.publicIdentifier, existing.id, edit.token) : undefined;
  return deps.transact(async (tx, emit) => {
    const finished = await finishProgress(tx, {
      id: existing.id,
      snapshotId: input.snapshotId,
      answers: input.answers,
      now,
      respondentKey: input.respondentKey,
      editTokenHash: edit.hash,
      searchText: searchTextOf(input.template, input.answers),
    });
    if (!finished) return undefined;
    await claimResponseUploads(tx, { flowId: input.flow.id, submissionId: existing.id, uploadIds: input.uploadIds ?? [], release: true });
    await emit(submittedEvent(input.flow, input.template, existing.id, submissionTime, input.answers, fileLinks(deps.publicUrl, input.flow.publicIdentifier), editLink));
    return { submissionId: existing.id, submissionTime, ...(editLink ? { editLink } : {}) };
  });
}
