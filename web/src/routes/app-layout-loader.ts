/** The loader of the app shell: the workspaces its header lists, alongside the page's own loader. */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preload } from '../app/loaders';
import { workspacesQueryOptions } from '../features/home/api/get-workspaces';

/** Loads the caller's workspaces (`GET /admin/workspaces`) into the cache. */
export function appLayoutLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(workspacesQueryOptions())]);
    return null;
  };
}
