/**
 * The flow lifecycle calls (docs/product-rules.md §3): rename (`PATCH /admin/flows/{publicIdentifier}`),
 * duplicate (`POST …/duplicate`), close (`POST …/unpublish`) and delete forever (`DELETE …`). Each hook keeps
 * the caches the other screens read in step: the flow's detail (the editor), the lists (home) and the live form.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteFlow,
  duplicateFlow,
  renameFlow,
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
