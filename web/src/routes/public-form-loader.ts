/**
 * The loader of `/t/:flowPublicIdentifier`: the live form (spec 000 §7 `GET /public/flows/templates/{id}?mode=live`)
 * before the page renders; 'not published' (404) stays in the cache for the page to show.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { preload } from '../app/loaders';
import { liveFormQueryOptions } from '../features/public-form/api/get-live-form';

/** The public form's loader. */
export function publicFormLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    await preload(queryClient, request, [queryClient.ensureQueryData(liveFormQueryOptions(params.flowPublicIdentifier ?? ''))]);
    return null;
  };
}
