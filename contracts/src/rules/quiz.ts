/**
 * Quizzes (spec 000 §3: the flow's and the template's `quizzes`, `quizzes.enabled`): with a form's quiz on, the
 * options of its choice questions carry points, the respondent's score is the points of what they chose, the
 * ending may show it with the right answers, and page rules may send them to a pass or a fail ending
 * (`{"gte": [{"var": "quiz.score"}, 7]}`).
 *
 * Scoring, per question whose options carry points (`options[].points`; a question with none is not scored):
 * - one option (MultipleChoice, Dropdown, an ImageChoice of one card): the points of the chosen option; the most
 *   the question gives is its best option's points;
 * - several (Checkboxes, MultiSelect, an ImageChoice with `multiple`): the sum of the chosen options' points (a
 *   wrong choice may cost points); the most is the sum of the positive points.
 * The correct options of a question are those with the most points, when that is above 0 (a question of one
 * option), or every option with points above 0 (several). An answer is correct when it earns the most the
 * question gives. The score and its maximum count the questions the respondent was shown (`rules/page-path.ts`:
 * a question on a branch not taken, or hidden, neither adds nor counts).
 *
 * ZOD-FREE AT RUNTIME (the public form runs it; the schema is `QuizSettings` in `entities/flow-template.ts`).
 * Pure; never throws.
 */
import type { FlowTemplate, QuizSettings, Widget } from '../entities/flow-template';
import { answerKindOf } from './conditions';
import { roundNumber } from './calculations';

/** The template's quiz settings when the quiz is on; `null` otherwise. */
export function quizOf(template: Pick<FlowTemplate, 'quizzes'>): QuizSettings | null {
  return template.quizzes?.enabled === true ? template.quizzes : null;
}

/** A choice with its points (`0` when it has none). */
interface ScoredOption {
  id: string;
  label: string;
  points: number;
}

/** The options of `question` with their points when it is a choice question with at least one option worth points; `null` otherwise. */
export function scoredOptions(question: Pick<Widget, 'type' | 'template'>): ScoredOption[] | null {
  const kind = answerKindOf(question);
  if (kind !== 'choice' && kind !== 'choices') return null;
  const options = (question.template as { options?: ReadonlyArray<{ id: string; label: string; points?: number }> }).options ?? [];
  const scored = options.map(({ id, label, points }) => ({ id, label, points: typeof points === 'number' && Number.isFinite(points) ? points : 0 }));
  return scored.some((option) => option.points !== 0) ? scored : null;
}

/** A scored question of a quiz, as the respondent answered it. */
export interface QuizQuestionResult {
  widgetId: string;
  /** The points the answer earned (may be below 0 for several choices). */
  score: number;
  /** The most the question gives. */
  maxScore: number;
  /** The answer earns {@link maxScore}. */
  correct: boolean;
  /** The ids of the correct options (module doc). */
  correctOptionIds: string[];
}

/**
 * The points `answer` earns on `question` (module doc); `null` when the question is not scored. `answer` is an
 * option id (one choice) or a list of them (several); anything else earns 0.
 */
export function scoreQuestion(question: Widget, answer: unknown): QuizQuestionResult | null {
  const options = scoredOptions(question);
  if (!options) return null;
  const several = answerKindOf(question) === 'choices';
  const chosen = new Set((Array.isArray(answer) ? answer : [answer]).filter((id): id is string => typeof id === 'string'));
  const points = (ids: Iterable<string>) => [...ids].reduce((sum, id) => sum + (options.find((option) => option.id === id)?.points ?? 0), 0);
  let maxScore: number;
  let correctOptionIds: string[];
  if (several) {
    correctOptionIds = options.filter((option) => option.points > 0).map((option) => option.id);
    maxScore = points(correctOptionIds);
  } else {
    const best = Math.max(...options.map((option) => option.points));
    correctOptionIds = best > 0 ? options.filter((option) => option.points === best).map((option) => option.id) : [];
    maxScore = Math.max(0, best);
    if (chosen.size > 1) chosen.clear();
  }
  const score = roundNumber(points(chosen));
  return { widgetId: question.id, score, maxScore: roundNumber(maxScore), correct: chosen.size > 0 && score >= maxScore, correctOptionIds };
}

/** A quiz's outcome: the points earned, the most there were to earn, and each scored question. */
export interface QuizResult {
  score: number;
  maxScore: number;
  questions: QuizQuestionResult[];
}

/**
 * The quiz result of `answers` over `questions` (the questions the respondent was shown, in order): the sum of
 * {@link scoreQuestion} over the scored ones. Unscored questions are left out.
 */
export function scoreQuiz(questions: readonly Widget[], answers: Readonly<Record<string, unknown>>): QuizResult {
  const results: QuizQuestionResult[] = [];
  for (const question of questions) {
    const result = scoreQuestion(question, Object.prototype.hasOwnProperty.call(answers, question.id) ? answers[question.id] : undefined);
    if (result) results.push(result);
  }
  return {
    score: roundNumber(results.reduce((sum, result) => sum + result.score, 0)),
    maxScore: roundNumber(results.reduce((sum, result) => sum + result.maxScore, 0)),
    questions: results,
  };
}
