/**
 * The approver's page calls (`@formloom/contracts/api/workflows-engine/approvals`; docs/architecture.md "Approvals"):
 * `openApproval` (POST /public/approvals/open {token}) → the pending request or its decision; 404 for a link that is
 * not valid, 409 expired or not ready. `decideApproval` (POST /public/approvals/decide {token, stateId, fields}) →
 * `{decision}`; 400 with the fields' errors, 409 'Already decided: <state> by <who>'. No session is needed: the token
 * (from the link's fragment) is the permission, and it travels in the body only.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decideApproval as decideApprovalEndpoint,
  openApproval as openApprovalEndpoint,
  type ApprovalView,
  type DecideApprovalBody,
  type DecideApprovalResponse,
} from '@formloom/contracts/api/workflows-engine/approvals';
import { callEndpoint } from '../../../lib/api-client';
import { approvalKeys } from '../../../lib/query-keys';

/** The request `token` opens. @throws ApiError 404, 409, 429. */
export function openApprovalRequest(token: string, signal?: AbortSignal): Promise<ApprovalView> {
  return callEndpoint(openApprovalEndpoint, { body: { token }, signal });
}

/** Records a decision. @throws ApiError 400 (fields), 404, 409 (decided, expired, not ready), 429. */
export function decideApprovalRequest(body: DecideApprovalBody): Promise<DecideApprovalResponse> {
  return callEndpoint(decideApprovalEndpoint, { body });
}

/** The query of the request `token` opens; not retried (a 404 or 409 is an answer, not a hiccup). */
export function approvalRequestQueryOptions(token: string) {
  return queryOptions({
    queryKey: approvalKeys.request(token),
    queryFn: ({ signal }) => openApprovalRequest(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The request `token` opens. */
export function useApprovalRequest(token: string) {
  return useQuery(approvalRequestQueryOptions(token));
}

/**
 * {@link decideApprovalRequest} for `token`. The page shows the answer itself (the recorded decision, or the refusal);
 * the cached request is dropped so that a later visit reads it again.
 */
export function useDecideApproval(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<DecideApprovalBody, 'token'>) => decideApprovalRequest({ ...input, token }),
    onSettled: () => queryClient.removeQueries({ queryKey: approvalKeys.request(token), type: 'inactive' }),
  });
}
