/**
 * `PATCH /admin/flows/{publicIdentifier}/settings` (`updateFlowSettings`): changes the form settings (closing
 * time, response limit, one response per browser, redirect, closed message); `null` clears one. They apply to
 * the live form at once, without a publish. The editor's cached flow takes the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateFlowSettings, type FlowResponse, type FlowWithDraftResponse, type UpdateFlowSettingsBody } from '@formloom/contracts/api/flows/flows';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys } from '../../../lib/query-keys';

/** Saves form settings. @throws ApiError 400 with `body.<setting>` details, 403 read-only, 404. */
export function useUpdateFlowSettings(publicIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdateFlowSettingsBody): Promise<FlowResponse> =>
      callEndpoint(updateFlowSettings, { params: { publicIdentifier }, body: settings }),
    onSuccess: ({ flow }) => {
      queryClient.setQueryData<FlowWithDraftResponse>(flowKeys.detail(publicIdentifier), (current) => (current ? { ...current, flow } : current));
    },
  });
}
