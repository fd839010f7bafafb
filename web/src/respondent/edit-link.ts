/**
 * A submission opened by its edit link (`@formloom/contracts/rules/edit-links`): the public form loads it with the
 * link's token, fills the form with its answers, and saves the edit over it — by the zod-free routes of
 * `@formloom/contracts/api/public-form-routes`, like the form's other calls.
 *
 * - `GET /public/flows/{publicIdentifier}/submissions/{submissionId}?token=…` → `{submission: {answers,
 *   urlParameters, …}}`; 404 `copy.publicForm.editLinkInvalid`.
 * - `PUT` the same path `{token, answers}` → `{submission: {submissionId, submissionTime, lastUpdatedAt}}`; 400 with
 *   one detail per question in error.
 */
import { useCallback, useEffect, useState } from 'react';
import type { EditableSubmissionResponse, UpdateSubmissionResponse } from '@formloom/contracts/api/flows/edit-submissions';
import { PUBLIC_FORM_ROUTES } from '@formloom/contracts/api/public-form-routes';
import { readEditLink } from '@formloom/contracts/rules/edit-links';
import { callRoute } from '../lib/api-client';
import type { SubmitInput } from './api';

/** A submission as its edit link opens it. */
export type EditableSubmission = EditableSubmissionResponse['submission'];

/** What an edit link names: the submission and its token (`readEditLink`). */
export interface EditLink {
  submissionId: string;
  token: string;
}

/** Loads the submission `link` names. @throws ApiError 404 `copy.publicForm.editLinkInvalid` */
export function openEditLink(publicIdentifier: string, link: EditLink, signal?: AbortSignal): Promise<EditableSubmission> {
  return callRoute<EditableSubmissionResponse>(PUBLIC_FORM_ROUTES.editableSubmission, {
    params: { publicIdentifier, submissionId: link.submissionId },
    query: { token: link.token },
    signal,
  }).then((body) => body.submission);
}

/**
 * The `submit` of a form opened by `link`: saves the answers over the submission (its hidden fields stay as they
 * were). @throws ApiError 400 with one detail per question in error, 404 for a link no longer valid or a closed form
 */
export function saveEdit(link: EditLink): (input: SubmitInput) => Promise<UpdateSubmissionResponse['submission']> {
  return async (input) => {
    const body = await callRoute<UpdateSubmissionResponse>(PUBLIC_FORM_ROUTES.updateSubmission, {
      params: { publicIdentifier: input.publicIdentifier, submissionId: link.submissionId },
      body: { token: link.token, answers: input.answers },
    });
    return body.submission;
  };
}

/** The state of {@link useEditLink}: no edit link, the submission loading, loaded, or refused. */
export type EditLinkState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; link: EditLink; submission: EditableSubmission }
  | { status: 'error'; error: unknown };

/**
 * The submission the page's edit link names (`readEditLink` of `location.search`, read once), loaded for the
 * form; `retry` loads it again after an error.
 */
export function useEditLink(publicIdentifier: string): { state: EditLinkState; retry: () => void } {
  const [link] = useState(() => (typeof window === 'undefined' ? null : readEditLink(window.location.search)));
  const [state, setState] = useState<EditLinkState>(() => (link ? { status: 'loading' } : { status: 'none' }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    openEditLink(publicIdentifier, link, controller.signal).then(
      (submission) => setState({ status: 'ready', link, submission }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [publicIdentifier, link, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
