/**
 * `getPublicTemplate` (GET /public/flows/templates/{publicIdentifier}?mode=live) → {flowSnapshot: {template},
 * theme: {theme}, flow: {settings}} (spec 000 §7); no sign-in needed; 404 when the form was never published.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicTemplate, type PublicTemplateResponse } from '@formloom/contracts/api/flows/public-forms';
import { callEndpoint } from '../../../lib/api-client';
import { publicFormKeys } from '../../../lib/query-keys';

/** The published form as a respondent loads it. */
export type LiveForm = PublicTemplateResponse;

/** Loads the live form. @throws ApiError 404 'Form not found' / 'This form is not published'. */
export function getLiveForm(publicIdentifier: string, signal?: AbortSignal): Promise<LiveForm> {
  return callEndpoint(getPublicTemplate, { params: { publicIdentifier }, query: { mode: 'live' }, signal });
}

/** The query of the live form (fresh for five minutes). */
export function liveFormQueryOptions(publicIdentifier: string) {
  return queryOptions({
    queryKey: publicFormKeys.live(publicIdentifier),
    queryFn: ({ signal }) => getLiveForm(publicIdentifier, signal),
    staleTime: 5 * 60_000,
  });
}

/** The live form. */
export function useLiveForm(publicIdentifier: string) {
  return useQuery(liveFormQueryOptions(publicIdentifier));
}
