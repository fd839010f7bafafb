/**
 * The loader of `/home/settings`: for an admin, the organization's members with their access
 * (`GET /admin/members/access`), its pending invitations and its API keys (`GET /admin/apiKeys`) before the page
 * renders. Others may not list them (403), so nothing is asked for them. The user comes from the signed-in area's
 * `/auth/me`, already cached or in flight (react-query shares the one request).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preload, requireUser } from '../app/loaders';
import { apiKeysQueryOptions } from '../features/settings/api/get-api-keys';
import { invitationsQueryOptions, memberAccessQueryOptions } from '../features/settings/api/members';

/** The settings page's loader; see the module comment. */
export function settingsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const me = await requireUser(queryClient, request);
    if (me.user.isAdmin) await preload(queryClient, request, [
        queryClient.ensureQueryData(memberAccessQueryOptions()),
        queryClient.ensureQueryData(invitationsQueryOptions()),
        queryClient.ensureQueryData(apiKeysQueryOptions()),
      ]);
    return null;
  };
}
