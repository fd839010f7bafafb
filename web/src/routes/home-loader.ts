/**
 * The loader of `/home` and `/home/:workspaceSlug`: the workspaces and the shown workspace's forms, before the
 * dashboard renders. With a slug the forms load alongside the workspaces (the slug's `<id>-` prefix names the
 * workspace); on `/home` the first workspace by name is only known once the workspaces are there.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { parseWorkspaceSlug } from '@formloom/contracts/rules/slug';
import { preload } from '../app/loaders';
import { flowsQueryOptions } from '../features/home/api/get-flows';
import { workspacesQueryOptions } from '../features/home/api/get-workspaces';
import { activeWorkspace } from '../features/home/model/active-workspace';

/** The dashboard's loader; see the module comment. */
export function homeLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    const slugId = params.workspaceSlug ? parseWorkspaceSlug(params.workspaceSlug) : null;
    const loadForms = async () => {
      const workspaces = await queryClient.ensureQueryData(workspacesQueryOptions());
      const active = activeWorkspace(workspaces, params.workspaceSlug);
      if (active && active.id !== slugId) await queryClient.ensureQueryData(flowsQueryOptions(active.id));
    };
    const loads: Promise<unknown>[] = [loadForms()];
    if (slugId !== null) loads.push(queryClient.ensureQueryData(flowsQueryOptions(slugId)));
    await preload(queryClient, request, loads);
    return null;
  };
}
