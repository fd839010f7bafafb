/**
 * `submitAnswers` (POST /public/flows/{publicIdentifier}/submissions {answers: {<widgetId>: value}, challengeToken?}) →
 * 201 {submission: {submissionId, submissionTime}}; 400 with details [{path: 'answers.<widgetId>', message}].
 */
import { useMutation } from '@tanstack/react-query';
import { submitAnswers as submitAnswersEndpoint, type SubmitResponse } from '@formloom/contracts/api/flows/submissions';
import { callEndpoint } from '../../../lib/api-client';

/** What the respondent gets back: the submission's id and time. */
export type SubmissionReceipt = SubmitResponse['submission'];

/**
 * Submits the answers, with the bot challenge's token when the form has a challenge.
 * @throws ApiError 400 with one detail per question in error (or at `body.challengeToken`), 404 for an unknown
 *   form, 429 over the submission limit
 */
export async function submitAnswers(input: {
  publicIdentifier: string;
  answers: Record<string, unknown>;
  challengeToken?: string;
}): Promise<SubmissionReceipt> {
  const body = await callEndpoint(submitAnswersEndpoint, {
    params: { publicIdentifier: input.publicIdentifier },
    body: { answers: input.answers, ...(input.challengeToken ? { challengeToken: input.challengeToken } : {}) },
  });
  return body.submission;
}

/** Submits the answers. */
export function useSubmitAnswers() {
  return useMutation({ mutationFn: submitAnswers });
}
