/**
 * What a user does to runs (workflows-engine), each refreshing the workflow's runs afterwards:
 * - `retryRun` (POST /admin/workflows/{id}/runs/{runId}/retry {retries}) → {run, retried}: a failed run again from its
 *   failed step; `retries` is the count the user saw, so two clicks make one retry;
 * - `startTestRun` (POST /admin/workflows/{id}/testRuns {submissionId?}) → {run}: the draft run against a submission
 *   (the form's latest without one), as a test run;
 * - `deleteTestRuns` (DELETE /v1/admin/flow/{flowId}/workflowRuns/{workflowId}?mode=edit, spec 001 §7) → {success}:
 *   the workflow's test runs; live runs stay;
 * - the form's latest submissions to test with (`listSubmissions`, GET /admin/flows/{id}/submissions).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import {
  deleteWorkflowRuns,
  retryWorkflowRun,
  startTestRun as startTestRunEndpoint,
  type RetryRunResponse,
  type WorkflowRun,
} from '@formloom/contracts/api/workflows-engine/runs';
import { TEST_RUN_SUBMISSION_CHOICES } from '@formloom/contracts/limits';
import { callEndpoint } from '../../../lib/api-client';
import { workflowKeys } from '../../../lib/query-keys';

/** Retries a failed run. @throws ApiError 403 read-only, 404, 409 'Only a failed run can be retried'. */
export function retryRun(input: { workflowId: string; runId: string; retries: number }): Promise<RetryRunResponse> {
  return callEndpoint(retryWorkflowRun, { params: { id: input.workflowId, runId: input.runId }, body: { retries: input.retries } });
}

/**
 * Starts a test run of the workflow's draft. @throws ApiError 400 (the draft's problems), 403, 404 'Submission not
 * found', 422 (no submissions yet).
 */
export async function startTestRun(input: { workflowId: string; submissionId?: string }): Promise<WorkflowRun> {
  const body = await callEndpoint(startTestRunEndpoint, {
    params: { id: input.workflowId },
    body: input.submissionId ? { submissionId: input.submissionId } : {},
  });
  return body.run;
}

/** Deletes the workflow's test runs (`mode=edit`). @throws ApiError 403, 404, 500 'Had trouble deleting workflow runs…'. */
export function deleteTestRuns(input: { flowPublicIdentifier: string; workflowId: string }): Promise<{ success: true }> {
  return callEndpoint(deleteWorkflowRuns, {
    params: { flowId: input.flowPublicIdentifier, workflowId: input.workflowId },
    query: { mode: 'edit' },
  });
}

function useRefreshRuns() {
  const queryClient = useQueryClient();
  return (workflowId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workflowKeys.runsOf(workflowId) }),
      queryClient.invalidateQueries({ queryKey: workflowKeys.all, predicate: (query) => query.queryKey[1] === 'list' }),
    ]);
}

/** {@link retryRun}, then the workflow's runs refresh. */
export function useRetryRun() {
  const refresh = useRefreshRuns();
  return useMutation({ mutationFn: retryRun, onSettled: (_data, _error, input) => refresh(input.workflowId) });
}

/** {@link startTestRun}, then the workflow's runs refresh. */
export function useStartTestRun() {
  const refresh = useRefreshRuns();
  return useMutation({ mutationFn: startTestRun, onSettled: (_data, _error, input) => refresh(input.workflowId) });
}

/** {@link deleteTestRuns}, then the workflow's runs refresh. */
export function useDeleteTestRuns() {
  const refresh = useRefreshRuns();
  return useMutation({ mutationFn: deleteTestRuns, onSettled: (_data, _error, input) => refresh(input.workflowId) });
}

/** A submission to test with: its id, time and the first answers' text. */
export interface TestSubmission {
  submissionId: string;
  submissionTime: string;
  /** The first answered questions, `Name: value` joined by ' · '. */
  label: string;
}

/** The form's TEST_RUN_SUBMISSION_CHOICES latest submissions, newest first. */
export async function getTestSubmissions(flowPublicIdentifier: string, signal?: AbortSignal): Promise<TestSubmission[]> {
  const body = await callEndpoint(listSubmissions, {
    params: { publicIdentifier: flowPublicIdentifier },
    query: { limit: TEST_RUN_SUBMISSION_CHOICES, sort: 'desc', includeTotal: 'false' },
    signal,
  });
  return body.responses.map((response) => ({
    submissionId: response.submissionId,
    submissionTime: response.submissionTime,
    label: response.questions
      .filter((question) => question.displayValue !== undefined && question.displayValue !== '')
      .slice(0, 2)
      .map((question) => `${question.name}: ${question.displayValue ?? ''}`)
      .join(' · '),
  }));
}

/** The query of the submissions to test with. */
export function testSubmissionsQueryOptions(flowPublicIdentifier: string) {
  return queryOptions({
    queryKey: workflowKeys.testSubmissions(flowPublicIdentifier),
    queryFn: ({ signal }) => getTestSubmissions(flowPublicIdentifier, signal),
    staleTime: 0,
  });
}

/** The form's latest submissions to test with (idle until `enabled`). */
export function useTestSubmissions(flowPublicIdentifier: string, enabled: boolean) {
  return useQuery({ ...testSubmissionsQueryOptions(flowPublicIdentifier), enabled });
}
