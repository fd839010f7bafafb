/**
 * What route loaders share (react-router 7 data router, `src/app/router.tsx`): the sign-in guards and
 * {@link preload}, which puts what a page needs into the react-query cache before the page renders. Loaders of
 * nested routes run in parallel, so a page's data loads alongside the guard's `/auth/me` instead of after it,
 * and the page's `useQuery` hooks find their data already there (no request waterfall). Loaders return no data
 * of their own: the cache is the one source the components read.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { paths, REDIRECT_PARAM, safeRedirectTarget } from '../config/paths';
import { meQueryOptions, type Me } from '../features/auth/api/get-me';
import { isApiError } from '../lib/api-client';
import { authKeys } from '../lib/query-keys';

/** The path and query of a loader's request, e.g. `/editor/abc/share?x=1` (where to come back after sign-in). */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** A redirect to `/login?redirect=<the requested page>`. */
function toLogin(request: Request): Response {
  return redirect(paths.login.getHref(currentPath(request)));
}

/**
 * The signed-in user of the session (from the cache when known, else `GET /auth/me`).
 * @throws a redirect Response to `/login?redirect=<requested page>` when signed out.
 * @throws ApiError / TypeError when `/auth/me` fails otherwise (the route's error element shows it).
 */
export async function requireUser(queryClient: QueryClient, request: Request): Promise<Me> {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  if (!me) throw toLogin(request);
  return me;
}

/**
 * The loader of the signed-in area (home, editor, settings): a visitor without a session is redirected to
 * `/login?redirect=<requested page>`.
 */
export function signedInLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    await requireUser(queryClient, request);
    return null;
  };
}

/**
 * The loader of `/login` and `/signup`: a signed-in user is sent on to `?redirect=` (when it is a path on this
 * site, {@link safeRedirectTarget}) or `/home`.
 */
export function signedOutLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    if (me) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get(REDIRECT_PARAM)));
    return null;
  };
}

/**
 * Waits for `loads` (e.g. `queryClient.ensureQueryData(flowQueryOptions(id))`, started by the caller so they run
 * in parallel). A load that fails stays in the cache as the query's error, and its page shows it with a retry
 * (e.g. 'Form not found', 'Workspace not found'), except a 401: the session has ended, so the cached user is
 * forgotten and the visitor is redirected to `/login?redirect=<requested page>`.
 * @throws a redirect Response on a 401.
 */
export async function preload(queryClient: QueryClient, request: Request, loads: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(loads);
  if (results.some((result) => result.status === 'rejected' && isApiError(result.reason, 401))) {
    queryClient.setQueryData(authKeys.me(), null);
    throw toLogin(request);
  }
}
