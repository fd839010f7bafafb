/**
 * The public REST API's forms and submissions (`contracts/src/api/flows/public-api.ts`, Fillout's shapes): what an
 * integrator's API key reaches. Access is the key's claims (`write` on its workspaces), checked per call like a
 * person's; a form outside them is 'Form not found'. Submissions made here are checked and stored as a
 * respondent's are (`submissions.ts` `submitAnswers`), without the bot check, and trigger the same event.
 */
import * as copy from '@formloom/contracts/copy';
import type {
  ApiCreateSubmissionsBody,
  ApiCreateSubmissionsResponse,
  ApiFormResponse,
  ApiFormsResponse,
  ApiSubmissionsQuery,
  ApiSubmissionsResponse,
} from '@formloom/contracts/api/flows/public-api';
import type { Submission } from '@formloom/contracts/entities/flow';
import { customColumnsOf } from '@formloom/contracts/entities/custom-column';
import type { AccessLevel } from '@formloom/contracts/entities/identity';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { calculationsOf } from '@formloom/contracts/rules/calculations';
import { quizOf } from '@formloom/contracts/rules/quiz';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { invalid, notFound } from '@formloom/kit/errors';
import { findSnapshotTemplate, findSnapshotTemplates, listFlowNamesOfWorkspaces } from '../db/flows-repository';
import { countSubmissions, deleteSubmissionRow, findSubmission, pageSubmissions } from '../db/submissions-repository';
import { authorizedFlow, currentTemplate, type Authorize, type FlowsDeps } from './flows';
import { findLiveForm, submitAnswers, toSubmission, type SubmissionWriter } from './submissions';
import { fileLinks } from './file-links';

/**
 * Every form of the workspaces in `workspaces` (the caller's claims: workspace id → level) of `organizationId` that
 * user `userId` may see, newest first: `[{name, formId}]` — in a `limited` workspace only their own (a key's claims
 * are always `write`). Forms in the trash are left out (`Flow.trashedAt`: a trashed flow is listed only in the trash).
 */
export async function listApiForms(
  deps: FlowsDeps,
  organizationId: number,
  userId: number,
  workspaces: ReadonlyMap<number, AccessLevel>,
): Promise<ApiFormsResponse> {
  const limitedWorkspaceIds = [...workspaces].flatMap(([id, level]) => (level === 'limited' ? [id] : []));
  const records = await listFlowNamesOfWorkspaces(deps.db, organizationId, [...workspaces.keys()], { userId, limitedWorkspaceIds });
  return records.map((record) => ({ name: record.name, formId: record.publicIdentifier }));
}

/**
 * Form `formId`'s metadata: its live template's (the draft's when never published) questions `{id, name, type}`
 * in page order without Statements, calculations, hidden fields, and whether its quiz is on. View access.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function getApiForm(deps: FlowsDeps, formId: string, authorize: Authorize): Promise<ApiFormResponse> {
  const { record } = await authorizedFlow(deps.db, formId, authorize, 'view');
  const template = await currentTemplate(deps.db, record);
  return {
    id: record.publicIdentifier,
    name: record.name,
    questions: formWidgets(template)
      .filter(({ widget }) => takesAnswer(widget))
      .map(({ widget }) => ({ id: widget.id, name: widget.name, type: widget.type })),
    calculations: calculationsOf(template).map(({ id, name }) => ({ id, name, type: 'number' as const })),
    urlParameters: (template.urlParams ?? []).map(({ id, name }) => ({ id, name })),
    quiz: { enabled: quizOf(template) !== null },
  };
}

/**
 * A page of form `formId`'s submissions (view access), newest first unless `sort` says `asc`, within
 * `afterDate`/`beforeDate`; `totalResponses` counts those the bounds keep.
 * @throws 404 `copy.flows.flowNotFound`.
 */
export async function listApiSubmissions(deps: FlowsDeps, formId: string, query: ApiSubmissionsQuery, authorize: Authorize): Promise<ApiSubmissionsResponse> {
  const { record } = await authorizedFlow(deps.db, formId, authorize, 'view');
  const range = { after: query.afterDate ? new Date(query.afterDate) : undefined, before: query.beforeDate ? new Date(query.beforeDate) : undefined };
  const [totalResponses, rows] = await Promise.all([
    countSubmissions(deps.db, record.id, range),
    pageSubmissions(deps.db, record.id, { limit: query.limit, offset: query.offset, sort: query.sort, ...range }),
  ]);
  const templates = await findSnapshotTemplates(deps.db, [...new Set(rows.map((row) => row.snapshotId))]);
  const links = fileLinks(deps.publicUrl, record.publicIdentifier);
  const columns = customColumnsOf(record.settings);
  return { responses: rows.map((row) => toSubmission(row, templates.get(row.snapshotId), links, columns)), totalResponses, pageCount: Math.ceil(totalResponses / query.limit) };
}

/**
 * Submission `submissionId` of form `formId` (view access).
 * @throws 404 `copy.flows.flowNotFound`; 404 `copy.flows.submissionNotFound` (none, another form's, in progress).
 */
export async function getApiSubmission(deps: FlowsDeps, formId: string, submissionId: string, authorize: Authorize): Promise<Submission> {
  const { record } = await authorizedFlow(deps.db, formId, authorize, 'view');
  const row = await findSubmission(deps.db, record.id, submissionId);
  if (!row) throw notFound(copy.flows.submissionNotFound);
  const template = await findSnapshotTemplate(deps.db, row.snapshotId);
  return toSubmission(row, template, fileLinks(deps.publicUrl, record.publicIdentifier), customColumnsOf(record.settings));
}

/**
 * Deletes submission `submissionId` of form `formId` for good (change access); its uploaded files are no longer
 * referenced and the upload sweep removes them within a day (`uploads.ts`). Only finished submissions, unless
 * `options.inProgress` (the Results' delete, `DELETE /admin/flows/…/submissions/:submissionId`): then a
 * respondent's saved progress too — their next save of it answers 404 and their final submission is stored anew.
 * @throws 404 `copy.flows.flowNotFound`; 404 `copy.flows.submissionNotFound`; 403 for view-only access.
 */
export async function deleteSubmission(
  deps: FlowsDeps,
  formId: string,
  submissionId: string,
  authorize: Authorize,
  options: { inProgress?: boolean } = {},
): Promise<void> {
  const { record } = await authorizedFlow(deps.db, formId, authorize, 'change');
  if (!(await deleteSubmissionRow(deps.db, record.id, submissionId, options))) throw notFound(copy.flows.submissionNotFound);
}

/**
 * Creates `body.submissions` on the live form `formId` (change access): every one is checked first against the live
 * template as a respondent's is (`validateAnswers` with its hidden fields), and if any is refused none is stored
 * (400 `copy.flows.submissionInvalid`, details at `body.submissions.<i>.questions.<questionId>`); then each is
 * stored with its `form.submitted` event (`submitAnswers`), in the order given.
 * @throws 404 `copy.flows.flowNotFound`, `copy.publicForm.flowNotPublished` or `copy.publicForm.formClosed`;
 *   whatever `submitAnswers` throws for one (a file answer naming no upload of this form …).
 */
export async function createApiSubmissions(
  deps: FlowsDeps & { submissionWriter: SubmissionWriter },
  formId: string,
  body: ApiCreateSubmissionsBody,
  authorize: Authorize,
): Promise<ApiCreateSubmissionsResponse> {
  await authorizedFlow(deps.db, formId, authorize, 'change');
  const live = await findLiveForm(deps, formId, true);
  const prepared = body.submissions.map((submission) => ({
    answers: Object.fromEntries(submission.questions.map(({ id, value }) => [id, value])),
    urlParameters: Object.fromEntries(submission.urlParameters.map(({ name, value }) => [name, value])),
  }));
  const errors = prepared.flatMap(({ answers, urlParameters }, index) => {
    const result = validateAnswers(live.template, answers, { urlParameters });
    return result.ok ? [] : result.errors.map(({ path, message }) => ({ path: path.replace(/^answers/, `body.submissions.${index}.questions`), message }));
  });
  if (errors.length > 0) throw invalid(copy.flows.submissionInvalid, errors);
  const submissions: ApiCreateSubmissionsResponse['submissions'] = [];
  for (const { answers, urlParameters } of prepared) submissions.push(await submitAnswers(deps, formId, answers, { urlParameters }));
  return { submissions };
}
