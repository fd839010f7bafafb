/**
 * A stored submission's numbers in Fillout's response shape: its calculations (`calculations: [{id, name, type:
 * 'number', value}]`, `rules/calculations.ts`) and, for a form whose quiz is on, its points (`quiz: {score,
 * maxScore}`, `rules/quiz.ts`). The flows service gives them in the submissions list, the `form.submitted` event and
 * the export (`entities/flow.ts` `Submission`, `events/form-submitted.ts`); the Results table shows them.
 *
 * They are computed, never stored: `pagePath(template, answers)` (`rules/page-path.ts`) over the snapshot the
 * submission was made against and its stored answers, which hold the hidden fields under their ids — so the path,
 * and with it the calculations and the score, are those the respondent's browser computed with the same answers
 * and link. ZOD-FREE AT RUNTIME (type-only imports of the schemas). Pure; never throws.
 */
import type { FlowTemplate } from '../entities/flow-template';
import type { SubmissionCalculation, SubmissionQuiz } from '../entities/flow';
import { calculationsOf, displayCalculation } from './calculations';
import { pagePath } from './page-path';
import { quizOf } from './quiz';

/** A submission's calculations and quiz points ({@link toSubmissionResults}). */
export interface SubmissionResults {
  /** Every calculation of the template, in its order ({@link toSubmissionCalculations}). */
  calculations: SubmissionCalculation[];
  /** The quiz's points; `null` when the template's quiz is off ({@link toSubmissionQuiz}). */
  quiz: SubmissionQuiz | null;
}

/**
 * Both numbers of a submission with one walk of the form: what {@link toSubmissionCalculations} and
 * {@link toSubmissionQuiz} give for `template` and `answers` (the stored answers, keyed by widget id and by hidden
 * field id; anything but an object counts as no answers). A form with neither is not walked.
 */
export function toSubmissionResults(template: FlowTemplate, answers: unknown): SubmissionResults {
  const calculations = calculationsOf(template);
  // Nothing to compute: no walk of the form (the export calls this for every row).
  if (calculations.length === 0 && !quizOf(template)) return { calculations: [], quiz: null };
  const path = pagePath(template, answers);
  return {
    calculations: calculations.map(({ id, name, initialValue }) => ({
      id,
      name,
      type: 'number',
      value: Object.prototype.hasOwnProperty.call(path.calculations, id) ? (path.calculations[id] as number) : initialValue,
    })),
    quiz: path.quiz ? { score: path.quiz.score, maxScore: path.quiz.maxScore } : null,
  };
}

/**
 * Every calculation of `template`, in the template's order, as `{id, name, type: 'number', value}`: `id` and `name`
 * the calculation's, `value` its number with the `answers` on the respondent's path (`rules/calculations.ts`:
 * starts at `initialValue`, updates whose value is missing are skipped; finite, rounded to 12 significant digits).
 * `[]` for a form without calculations.
 */
export function toSubmissionCalculations(template: FlowTemplate, answers: unknown): SubmissionCalculation[] {
  return calculationsOf(template).length === 0 ? [] : toSubmissionResults(template, answers).calculations;
}

/**
 * The quiz's points of `answers`, `{score, maxScore}` (`rules/quiz.ts`: the points of the options chosen, and the
 * most the questions on the respondent's path give; a question on a branch not taken neither adds nor counts);
 * `null` when the template's quiz is off (`quizzes.enabled` not `true`).
 */
export function toSubmissionQuiz(template: FlowTemplate, answers: unknown): SubmissionQuiz | null {
  return quizOf(template) ? toSubmissionResults(template, answers).quiz : null;
}

/**
 * A quiz's points as the Results table and the export show them: `'<score> / <maxScore>'`, each number as
 * `displayCalculation` writes it (at most 2 decimals: `'4 / 6'`, `'2.5 / 3'`, `'-1 / 4'`).
 */
export function displayQuizScore(quiz: SubmissionQuiz): string {
  return `${displayCalculation(quiz.score)} / ${displayCalculation(quiz.maxScore)}`;
}
