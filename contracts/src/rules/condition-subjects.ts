/**
 * What a form's conditions may compare besides questions' answers: its hidden fields (`urlParams.<name>`,
 * compared as text), its calculations (`calculations.<id>`, numbers) and, in a quiz, the score (`quiz.score`, a
 * number). The editor offers them after the questions; the publish checks (`rules/publish-checks.ts`) accept
 * exactly them; `rules/condition-text.ts` names them. Each is usable on every page: hidden fields are there from
 * the start, calculations and the score hold what the answers before made of them (`rules/page-path.ts`).
 * ZOD-FREE AT RUNTIME (type-only imports). Pure.
 */
import * as copy from '../copy';
import type { FlowTemplate } from '../entities/flow-template';
import { isLogicRef } from '../logic';
import type { AnswerKind } from './conditions';
import { quizOf } from './quiz';

/** A value of the form a condition may compare that is no question's answer. */
export interface ConditionSubject {
  /** Its logic path, as a condition refers to it: `{"var": path}`. */
  path: string;
  /**
   * `urlParam` (a hidden field), `calculation` or `quiz` (the score); in a workflow's filter and branch conditions
   * also `step`: a field of an earlier step's output (`nodes.<nodeId>.<field>`, `workflows/conditions.ts`).
   */
  source: 'urlParam' | 'calculation' | 'quiz' | 'step';
  /** The heading it is listed under when it is not its source's (a step's title: 'AI (n3)'). */
  group?: string;
  /** What its values are, for operators and value fields: `text` for a hidden field, `number` otherwise. */
  kind: AnswerKind;
  /** Its name in the editor and in words: the field's name, the calculation's name, 'Score'. */
  label: string;
}

/** The logic path of the quiz's score. */
export const QUIZ_SCORE_PATH = 'quiz.score';

/** The subjects of `template`, in the editor's order: hidden fields, calculations, then the score (quizzes only). */
export function templateSubjects(template: Pick<FlowTemplate, 'urlParams' | 'calculations' | 'quizzes'>): ConditionSubject[] {
  const subjects: ConditionSubject[] = [];
  for (const { name } of template.urlParams ?? []) subjects.push({ path: `urlParams.${name}`, source: 'urlParam', kind: 'text', label: name });
  for (const { id, name } of template.calculations ?? []) subjects.push({ path: `calculations.${id}`, source: 'calculation', kind: 'number', label: name });
  if (quizOf(template)) subjects.push({ path: QUIZ_SCORE_PATH, source: 'quiz', kind: 'number', label: copy.quiz.score });
  return subjects;
}

/** The subject among `subjects` that `value` (a `{var}` reference) refers to; `undefined` for anything else. */
export function subjectOfRef(value: unknown, subjects: readonly ConditionSubject[]): ConditionSubject | undefined {
  return isLogicRef(value) ? subjects.find((subject) => subject.path === value.var) : undefined;
}
