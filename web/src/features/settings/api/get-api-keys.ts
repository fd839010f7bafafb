/**
 * `listApiKeys` (GET /admin/apiKeys) → `{apiKeys: [{id, name, preview, workspaceIds, createdBy, createdAt,
 * lastUsedAt}]}`: the organization's live API keys, newest first, without their secrets. Admins only (others get
 * 403 `copy.auth.adminOnly`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApiKeys, type ApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { callEndpoint } from '../../../lib/api-client';
import { apiKeyKeys } from '../../../lib/query-keys';

/** The organization's API keys, newest first. @throws ApiError 403 for a non-admin. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const body = await callEndpoint(listApiKeys, { signal });
  return body.apiKeys;
}

/** The query of the organization's API keys. */
export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => getApiKeys(signal) });
}

/** The organization's API keys (ask only for an admin's: others get 403). */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
