/**
 * The Results' search text of a response (`submissions.search_text`, `contracts/src/api/flows/submissions.ts`
 * `SubmissionSearch`): what people read of it, so that a search finds a choice by its label ('Pro'), a date as it
 * is written ('March 5, 2026'), never by a stored id ('o2', '2026-03-05'). Written with every write of a response's
 * answers: a submission (`submissions.ts`), a saved or finished progress (`progress.ts`) and an edit
 * (`edit-submissions.ts`). Rows stored before the column existed have none and match no search (migration
 * `0007_submission_search_text`).
 */
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { toSubmissionQuestions } from '@formloom/contracts/rules/submission-questions';
import { toUrlParameters } from '@formloom/contracts/rules/url-params';

/**
 * The search text of `answers` (stored answers keyed by widget id, hidden fields under their ids) read against
 * `template` (the snapshot they are stored with): each question's `displayValue` (`toSubmissionQuestions`, without
 * file links: a file reads as its name) and each hidden field's value, the non-blank ones, one per line, lowercased
 * (`toLowerCase`, so the search — lowercased the same way — matches whatever the database's locale).
 */
export function searchTextOf(template: FlowTemplate, answers: Readonly<Record<string, unknown>>): string {
  const texts = [
    ...toSubmissionQuestions(template, answers).map((question) => question.displayValue),
    ...toUrlParameters(template, answers).map((parameter) => parameter.value),
  ];
  return texts
    .filter((text) => text.trim() !== '')
    .join('\n')
    .toLowerCase();
}
