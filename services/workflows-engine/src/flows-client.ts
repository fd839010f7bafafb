/**
 * The engine's client of flows' internal API (the `internal` endpoints of `@formloom/contracts/api/flows/internal`):
 * - {@link FlowsApi.lookup}: which organization and workspace a workflow's form lives in, so that the caller's
 *   access can be checked (spec 001 §6; ARCHITECTURE §4 "every service checks workspace access itself");
 * - {@link FlowsApi.draft}: the form's draft template, to generate a gallery workflow against it (spec 001 §4);
 * - {@link FlowsApi.createBlankForm}: the new form of a workflow created on the placeholder `new_form` (spec 001 §4);
 * - {@link FlowsApi.submissionEvent}: a stored submission's `form.submitted` data, which a test run starts from.
 */
import {
  createInternalFlow,
  getInternalFlow,
  getInternalFlowDraft,
  getInternalSubmissionEvent,
  type CreateInternalFlowBody,
  type InternalFlow,
  type InternalFlowDraftResponse,
  type InternalSubmissionEventResponse,
} from '@formloom/contracts/api/flows/internal';
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
