/**
 * The loaders of the home pages: the workspaces and the first page of the shown list, before the page renders.
 * - `/home`, `/home/:workspaceSlug`: the workspace's forms in the user's sort order (the slug's `<id>-` prefix names
 *   the workspace, so they load alongside the workspaces; on `/home` the first workspace by name is only known once
 *   the workspaces are there), and the Starred and Recently viewed rows on `/home`;
 * - `/home/starred`, `/home/recents`, `/home/trash`: that list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { FlowListView } from '@formloom/contracts/api/flows/flows';
import { HOME_ROW_FETCH } from '@formloom/contracts/limits';
import { parseWorkspaceSlug } from '@formloom/contracts/rules/slug';
import { preload } from '../app/loaders';
import { meQueryOptions } from '../features/auth/api/get-me';
import { flowListQueryOptions } from '../features/home/api/get-flows';
import { workspacesQueryOptions } from '../features/home/api/get-workspaces';
import { activeWorkspace } from '../features/home/model/active-workspace';
import { DEFAULT_HOME_PREFERENCES, readHomePreferences, type HomePreferences } from '../features/home/model/home-preferences';

/** The signed-in user's remembered sort order and view (defaults when unknown or unreadable). */
async function preferencesOf(queryClient: QueryClient): Promise<HomePreferences> {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  return me ? readHomePreferences(me.user.id) : DEFAULT_HOME_PREFERENCES;
}

/** The dashboard's loader; see the module comment. */
export function homeLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    const slugId = params.workspaceSlug ? parseWorkspaceSlug(params.workspaceSlug) : null;
    const preferences = await preferencesOf(queryClient);
    const list = (workspaceId: number) => queryClient.ensureInfiniteQueryData(flowListQueryOptions({ workspaceId, view: 'all', sort: preferences.sort }));
    const loadForms = async () => {
      const workspaces = await queryClient.ensureQueryData(workspacesQueryOptions());
      const active = activeWorkspace(workspaces, params.workspaceSlug);
      if (active && active.id !== slugId) await list(active.id);
    };
    const loads: Promise<unknown>[] = [loadForms()];
    if (slugId !== null) loads.push(list(slugId));
    else {
      loads.push(queryClient.ensureInfiniteQueryData(flowListQueryOptions({ workspaceId: null, view: 'starred', sort: preferences.sort, limit: HOME_ROW_FETCH })));
      loads.push(queryClient.ensureInfiniteQueryData(flowListQueryOptions({ workspaceId: null, view: 'recents', sort: 'lastViewed', limit: HOME_ROW_FETCH })));
    }
    await preload(queryClient, request, loads);
    return null;
  };
}

/** The loader of the Starred, Recents or Trash page (`view`). */
export function flowListLoader(queryClient: QueryClient, view: Exclude<FlowListView, 'all'>): LoaderFunction {
  return async ({ request }) => {
    const preferences = await preferencesOf(queryClient);
    const sort = view === 'recents' ? 'lastViewed' : preferences.sort;
    await preload(queryClient, request, [
      queryClient.ensureQueryData(workspacesQueryOptions()),
      queryClient.ensureInfiniteQueryData(flowListQueryOptions({ workspaceId: null, view, sort })),
    ]);
    return null;
  };
}
