/**
 * GET /public/flows/templates/{publicIdentifier}?mode=live → {flowSnapshot: {template}, theme: {theme},
 * flow: {settings}} (spec 000 §7); no sign-in needed; 404 when the form was never published.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTemplateResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';

export type LiveForm = PublicTemplateResponse;

export function getLiveForm(publicIdentifier: string, signal?: AbortSignal): Promise<LiveForm> {
  return api.get<LiveForm>(`/public/flows/templates/${encodeURIComponent(publicIdentifier)}`, { mode: 'live' }, signal);
}

export function liveFormQueryOptions(publicIdentifier: string) {
  return queryOptions({
    queryKey: ['public-flow', publicIdentifier, 'live'] as const,
    queryFn: ({ signal }) => getLiveForm(publicIdentifier, signal),
    staleTime: 5 * 60_000,
  });
}

export function useLiveForm(publicIdentifier: string) {
  return useQuery(liveFormQueryOptions(publicIdentifier));
}
