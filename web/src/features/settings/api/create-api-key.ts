/**
 * `createApiKey` (POST /admin/apiKeys `{name, workspaceIds?: number[] | null}`) → 201 `{apiKey, key}`: `key` is the
 * secret, in this answer only. Admins only.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createApiKey as createApiKeyEndpoint,
  type CreateApiKeyResponse,
} from '@formloom/contracts/api/workspaces-auth/api-keys';
import type { BodyInputOf } from '@formloom/contracts/api/endpoint';
import { callEndpoint } from '../../../lib/api-client';
import { apiKeyKeys } from '../../../lib/query-keys';

/** What a new key needs: `{name, workspaceIds}` (`null` or omitted: every workspace of the organization). */
export type CreateApiKeyInput = BodyInputOf<typeof createApiKeyEndpoint>;

/**
 * Makes an API key; resolves `{apiKey, key}`.
 * @throws ApiError 400 (a bad name), 403 (not an admin), 404 (a workspace outside the organization), 409 (too many keys).
 */
export function createApiKey(input: CreateApiKeyInput): Promise<CreateApiKeyResponse> {
  return callEndpoint(createApiKeyEndpoint, { body: input });
}

/** Makes an API key, then refreshes the list of keys. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
