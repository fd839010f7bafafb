/**
 * The loader of `/home/settings`: for an admin, the organization's API keys (`GET /admin/apiKeys`) before the page
 * renders. Others may not list keys (403), so nothing is asked for them. The user comes from the signed-in area's
 * `/auth/me`, already cached or in flight (react-query shares the one request).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preload, requireUser } from '../app/loaders';
import { apiKeysQueryOptions } from '../features/settings/api/get-api-keys';

/** The settings page's loader; see the module comment. */
export function settingsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const me = await requireUser(queryClient, request);
    if (me.user.isAdmin) await preload(queryClient, request, [queryClient.ensureQueryData(apiKeysQueryOptions())]);
    return null;
  };
}
