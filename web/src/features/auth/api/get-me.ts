/**
 * GET /auth/me → `{user, organizations, workspaces}`, or 401 when signed out. The query resolves to `null`
 * when signed out so route guards can redirect without treating it as an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@formloom/contracts/http/workspaces-auth';
import { api, isApiError } from '../../../lib/api-client';

/** The signed-in user with their organizations and workspaces (`MeResponse`). */
export type Me = MeResponse;

export const meQueryKey = ['auth', 'me'] as const;

/** Fetches the session's user; `null` when signed out (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/auth/me', undefined, signal);
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
