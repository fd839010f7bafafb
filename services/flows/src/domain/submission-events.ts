/**
 * A stored submission's `form.submitted` data, for another service (flows' internal
 * `GET /internal/flows/:publicIdentifier/submissionEvent`): workflows-engine runs a workflow's draft against it as a
 * test run (docs/architecture.md "workflows-engine" → "Runs").
 */
import type { InternalSubmissionEventResponse } from '@formloom/contracts/api/flows/internal';
import * as copy from '@formloom/contracts/copy';
import { notFound } from '@formloom/kit/errors';
import { findFlowByPublicIdentifier, findSnapshotTemplate } from '../db/flows-repository';
import { keysetSubmissions } from '../db/export-repository';
import { findSubmission } from '../db/submissions-repository';
import { fileLinks } from './file-links';
import { getInternalFlow, type FlowsDeps } from './flows';
import { submittedEvent } from './submissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `form.submitted` data of flow `publicIdentifier`'s finished submission `submissionId` — or, without one, of its
 * latest (by submission time) — built as the submit path builds it ({@link submittedEvent}), against the snapshot the
 * submission was made against, with its files' links. It has no `editLink` (only the link's hash is stored). `data`
 * is null when the flow has no finished submission and none was named.
 * @throws 404 `copy.flows.flowNotFound` (unknown flow) or `copy.flows.submissionNotFound` (the named submission is
 *   not one of the flow's finished ones).
 */
export async function getSubmissionEvent(
  deps: FlowsDeps,
  publicIdentifier: string,
  submissionId: string | undefined,
): Promise<InternalSubmissionEventResponse> {
  const flow = await getInternalFlow(deps, publicIdentifier);
  const record = await findFlowByPublicIdentifier(deps.db, publicIdentifier);
  if (!record) throw notFound(copy.flows.flowNotFound);
  // Submission ids are UUIDs: another text names no submission (and must not reach a uuid column).
  if (submissionId !== undefined && !UUID.test(submissionId)) throw notFound(copy.flows.submissionNotFound);
  const row =
    submissionId === undefined
      ? ((await keysetSubmissions(deps.db, record.id, { sort: 'desc', limit: 1 }))[0]?.record ?? null)
      : await findSubmission(deps.db, record.id, submissionId);
  if (!row) {
    if (submissionId !== undefined) throw notFound(copy.flows.submissionNotFound);
    return { flow, data: null };
  }
  // A submission's snapshot is kept while it exists (a foreign key without cascade).
  const template = await findSnapshotTemplate(deps.db, row.snapshotId);
  if (!template) throw notFound(copy.flows.submissionNotFound);
  const event = submittedEvent(
    record,
    template,
    row.id,
    row.submissionTime.toISOString(),
    row.answers,
    fileLinks(deps.publicUrl, record.publicIdentifier),
  );
  return { flow, data: event.data };
}
