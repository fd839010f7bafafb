/**
 * Edit links (`contracts/src/rules/edit-links.ts`, `api/flows/edit-submissions.ts`): a submission made by the public
 * form gets an edit token (`edit-tokens.ts`; only its SHA-256 is stored, `submissions.edit_token_hash`), and its link
 * goes out in the `form.submitted` event and the submit answer. Whoever holds the link may open the submission and
 * save edited answers over it, checked against the live form as a new submission's are; the submission keeps its
 * id and first submission time, `lastUpdatedAt` moves, and it is read from then on with the live snapshot it was
 * edited against. Files the edit no longer names are released (swept after a day). Workflows run once, on the
 * first submission: an edit starts none.
 */
import { and, eq, sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { EditableSubmissionResponse, UpdateSubmissionBody, UpdateSubmissionResponse } from '@formloom/contracts/api/flows/edit-submissions';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { urlParamAnswers } from '@formloom/contracts/rules/url-params';
import { invalid, notFound } from '@formloom/kit/errors';
import { findFlowByPublicIdentifier, findSnapshotTemplate } from '../db/flows-repository';
import { submissions } from '../db/schema';
import { findSubmission, type SubmissionRecord } from '../db/submissions-repository';
import { editTokenMatches, hashEditToken } from './edit-tokens';
import type { FlowsDeps } from './flows';
import { findLiveForm } from './submissions';
import { claimResponseUploads, resolveUploads } from './uploads';
import { searchTextOf } from './search-text';

/** The hidden fields of stored `answers` by name (the fields `template` declares that the answers hold). */
function hiddenFieldsOf(template: FlowTemplate | undefined, answers: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { id, name } of template?.urlParams ?? []) {
    const value = answers[id];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/**
 * The flow and submission an edit link names, when its token is the submission's own.
 * @throws 404 `copy.publicForm.editLinkInvalid` otherwise (an unknown form or submission, another form's, a wrong
 *   token, a form in the trash — `Flow.trashedAt`: its public links answer 404 until restored): the answer never
 *   tells which.
 */
async function linkedSubmission(deps: FlowsDeps, publicIdentifier: string, submissionId: string, token: string): Promise<{ flowId: number; row: SubmissionRecord }> {
  const found = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  const flow = found && found.trashedAt === null ? found : undefined;
  const row = flow ? await findSubmission(deps.db, flow.id, submissionId) : null;
  if (!flow || !row || !editTokenMatches(token, row.editTokenHash)) throw notFound(copy.publicForm.editLinkInvalid);
  return { flowId: flow.id, row };
}

/**
 * The submission an edit link opens: its answers by question id (hidden fields apart, by name), to fill the form.
 * @throws 404 `copy.publicForm.editLinkInvalid`.
 */
export async function getEditableSubmission(deps: FlowsDeps, publicIdentifier: string, submissionId: string, token: string): Promise<EditableSubmissionResponse['submission']> {
  const { row } = await linkedSubmission(deps, publicIdentifier, submissionId, token);
  const template = await findSnapshotTemplate(deps.db, row.snapshotId);
  const hiddenIds = new Set((template?.urlParams ?? []).map(({ id }) => id));
  return {
    submissionId: row.id,
    submissionTime: row.submissionTime.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    answers: Object.fromEntries(Object.entries(row.answers).filter(([id]) => !hiddenIds.has(id))),
    urlParameters: hiddenFieldsOf(template, row.answers),
  };
}

/**
 * Saves `body.answers` over the submission an edit link names: checked against the LIVE form (with the hidden
 * fields given, or those the submission has), files resolved as a new submission's are (its own files allowed),
 * then in one transaction the answers (and their search text, `search-text.ts`), the snapshot and `lastUpdatedAt`
 * are replaced and its files claimed, those it no longer names released.
 * @throws 404 `copy.publicForm.editLinkInvalid`; the live form's 404s (`copy.publicForm.formClosed` …); 400
 *   `copy.flows.submissionInvalid` with details at `answers.<widgetId>`. Nothing changes when it throws.
 */
export async function updateSubmission(
  deps: FlowsDeps,
  publicIdentifier: string,
  submissionId: string,
  body: UpdateSubmissionBody,
): Promise<UpdateSubmissionResponse['submission']> {
  const { flowId, row } = await linkedSubmission(deps, publicIdentifier, submissionId, body.token);
  const live = await findLiveForm(deps, publicIdentifier, true);
  const urlParameters = body.urlParameters ?? hiddenFieldsOf(await findSnapshotTemplate(deps.db, row.snapshotId), row.answers);
  const result = validateAnswers(live.template, body.answers, { urlParameters });
  if (!result.ok) throw invalid(copy.flows.submissionInvalid, result.errors);
  const files = await resolveUploads(deps, flowId, live.template, result.answers, submissionId);
  const stored = { ...files.answers, ...urlParamAnswers(live.template, urlParameters) };
  const now = new Date();
  await deps.transact(async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ answers: stored, snapshotId: live.snapshotId, lastUpdatedAt: now, searchText: searchTextOf(live.template, stored) })
      .where(and(eq(submissions.id, submissionId), eq(submissions.flowId, flowId), eq(submissions.editTokenHash, hashEditToken(body.token)), sql`${submissions.status} = 'finished'`))
      .returning({ id: submissions.id });
    if (updated.length === 0) throw notFound(copy.publicForm.editLinkInvalid);
    await claimResponseUploads(tx, { flowId, submissionId, uploadIds: files.uploadIds, release: true });
  });
  return { submissionId, submissionTime: row.submissionTime.toISOString(), lastUpdatedAt: now.toISOString() };
}
