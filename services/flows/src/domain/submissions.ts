/**
 * Submissions: a respondent's answers to a published form, and the admin's paged list in Fillout's shape
 * (issue 2 §5). Plain functions over the database; no Fastify.
 */
import { copy } from '@formloom/contracts/copy';
import type { Submission } from '@formloom/contracts/entities/flow';
import { FORM_SUBMITTED, FORM_SUBMITTED_VERSION, type FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { SubmissionsQuery, SubmissionsResponse, SubmitResponse } from '@formloom/contracts/http/flows';
import { validateAnswers } from '@formloom/contracts/rules/answers';
import { toSubmissionQuestions } from '@formloom/contracts/rules/submission-questions';
import { badRequest, notFound } from '@formloom/kit/errors';
import { GroupCommit } from '@formloom/kit/group-commit';
import { uuidv7 } from '@formloom/kit/ids';
import type { EventInput } from '@formloom/kit/outbox';
import type { Transact } from '@formloom/kit/service';
import { findFlowForSubmission, findSnapshotTemplateCached, findSnapshotTemplates } from '../db/flows-repository';
import { countSubmissions, insertSubmissions, pageSubmissions, type SubmissionRecord } from '../db/submissions-repository';
import { authorizedFlow, type Authorize, type FlowsDeps } from './flows';

/** A validated submission and its `form.submitted` event, waiting to be written. */
export interface PendingSubmission {
  record: SubmissionRecord;
  event: EventInput<FormSubmittedData>;
}

/** Writes submissions with their events; `submit` resolves once they are committed. */
export type SubmissionWriter = Pick<GroupCommit<PendingSubmission, void>, 'submit'>;

/**
 * The group commit of submissions (kit `group-commit.ts`): the submissions that arrive while one batch is
 * being written go together in the next transaction, as one multi-row insert of submissions and one of outbox
 * rows (at most 64 per transaction, 2 transactions at once). Each submission's event is emitted in its own
 * request's trace context. A batch that fails is retried one submission at a time, so a failure reaches only
 * its own request. Source: issue 3 §5 (batching), docs/benchmarks.md.
 */
export function createSubmissionWriter(transact: Transact): SubmissionWriter {
  return new GroupCommit<PendingSubmission, void>({
    name: 'submissions',
    maxBatch: 64,
    concurrency: 2,
    write: (batch) =>
      transact(async (tx, emit) => {
        await insertSubmissions(tx, batch.map((entry) => entry.item.record));
        for (const entry of batch) await entry.within(() => emit(entry.item.event));
        return batch.map(() => undefined);
      }),
  });
}

/**
 * Stores a submission of the LIVE form `publicIdentifier` (no login). The answers are checked against the live
 * snapshot with `validateAnswers` (every question of every page) and stored normalized, tied to that snapshot.
 * The submission row and its `form.submitted` outbox row (tenant = the flow's organization and workspace,
 * key = the submission id, data with `questions` = `toSubmissionQuestions(liveTemplate, answers)`) are
 * written in ONE transaction: either both exist or neither. Concurrent submissions share that transaction
 * ({@link createSubmissionWriter}); the call resolves once it has committed.
 * @throws 404 `copy.flows.flowNotFound` (unknown flow) or `copy.flows.flowNotPublished` (never published);
 *   400 `copy.flows.submissionInvalid` with details `[{path: 'answers.<widgetId>', message}]` for every
 *   question in error. Nothing is stored when it throws.
 */
export async function submitAnswers(
  deps: FlowsDeps & { submissionWriter: SubmissionWriter },
  publicIdentifier: string,
  answers: unknown,
): Promise<SubmitResponse['submission']> {
  const flow = await findFlowForSubmission(deps.db, publicIdentifier);
  if (!flow) throw notFound(copy.flows.flowNotFound);
  if (flow.liveSnapshotId === null) throw notFound(copy.flows.flowNotPublished);
  const snapshotId = flow.liveSnapshotId;
  // Snapshots are immutable: their templates are cached (one query per request instead of two).
  const template = await findSnapshotTemplateCached(deps.db, snapshotId);
  if (!template) throw notFound(copy.flows.flowNotPublished);
  const result = validateAnswers(template, answers);
  if (!result.ok) throw badRequest(copy.flows.submissionInvalid, result.errors);

  const submissionId = uuidv7();
  const now = new Date();
  const submissionTime = now.toISOString();
  await deps.submissionWriter.submit({
    record: {
      id: submissionId,
      flowId: flow.id,
      snapshotId,
      answers: result.answers,
      submissionTime: now,
      lastUpdatedAt: now,
    },
    event: {
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
        answers: result.answers,
        questions: toSubmissionQuestions(template, result.answers),
      },
    },
  });
  return { submissionId, submissionTime };
}

/**
 * One page of a flow's submissions in Fillout's shape (view access): `responses` ordered by submission time
 * (`query.sort`), each with the questions of the snapshot it was submitted against; `totalResponses`; and
 * `pageCount` = ceil(totalResponses / limit).
 * @throws 404 `copy.flows.flowNotFound`; whatever `authorize` throws.
 */
export async function listSubmissions(
  deps: FlowsDeps,
  publicIdentifier: string,
  query: SubmissionsQuery,
  authorize: Authorize,
): Promise<SubmissionsResponse> {
  const { record } = await authorizedFlow(deps.db, publicIdentifier, authorize, 'view');
  const [totalResponses, rows] = await Promise.all([
    countSubmissions(deps.db, record.id),
    pageSubmissions(deps.db, record.id, query),
  ]);
  const templates = await findSnapshotTemplates(deps.db, [...new Set(rows.map((row) => row.snapshotId))]);
  const responses: Submission[] = rows.map((row) => {
    const template = templates.get(row.snapshotId);
    return {
      submissionId: row.id,
      submissionTime: row.submissionTime.toISOString(),
      lastUpdatedAt: row.lastUpdatedAt.toISOString(),
      questions: template ? toSubmissionQuestions(template, row.answers) : [],
    };
  });
  return { responses, totalResponses, pageCount: Math.ceil(totalResponses / query.limit) };
}
