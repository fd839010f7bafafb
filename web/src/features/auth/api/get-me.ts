/**
 * `getMe` (GET /auth/me) → `{user, organizations, workspaces, dismissedNotices}`, or 401 when signed out. The query resolves to
 * `null` when signed out so route guards can redirect without treating it as an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe as getMeEndpoint, type MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { callEndpoint, isApiError } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';

/** The signed-in user with their organizations and workspaces (`MeResponse`). */
export type Me = MeResponse;

/** Fetches the session's user; `null` when signed out (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await callEndpoint(getMeEndpoint, { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** The query of the signed-in user (fresh for a minute). */
export function meQueryOptions() {
  return queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
}

/** The signed-in user, or `null`. */
export function useMe() {
  return useQuery(meQueryOptions());
}
