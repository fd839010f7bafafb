/**
 * The flow lifecycle calls (docs/product-rules.md §3): rename (`PATCH /admin/flows/{publicIdentifier}`),
 * duplicate (`POST …/duplicate`), close (`POST …/unpublish`) and delete forever (`DELETE …`); and the home's
 * (spec 000 §2, §4): star (`PUT …/star`), trash and restore (`POST …/trash`, `…/restore`), move to another workspace
 * (`POST …/move`) and the record of a view (`POST …/views`). Each hook keeps the caches the other screens read in
 * step: the flow's detail (the editor), the lists (home) and the live form.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteFlow,
  duplicateFlow,
  moveFlow,
  recordFlowView,
  renameFlow,
  restoreFlow,
  starFlow,
  trashFlow,
  unpublishFlow,
  type FlowResponse,
  type FlowWithDraftResponse,
} from '@formloom/contracts/api/flows/flows';
import type { Flow } from '@formloom/contracts/entities/flow';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys, workflowKeys } from '../../../lib/query-keys';

/** Puts `flow` into the cached editor copy (when loaded) and refreshes every list. */
function storeFlow(queryClient: QueryClient, flow: Flow): void {
  queryClient.setQueryData<FlowWithDraftResponse>(flowKeys.detail(flow.publicIdentifier), (current) =>
    current ? { ...current, flow } : current,
  );
  void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
}

/** Renames a flow. @throws ApiError 400 'Give the form a name', 403 read-only, 404 'Form not found'. */
export function useRenameFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicIdentifier, name }: { publicIdentifier: string; name: string }): Promise<FlowResponse> =>
      callEndpoint(renameFlow, { params: { publicIdentifier }, body: { name } }),
    onSuccess: ({ flow }) => storeFlow(queryClient, flow),
  });
}

/** Duplicates a flow into its workspace; resolves with the copy. @throws ApiError 403, 404. */
export function useDuplicateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIdentifier: string): Promise<FlowResponse> =>
      callEndpoint(duplicateFlow, { params: { publicIdentifier } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKeys.lists() }),
  });
}

/** Closes (unpublishes) a live flow. @throws ApiError 403, 404. */
export function useUnpublishFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIdentifier: string): Promise<FlowResponse> =>
      callEndpoint(unpublishFlow, { params: { publicIdentifier } }),
    onSuccess: ({ flow }) => {
      storeFlow(queryClient, flow);
    },
  });
}

/** Deletes a flow forever; forgets everything cached about it. @throws ApiError 403, 404. */
export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIdentifier: string) => callEndpoint(deleteFlow, { params: { publicIdentifier } }),
    onSuccess: (_data, publicIdentifier) => {
      queryClient.removeQueries({ queryKey: flowKeys.detail(publicIdentifier) });
      queryClient.removeQueries({ queryKey: workflowKeys.list(publicIdentifier) });
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
    },
  });
}

/** Stars or unstars a flow for the signed-in user; refreshes the lists. @throws ApiError 404. */
export function useStarFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicIdentifier, starred }: { publicIdentifier: string; starred: boolean }) =>
      callEndpoint(starFlow, { params: { publicIdentifier }, body: { starred } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKeys.lists() }),
  });
}

/** Moves a flow to the trash (its link stops answering until restored). @throws ApiError 403, 404. */
export function useTrashFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIdentifier: string): Promise<FlowResponse> => callEndpoint(trashFlow, { params: { publicIdentifier } }),
    onSuccess: ({ flow }) => storeFlow(queryClient, flow),
  });
}

/** Takes a flow out of the trash, as it was. @throws ApiError 403, 404. */
export function useRestoreFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicIdentifier: string): Promise<FlowResponse> => callEndpoint(restoreFlow, { params: { publicIdentifier } }),
    onSuccess: ({ flow }) => storeFlow(queryClient, flow),
  });
}

/**
 * Moves a flow to workspace `workspaceId` (spec 000 §4). @throws ApiError 400 'The form is already in this
 * workspace', 403 (no change access to either workspace), 404 (the flow, or 'Workspace not found').
 */
export function useMoveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicIdentifier, workspaceId }: { publicIdentifier: string; workspaceId: number }): Promise<FlowResponse> =>
      callEndpoint(moveFlow, { params: { publicIdentifier }, body: { workspaceId } }),
    onSuccess: ({ flow }) => storeFlow(queryClient, flow),
  });
}

/**
 * Records that the user opened flow `publicIdentifier` (and its Results with `results`): 'Recently viewed', 'Last
 * viewed' and 'Unread' (spec 000 §2) read it. Best effort: a failure is not the user's concern, so it is not shown.
 */
export function useRecordFlowView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicIdentifier, results = false }: { publicIdentifier: string; results?: boolean }) =>
      callEndpoint(recordFlowView, { params: { publicIdentifier }, body: { results } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flowKeys.lists(), refetchType: 'none' }),
  });
}
