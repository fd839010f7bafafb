/**
 * The engine's client of flows' internal API (the `internal` endpoints of `@formloom/contracts/api/flows/internal`):
 * - {@link FlowsApi.lookup}: which organization and workspace a workflow's form lives in, so that the caller's
 *   access can be checked (spec 001 §6; ARCHITECTURE §4 "every service checks workspace access itself");
 * - {@link FlowsApi.draft}: the form's draft template, to generate a gallery workflow against it (spec 001 §4);
 * - {@link FlowsApi.createBlankForm}: the new form of a workflow created on the placeholder `new_form` (spec 001 §4);
 * - {@link FlowsApi.submissionStatus}: whether a respondent finished the form (before a `formAbandoned` run starts).
 * - {@link SubmissionFilesApi} (its own client, with a longer timeout): a submission's uploaded files with their
 *   bytes, attached to a workflow email (spec 001 §3 email `attachments`).
 * - {@link FlowsApi.submissionEvent}: a stored submission's `form.submitted` data, which a test run starts from.
 */
import {
  createInternalFlow,
  getInternalFlow,
  getInternalFlowDraft,
  getInternalSubmissionStatus,
  getInternalSubmissionEvent,
  type CreateInternalFlowBody,
  type InternalFlow,
  type InternalFlowDraftResponse,
  type InternalSubmissionEventResponse,
} from '@formloom/contracts/api/flows/internal';
import { getSubmissionFiles, type SubmissionFilesResponse } from '@formloom/contracts/api/flows/internal-files';
import type { InternalClient } from '@formloom/kit/internal-client';
import { unavailable } from '@formloom/kit/errors';

export type { InternalFlow } from '@formloom/contracts/api/flows/internal';

/**
 * Looks a flow up by public identifier: the flow, or `null` when flows answers 404.
 * @throws 503 `unavailable` when flows is not configured, unreachable, slow (timeout) or answers otherwise.
 */
export type FlowLookup = (publicIdentifier: string) => Promise<InternalFlow | null>;

/** What the engine asks of the flows service. */
export interface FlowsApi {
  lookup: FlowLookup;
  /**
   * A flow with its draft template, or `null` when flows answers 404.
   * @throws 503 `unavailable` as {@link FlowLookup}.
   */
  draft(publicIdentifier: string): Promise<InternalFlowDraftResponse | null>;
  /**
   * Creates a blank form (its name made unique in the workspace) for a user whose write access was checked.
   * @throws 503 `unavailable` as {@link FlowLookup}, or when flows refuses.
   */
  createBlankForm(input: CreateInternalFlowBody): Promise<InternalFlowDraftResponse>;
  /**
   * `in_progress` or `finished` for a submission of the form, or `null` when flows knows none (deleted).
   * @throws 503 `unavailable` as {@link FlowLookup}.
   */
  submissionStatus(publicIdentifier: string, submissionId: string): Promise<'in_progress' | 'finished' | null>;
  /**
   * The `form.submitted` data of the form's finished submission `submissionId` (absent: its latest; `data: null` when
   * it has none), or `null` when flows answers 404 (no such form, or no such submission of it).
   * @throws 503 `unavailable` as {@link FlowLookup}.
   */
  submissionEvent(publicIdentifier: string, submissionId?: string): Promise<InternalSubmissionEventResponse | null>;
}

/** The {@link FlowsApi} over `flows`, the internal client of the flows service (`FLOWS_URL`). */
export function createFlowsApi(flows: InternalClient): FlowsApi {
  return {
    async lookup(publicIdentifier) {
      const result = await flows.call(getInternalFlow, { params: { publicIdentifier } });
      if (result.ok) return result.data.flow;
      if (result.refusal.status === 404) return null;
      throw unavailable();
    },
    async draft(publicIdentifier) {
      const result = await flows.call(getInternalFlowDraft, { params: { publicIdentifier } });
      if (result.ok) return result.data;
      if (result.refusal.status === 404) return null;
      throw unavailable();
    },
    async submissionStatus(publicIdentifier, submissionId) {
      const result = await flows.call(getInternalSubmissionStatus, { params: { publicIdentifier, submissionId } });
      if (result.ok) return result.data.status;
      if (result.refusal.status === 404) return null;
      throw unavailable();
    },
    async submissionEvent(publicIdentifier, submissionId) {
      const result = await flows.call(getInternalSubmissionEvent, {
        params: { publicIdentifier },
        query: submissionId === undefined ? {} : { submissionId },
      });
      if (result.ok) return result.data;
      if (result.refusal.status === 404) return null;
      throw unavailable();
    },
    async createBlankForm(input) {
      const result = await flows.call(createInternalFlow, { body: input });
      if (!result.ok) throw unavailable();
      return result.data;
    },
  };
}

/**
 * A submission's files with their bytes (`POST /internal/flows/:publicIdentifier/submissions/:submissionId/files`):
 * those of `uploadIds` the submission holds, and the ids it does not (`missing`); a form flows does not know (404)
 * has all of them missing. @throws 503 `unavailable` when flows is not configured, unreachable, slow or answers
 * otherwise (the run is then retried, like after a crash).
 */
export type SubmissionFilesApi = (input: { publicIdentifier: string; submissionId: string; uploadIds: readonly string[] }) => Promise<SubmissionFilesResponse>;

/** The {@link SubmissionFilesApi} over `flows` (an internal client of the flows service with `FLOWS_FILES_TIMEOUT_MS`). */
export function createSubmissionFilesApi(flows: InternalClient): SubmissionFilesApi {
  return async (input) => {
    const result = await flows.call(getSubmissionFiles, {
      params: { publicIdentifier: input.publicIdentifier, submissionId: input.submissionId },
      body: { uploadIds: [...input.uploadIds] },
    });
    if (result.ok) return result.data;
    if (result.refusal.status === 404) return { files: [], missing: [...input.uploadIds] };
    throw unavailable();
  };
}
