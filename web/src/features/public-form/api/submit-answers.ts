/**
 * POST /public/flows/{publicIdentifier}/submissions {answers: {<widgetId>: value}} →
 * 201 {submission: {submissionId, submissionTime}}; 400 with details [{path: 'answers.<widgetId>', message}].
 */
import { useMutation } from '@tanstack/react-query';
import type { SubmitResponse } from '@formloom/contracts/http/flows';
import { api } from '../../../lib/api-client';

export type SubmissionReceipt = SubmitResponse['submission'];

export async function submitAnswers(input: { publicIdentifier: string; answers: Record<string, unknown> }): Promise<SubmissionReceipt> {
  const body = await api.post<SubmitResponse>(
    `/public/flows/${encodeURIComponent(input.publicIdentifier)}/submissions`,
    { answers: input.answers },
  );
  return body.submission;
}

export function useSubmitAnswers() {
  return useMutation({ mutationFn: submitAnswers });
}
