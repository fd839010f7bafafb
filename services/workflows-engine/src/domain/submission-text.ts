/**
 * A submission as plain text, for the steps that send "all fields" somewhere text goes (an AI step's full
 * submission, a chat step's `send_all_fields`; spec 001 §3): the form's name, then one "label: answer" line per
 * answered question in page order (the answer as shown, `displayValue`, or the value formatted).
 */
import type { SubmittedQuestion } from '@formloom/contracts/events/form-submitted';
import { formatValue, type LogicContext } from '@formloom/contracts/logic';

/** What the text is made of: the logic context (the form's name) and the submission's questions. */
export interface SubmissionTextData {
  logic: LogicContext;
  /** The submission's questions in page order (`form.submitted`'s `questions`). */
  questions: readonly SubmittedQuestion[];
}

/** The whole submission as text (see the module doc); '' when no question was answered. */
export function submissionText(data: SubmissionTextData): string {
  const lines: string[] = [];
  const formName = data.logic.flow?.name;
  if (formName) lines.push(`Form: ${formName}`);
  for (const question of data.questions) {
    const answer = (question.displayValue ?? formatValue(question.value)).trim();
    if (answer === '') continue;
    lines.push(`${question.name.trim() || question.id}: ${answer}`);
  }
  // The form's name alone is no submission.
  return lines.length > (formName ? 1 : 0) ? lines.join('\n') : '';
}
