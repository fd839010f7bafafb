/**
 * Submissions: a respondent's answers to a published form, and the admin's paged list in Fillout's shape
 * (docs/product-rules.md §3). Plain functions over the database; no Fastify.
 */
import * as copy from '@formloom/contracts/copy';
import type { Submission } from '@formloom/contracts/entities/flow';
import { FORM_SUBMITTED, FORM_SUBMITTED_VERSION, type FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type {
  CountSubmissionsQuery,
  CountSubmissionsResponse,
  SubmissionsQuery,
  SubmissionsResponse,
  SubmitResponse,
} from '@formloom/contracts/api/flows/submissions';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { closedBy, formSettingsOf } from '@formloom/contracts/rules/form-settings';
import { toSubmissionQuestions } from '@formloom/contracts/rules/submission-questions';
import { toSubmissionResults } from '@formloom/contracts/rules/submission-results';
import { toUrlParameters, urlParamAnswers } from '@formloom/contracts/rules/url-params';
import { editLinkOf } from '@formloom/contracts/rules/edit-links';
import { customColumnsOf, type CustomColumn } from '@formloom/contracts/entities/custom-column';
import { toSubmissionCustomColumns } from '@formloom/contracts/rules/custom-columns';
import { conflict, invalid, notFound } from '@formloom/kit/errors';
import { isUniqueViolation } from '@formloom/kit/db';
import { isDatabaseUnavailable } from '@formloom/kit/http';
import { GroupCommit } from '@formloom/kit/group-commit';
import { uuidv7 } from '@formloom/kit/ids';
import type { EventInput } from '@formloom/kit/outbox';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { DisplayOptions } from '@formloom/contracts/answers/define';
import { newEditToken } from './edit-tokens';
import { finishSavedProgress } from './progress';
import { searchTextOf } from './search-text';
import { claimResponseUploads, fileLinks, resolveUploads } from './uploads';
import type { WriteWithEvents } from '@formloom/kit/service';
import { findSnapshotTemplates } from '../db/flows-repository';
import { countSubmissions, insertSubmissionsStatement, type SubmissionRecord } from '../db/submissions-repository';
import { keysetSubmissions } from '../db/export-repository';
import { decodeCursor, encodeCursor, resultsColumns, submissionFilterOf } from './results';
import { assertFillable } from './cloneable-templates';
import { authorizedFlow, currentTemplate, formClosedError, type Authorize, type FlowsDeps } from './flows';

/** A validated submission and its `form.submitted` event, waiting to be written. */
export interface PendingSubmission {
  record: SubmissionRecord;
  event: EventInput<FormSubmittedData>;
}

/** Writes submissions with their events; `submit` resolves once they are committed. */
export type SubmissionWriter = Pick<GroupCommit<PendingSubmission, void>, 'submit'>;

/**
 * The group commit of submissions (kit `group-commit.ts`): the submissions that arrive while one batch is
 * being written go together in the next write — ONE statement that inserts the submissions and their
 * `form.submitted` outbox rows (kit `writeWithEvents`: atomic, one round trip), at most 64 per statement and 2
 * statements at once. Each event is created in its own request's trace context. A batch that fails is
 * retried one submission at a time, so a failure reaches only its own request. Source: docs/benchmarks.md
 * (batching), docs/benchmarks.md.
 */
export function createSubmissionWriter(writeWithEvents: WriteWithEvents): SubmissionWriter {
  return new GroupCommit<PendingSubmission, void>({
    name: 'submissions',
    maxBatch: 64,
    concurrency: 2,
    // Database down: answer every request of the batch 503 at once, not after one more timeout each.
    isolate: (error) => !isDatabaseUnavailable(error),
    write: async (batch) => {
      await writeWithEvents(
        insertSubmissionsStatement(batch.map(({ item }) => item.record)),
        batch.map(({ item, context }) => ({ event: item.event, context })),
      );
      return batch.map(() => undefined);
    },
  });
}

/**
 * The live form `publicIdentifier` for a submission: the flow (cached for up to FLOW_LOOKUP_TTL_MS unless
 * `fresh`), its live snapshot id and template (snapshots never change: cached), and its form settings.
 * @throws 404 `copy.flows.flowNotFound` (unknown flow, or one in the trash: `Flow.trashedAt`),
 *   `copy.publicForm.flowNotPublished` (never published) or `copy.publicForm.formClosed` (closed, past its `closesAt`,
 *   or at its `responseLimit` — counted only for a form with a limit); a close or trash made on another replica
 *   applies here within FLOW_LOOKUP_TTL_MS; 403 `copy.templates.notFillable` for a form of the template library
 */
export async function findLiveForm(deps: FlowsDeps, publicIdentifier: string, fresh: boolean) {
  const { record: flow, cached } = await deps.reads.flowForSubmission(publicIdentifier, { fresh });
  if (!flow || flow.trashedAt !== null) throw notFound(copy.flows.flowNotFound);
  if (flow.liveSnapshotId === null) throw notFound(copy.publicForm.flowNotPublished);
  assertFillable(flow);
  const settings = formSettingsOf(flow.settings);
  if (flow.closedAt !== null) throw formClosedError(settings);
  if (await closedBy(settings, Date.now(), () => countSubmissions(deps.db, flow.id))) throw formClosedError(settings);
  const snapshotId = flow.liveSnapshotId;
  const template = await deps.reads.snapshotTemplate(snapshotId);
  if (!template) throw notFound(copy.publicForm.flowNotPublished);
  return { flow, snapshotId, template, settings, cached };
}

/**
 * The `form.submitted` event of a submission (tenant = the flow's organization and workspace, key = the
 * submission id, data with `questions` = `toSubmissionQuestions(template, answers)`, each with its `displayValue`,
 * the hidden fields as `urlParameters`, every calculation of `template` with its number as `calculations`, and
 * `quiz: {score, maxScore}` when the form's quiz is on — `rules/submission-results.ts`, over the stored answers).
 */
export function submittedEvent(
  flow: { id: number; publicIdentifier: string; name: string; organizationId: number; workspaceId: number },
  template: FlowTemplate,
  submissionId: string,
  submissionTime: string,
  answers: Record<string, unknown>,
  /** Links of uploaded files in the texts (`uploads.ts` `fileLinks`). */
  display?: DisplayOptions,
  /** The submission's edit link (`edit-submissions.ts`), when it has one. */
  editLink?: string,
): EventInput<FormSubmittedData> {
  const { calculations, quiz } = toSubmissionResults(template, answers);
  return {
    type: FORM_SUBMITTED,
    version: FORM_SUBMITTED_VERSION,
    // Keyed by submission: consumers need no order among a form's submissions, and a popular form is not
    // one hot lane (or Kafka partition) that every submission of it must queue in (docs/architecture.md §8).
    key: submissionId,
    tenant: { organizationId: flow.organizationId, workspaceId: flow.workspaceId },
    data: {
      flowId: flow.id,
      flowPublicIdentifier: flow.publicIdentifier,
      flowName: flow.name,
      submissionId,
      submissionTime,
      answers,
      questions: toSubmissionQuestions(template, answers, display),
      urlParameters: toUrlParameters(template, answers),
      calculations,
      ...(quiz ? { quiz } : {}),
      ...(editLink ? { editLink } : {}),
    },
  };
}

/**
 * Stores a submission of the LIVE form `publicIdentifier` (no login). The answers are checked against the live
 * snapshot with `validateAnswers` (every question of every page) and stored normalized, tied to that snapshot.
 * The submission row and its `form.submitted` outbox row (tenant = the flow's organization and workspace,
 * key = the submission id, data with `questions` = `toSubmissionQuestions(liveTemplate, answers)`, each with
 * its `displayValue`, the text the Results table shows too) are
 * written by ONE statement: either both exist or neither. Concurrent submissions share that statement
 * ({@link createSubmissionWriter}); the call resolves once it has committed. The flow is looked up through a
 * one-second cache (a publish on another replica applies here up to a second later; answers the cached form
 * refuses are checked again against a fresh lookup).
 * Files the answers name (FileUpload, Signature) must be uploads of this form for those questions that no other
 * response refers to; they are stored as the server knows them, and such a submission is written in a
 * transaction of its own that also claims its files (`uploads.ts`; 400 `copy.uploads.fileNotFound`,
 * `otherQuestionsFile` or `alreadyUsed` at the question otherwise). Uploaded files read with their links in the
 * event's texts. Hidden fields (`urlParameters`, name → value) declared by the live form are stored with the answers under their
 * ids (`rules/url-params.ts`); others are dropped. They take part in the check (`validateAnswers(template, answers,
 * {urlParameters})`): a page rule on a hidden field sends the answers down the same path as in the browser, so the
 * answers of the other branch are dropped, and its required questions are not asked for. A hidden question's answer
 * is computed here from the live form and those hidden fields (its default, `rules/defaults.ts`, applied by
 * `validateAnswers`): whatever the browser sends for it is ignored, and it is stored like any answer. The event carries the
 * submission's calculations and quiz points (`rules/submission-results.ts`). With the form setting `oneResponsePerBrowser` on, the browser's `respondentId` is kept with the submission,
 * unique per flow (a partial unique index): a second submission from that browser is refused.
 * @throws 404 `copy.flows.flowNotFound` (unknown flow), `copy.publicForm.flowNotPublished` (never published) or
 *   `copy.publicForm.formClosed` (closed by its owner or its settings); 409 `copy.publicForm.alreadyResponded`;
 *   400 `copy.flows.submissionInvalid` with details `[{path: 'answers.<widgetId>', message}]` for every
 *   question in error. Nothing is stored when it throws.
 */
export async function submitAnswers(
  deps: FlowsDeps & { submissionWriter: SubmissionWriter },
  publicIdentifier: string,
  answers: unknown,
  {
    respondentId,
    progress,
    urlParameters,
  }: {
    respondentId?: string;
    progress?: { progressId: string; progressToken: string };
    /** Hidden fields as the link carried them (name → value); undeclared names are dropped. */
    urlParameters?: Record<string, string>;
  } = {},
): Promise<SubmitResponse['submission']> {
  let live = await findLiveForm(deps, publicIdentifier, false);
  // The hidden fields take part in the path (a page rule on `urlParams.<name>`), as they did in the browser.
  let result = validateAnswers(live.template, answers, { urlParameters });
  // A cached live form may be up to FLOW_LOOKUP_TTL_MS old: answers it refuses are checked against a fresh one.
  if (!result.ok && live.cached) {
    live = await findLiveForm(deps, publicIdentifier, true);
    result = validateAnswers(live.template, answers, { urlParameters });
  }
  if (!result.ok) throw invalid(copy.flows.submissionInvalid, result.errors);
  const { flow, snapshotId, template, settings } = live;
  // Files the answers name must be this form's uploads for their questions and no other response's (`uploads.ts`).
  const files = await resolveUploads(deps, flow.id, template, result.answers, progress?.progressId);
  const links = fileLinks(deps.publicUrl, flow.publicIdentifier);
  // Hidden fields are kept with the answers, under their own ids (unique across the template).
  const stored = { ...files.answers, ...urlParamAnswers(template, urlParameters) };

  // One response per browser: the browser's id is kept, unique per flow; a second submission breaks the index.
  const respondentKey = settings.oneResponsePerBrowser && respondentId ? respondentId : null;
  // A respondent's saved progress becomes the submission (its id is the submission's).
  if (progress) {
    const finished = await finishSavedProgress(deps, { flow, snapshotId, template, answers: stored, respondentKey, uploadIds: files.uploadIds, ...progress }).catch(
      (error: unknown) => {
        if (isUniqueViolation(error, 'submissions_flow_respondent')) throw conflict(copy.publicForm.alreadyResponded);
        throw error;
      },
    );
    if (finished) return finished;
  }

  const submissionId = uuidv7();
  const now = new Date();
  const submissionTime = now.toISOString();
  // The edit link (`edit-submissions.ts`): only the token's hash is stored; the link goes out in the event and the answer.
  const edit = newEditToken();
  const editLink = deps.publicUrl ? editLinkOf(deps.publicUrl, flow.publicIdentifier, submissionId, edit.token) : undefined;
  const pending: PendingSubmission = {
    record: {
      id: submissionId,
      flowId: flow.id,
      snapshotId,
      answers: stored,
      submissionTime: now,
      lastUpdatedAt: now,
      respondentKey,
      editTokenHash: edit.hash,
      searchText: searchTextOf(template, stored),
    },
    event: submittedEvent(flow, template, submissionId, submissionTime, stored, links, editLink),
  };
  // A submission naming files claims them in its own transaction (`uploads.ts`); the others are group-committed.
  await (files.uploadIds.length > 0 ? writeWithUploads(deps, pending, files.uploadIds) : deps.submissionWriter.submit(pending))
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'submissions_flow_respondent')) throw conflict(copy.publicForm.alreadyResponded);
      throw error;
    });
  return { submissionId, submissionTime, ...(editLink ? { editLink } : {}) };
}

/**
 * Writes `pending` and its event in one transaction with the claim of the uploads its answers name
 * (`uploads.ts` `claimResponseUploads`): either the submission, its event and its files' claim all commit, or none.
 * @throws 400 `copy.uploads.alreadyUsed` when another response took one of the files meanwhile.
 */
async function writeWithUploads(deps: FlowsDeps, pending: PendingSubmission, uploadIds: readonly string[]): Promise<void> {
  await deps.transact(async (tx, emit) => {
    await tx.execute(insertSubmissionsStatement([pending.record]));
    await claimResponseUploads(tx, { flowId: pending.record.flowId, submissionId: pending.record.id, uploadIds });
    await emit(pending.event);
  });
}

/**
 * A stored submission in Fillout's response shape, read with the snapshot it was made against (`template`; a
 * submission whose snapshot is gone reads with no questions): `{submissionId, submissionTime, lastUpdatedAt}` (ISO
 * 8601), its questions with their texts (`toSubmissionQuestions`: `{id, name, type, value, displayValue}`, the text
 * computed from that snapshot, so a choice reads with the label the respondent saw; uploaded files with their links,
 * `links`), its hidden fields (`urlParameters`), every calculation of that snapshot with its number
 * (`calculations: [{id, name, type: 'number', value}]`) and, when that snapshot's quiz is on, `quiz: {score,
 * maxScore}` (`rules/submission-results.ts`, over the stored answers and hidden fields: the numbers the respondent
 * saw), and — when the form has custom columns (`columns`, its `settings.customColumns`) — `customColumns`, the row's
 * value of each (`rules/custom-columns.ts`: `{id, name, type, value, displayValue}`, `value` null when unset). The one
 * mapping of the results list, the public API and its single reads.
 */
export function toSubmission(
  row: SubmissionRecord,
  template: FlowTemplate | undefined,
  links: DisplayOptions,
  columns: readonly CustomColumn[] = [],
): Submission {
  const results = template ? toSubmissionResults(template, row.answers) : { calculations: [], quiz: null };
  return {
    submissionId: row.id,
    submissionTime: row.submissionTime.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    questions: template ? toSubmissionQuestions(template, row.answers, links) : [],
    urlParameters: template ? toUrlParameters(template, row.answers) : [],
    calculations: results.calculations,
    ...(results.quiz ? { quiz: results.quiz } : {}),
    ...(columns.length > 0 ? { customColumns: toSubmissionCustomColumns(columns, row.customValues) } : {}),
  };
}

/**
 * How many of a flow's responses the Results' filters keep (view access): `countSubmissions` (the kept per-form
 * counts when only the status filters). The answer filter is checked against the form's current version.
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws; 400 for an answer filter that does not fit.
 */
export async function countFilteredSubmissions(
  deps: FlowsDeps,
  publicIdentifier: string,
  query: CountSubmissionsQuery,
  authorize: Authorize,
): Promise<CountSubmissionsResponse> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const filter = submissionFilterOf(query, await currentTemplate(deps.db, record));
  return { totalResponses: await countSubmissions(deps.db, record.id, filter) };
}

/**
 * One page of a flow's responses in Fillout's shape (view access), those the query's filters keep: `status`
 * (finished submissions by default, or respondents' progress with the answers of the pages they completed),
 * the submission time in `[from, to)` (an in-progress response's start), `search` — a response one of whose
 * answer texts or hidden field values contains it, case-insensitively (`search-text.ts`; responses stored before
 * the search existed never match their answers) or one of whose custom columns' values does — and `filter`, the
 * answer filter, checked against the form's current version (`results.ts`). `responses` are ordered by submission
 * time (`query.sort`), after the cursor `after` when given (a keyset page: as fast on page 20,000 as on page 1), then
 * `offset` skipped, each {@link toSubmission} with the form's custom columns;
 * `nextCursor` continues after the page (`null` after the last); `totalResponses` counts what the filters keep
 * (`countSubmissions`: the kept per-form counts when only the status filters) and `pageCount` = ceil(totalResponses /
 * limit), both left out with `includeTotal=false`; `columns` are the current version's ({@link resultsColumns}).
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws; 400 for an answer filter that does not fit
 *   the form, or a cursor that does not decode.
 */
export async function listSubmissions(
  deps: FlowsDeps,
  publicIdentifier: string,
  query: SubmissionsQuery,
  authorize: Authorize,
): Promise<SubmissionsResponse> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const template = await currentTemplate(deps.db, record);
  const filter = submissionFilterOf(query, template);
  const after = query.after ? decodeCursor(query.after) : undefined;
  const [totalResponses, page] = await Promise.all([
    query.includeTotal ? countSubmissions(deps.db, record.id, filter) : undefined,
    // One more than the page: whether there is a next page, without a count.
    keysetSubmissions(deps.db, record.id, {
      sort: query.sort,
      from: filter.after,
      to: filter.before,
      status: filter.status,
      search: filter.search,
      answers: filter.answers,
      after,
      offset: query.offset,
      limit: query.limit + 1,
    }),
  ]);
  const rows = page.slice(0, query.limit);
  const templates = await findSnapshotTemplates(deps.db, [...new Set(rows.map(({ record: row }) => row.snapshotId))]);
  const links = fileLinks(deps.publicUrl, record.publicIdentifier);
  const last = rows.at(-1);
  const custom = customColumnsOf(record.settings);
  return {
    responses: rows.map(({ record: row }) => toSubmission(row, templates.get(row.snapshotId), links, custom)),
    ...(totalResponses === undefined ? {} : { totalResponses, pageCount: Math.ceil(totalResponses / query.limit) }),
    nextCursor: page.length > query.limit && last ? encodeCursor(last.cursor) : null,
    columns: resultsColumns(template),
  };
}
