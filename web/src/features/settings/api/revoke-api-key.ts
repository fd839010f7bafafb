/** `revokeApiKey` (DELETE /admin/apiKeys/:apiKeyId) → `{success: true}`; requests with the key fail from then on. Admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeApiKey as revokeApiKeyEndpoint } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { callEndpoint } from '../../../lib/api-client';
import { apiKeyKeys } from '../../../lib/query-keys';

/** Revokes the key with id `apiKeyId`. @throws ApiError 403 (not an admin), 404 (no such key in the organization). */
export async function revokeApiKey(apiKeyId: string): Promise<void> {
  await callEndpoint(revokeApiKeyEndpoint, { params: { apiKeyId } });
}

/** Revokes a key, then refreshes the list of keys. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
