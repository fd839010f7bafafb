/**
 * Pure edits of a form's calculations and quiz settings, as the editor makes them (`rules/calculations.ts` and
 * `rules/quiz.ts` in contracts define what they mean): add, rename, delete a calculation, set its starting number,
 * and add, change, reorder and delete its updates; turn the quiz on or off and choose what its ending shows. Each
 * function returns a new template and never mutates its input; an id that is not there leaves the template as it is.
 */
import type { Calculation, CalculationUpdate, FlowTemplate, QuizSettings, Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { MAX_CALCULATION_UPDATES, MAX_CALCULATIONS } from '@formloom/contracts/limits';
import { isLogicRef, type LogicValue } from '@formloom/contracts/logic';
import { CALCULATION_OPERATIONS, type CalculationOperation } from '@formloom/contracts/rules/calculations';
import { describeCondition, questionLabel } from '@formloom/contracts/rules/condition-text';
import { subjectOfRef, type ConditionSubject } from '@formloom/contracts/rules/condition-subjects';
import { answerIdOf, answerKindOf, operatorsFor } from '@formloom/contracts/rules/conditions';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { formPages, newId, templateIds } from './template-ops';

/** The calculations of `template`, in order (`[]` for none). */
function calculationsOf(template: FlowTemplate): Calculation[] {
  return template.calculations ?? [];
}

/** `template` with `calculations` (the key removed when there are none left). */
function withCalculations(template: FlowTemplate, calculations: Calculation[]): FlowTemplate {
  if (calculations.length > 0) return { ...template, calculations };
  const { calculations: _removed, ...without } = template;
  return without;
}

/** `template` with calculation `id` replaced by `update(it)`. */
function updateCalculation(template: FlowTemplate, id: string, update: (calculation: Calculation) => Calculation): FlowTemplate {
  const calculations = calculationsOf(template);
  if (!calculations.some((calculation) => calculation.id === id)) return template;
  return withCalculations(template, calculations.map((calculation) => (calculation.id === id ? update(calculation) : calculation)));
}

/**
 * Adds a calculation at the end: named `copy.flows.newCalculationName(n)` with the first `n` (from the count + 1)
 * no calculation is called yet, starting at 0, without updates; its id (`c` + 8 characters) is new across the
 * template. Returns the template and the id; beyond `MAX_CALCULATIONS`, the template as it is and `null`.
 */
export function addCalculation(template: FlowTemplate): { template: FlowTemplate; id: string | null } {
  const calculations = calculationsOf(template);
  if (calculations.length >= MAX_CALCULATIONS) return { template, id: null };
  const id = newId('c', templateIds(template));
  const names = new Set(calculations.map((calculation) => calculation.name));
  let n = calculations.length + 1;
  while (names.has(copy.flows.newCalculationName(n))) n += 1;
  const calculation: Calculation = { id, name: copy.flows.newCalculationName(n), initialValue: 0, updates: [] };
  return { template: withCalculations(template, [...calculations, calculation]), id };
}

/** Renames calculation `id` (as typed: saving trims it and refuses a blank one). */
export function renameCalculation(template: FlowTemplate, id: string, name: string): FlowTemplate {
  return updateCalculation(template, id, (calculation) => ({ ...calculation, name }));
}

/** Sets the number calculation `id` starts at (a finite number; anything else is ignored). */
export function setCalculationInitialValue(template: FlowTemplate, id: string, initialValue: number): FlowTemplate {
  if (!Number.isFinite(initialValue)) return template;
  return updateCalculation(template, id, (calculation) => ({ ...calculation, initialValue }));
}

/**
 * Deletes calculation `id`. Texts, conditions and later updates that still use it are left as they are: the
 * publish checks point them out (`copy.flows.pipedUnknownCalculation`, `copy.conditions.unknownQuestion`).
 */
export function removeCalculation(template: FlowTemplate, id: string): FlowTemplate {
  return withCalculations(template, calculationsOf(template).filter((calculation) => calculation.id !== id));
}

/** The update a calculation gets from 'Add update': always add 1. */
export function newCalculationUpdate(): CalculationUpdate {
  return { operation: 'add', value: 1 };
}

/** Appends an update to calculation `id` (at most `MAX_CALCULATION_UPDATES`; the template as it is beyond). */
export function addCalculationUpdate(template: FlowTemplate, id: string, update: CalculationUpdate = newCalculationUpdate()): FlowTemplate {
  return updateCalculation(template, id, (calculation) =>
    calculation.updates.length >= MAX_CALCULATION_UPDATES ? calculation : { ...calculation, updates: [...calculation.updates, update] },
  );
}

/** Replaces the update at `index` of calculation `id`. */
export function setCalculationUpdate(template: FlowTemplate, id: string, index: number, update: CalculationUpdate): FlowTemplate {
  return updateCalculation(template, id, (calculation) => ({ ...calculation, updates: calculation.updates.map((item, at) => (at === index ? update : item)) }));
}

/** Removes the update at `index` of calculation `id`. */
export function removeCalculationUpdate(template: FlowTemplate, id: string, index: number): FlowTemplate {
  return updateCalculation(template, id, (calculation) => ({ ...calculation, updates: calculation.updates.filter((_, at) => at !== index) }));
}

/** Moves the update at `from` of calculation `id` to `to` (updates run in order); out-of-range indices change nothing. */
export function moveCalculationUpdate(template: FlowTemplate, id: string, from: number, to: number): FlowTemplate {
  return updateCalculation(template, id, (calculation) => {
    const { updates } = calculation;
    if (from < 0 || from >= updates.length || to < 0 || to >= updates.length || from === to) return calculation;
    const next = [...updates];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    return { ...calculation, updates: next };
  });
}

/** An update with its `when` condition set, or removed with `undefined` (then it always applies). */
export function withWhen(update: CalculationUpdate, when: CalculationUpdate['when']): CalculationUpdate {
  const { when: _old, ...rest } = update;
  return when === undefined ? rest : { ...rest, when };
}

/** How the editor names each operation, as the update reads: 'Add 15', 'Multiply by Quantity', 'Set to 0' (`copy.flows`). */
export const OPERATION_LABELS: Readonly<Record<CalculationOperation, string>> = copy.flows.calculationOperations;

/** The operations in the editor's order, as select options. */
export const OPERATION_OPTIONS = CALCULATION_OPERATIONS.map((operation) => ({ value: operation, label: OPERATION_LABELS[operation] }));

/** A question a condition or an update may use, with the name of its page (for grouped lists). */
export interface NamedQuestion {
  widget: Widget;
  pageName: string;
}

/**
 * Every question of the form a condition may compare (one that takes an answer with operators), in page order with
 * its page's name: what a calculation's 'When' may use (calculations run over all the respondent's answers).
 */
export function everyConditionQuestion(template: FlowTemplate): NamedQuestion[] {
  const names = new Map(formPages(template).map((page, index) => [page.id, page.name || copy.flows.pageName(index + 1)]));
  return formWidgets(template)
    .filter(({ widget }) => operatorsFor(widget).length > 0)
    .map(({ stepId, widget }) => ({ widget, pageName: names.get(stepId) ?? '' }));
}

/** One choice of an update's value source: its logic path (`answers.<id>`, `calculations.<id>`, `urlParams.<name>`) and its name. */
export interface ValueSource {
  value: string;
  label: string;
}

/**
 * What the value of an update of calculation `calculationId` may refer to, as select groups: the number questions
 * (NumberInput, CurrencyInput, Slider, StarRating, OpinionScale — any page), the calculations listed before it, and
 * the hidden fields (their digits). Groups without items are left out. Mirrors `calculationProblems` (publish checks).
 */
export function valueSources(template: FlowTemplate, calculationId: string): { group: string; items: ValueSource[] }[] {
  const questions = formWidgets(template)
    .filter(({ widget }) => answerKindOf(widget) === 'number')
    .map(({ widget }) => ({ value: `answers.${widget.id}`, label: questionLabel(widget) }));
  const calculations = calculationsOf(template);
  const at = calculations.findIndex((calculation) => calculation.id === calculationId);
  const earlier = calculations.slice(0, Math.max(0, at)).map((calculation) => ({ value: `calculations.${calculation.id}`, label: calculation.name }));
  const hidden = (template.urlParams ?? []).map((param) => ({ value: `urlParams.${param.name}`, label: param.name }));
  return [
    { group: 'Number questions', items: questions },
    { group: 'Calculations above', items: earlier },
    { group: 'Hidden fields', items: hidden },
  ].filter((group) => group.items.length > 0);
}

/** The name of an update's value: the number as written, or the question, calculation or hidden field it refers to ('?' when none). */
export function valueName(value: LogicValue, questions: readonly Widget[], subjects: readonly ConditionSubject[]): string {
  if (!isLogicRef(value)) return value === null || value === '' ? '?' : String(value);
  const id = answerIdOf(value);
  const question = id === null ? undefined : questions.find((widget) => widget.id === id);
  if (question) return questionLabel(question);
  return subjectOfRef(value, subjects)?.label ?? '?';
}

/**
 * An update in words, for its summary: 'Add 15', 'Multiply by Quantity', 'When Size equals Large: add 15'.
 * `questions`: the form's questions; `subjects`: its hidden fields, calculations and score (`templateSubjects`).
 */
export function describeUpdate(update: CalculationUpdate, questions: readonly Widget[], subjects: readonly ConditionSubject[]): string {
  const action = `${OPERATION_LABELS[update.operation]} ${valueName(update.value, questions, subjects)}`;
  if (update.when === undefined) return action;
  const when = describeCondition(update.when, questions, subjects) || 'no condition yet';
  return `When ${when}: ${action.charAt(0).toLowerCase()}${action.slice(1)}`;
}

/** A form's quiz settings with their defaults: off, the score shown on the ending, the correct answers not. */
export function quizSettingsOf(template: Pick<FlowTemplate, 'quizzes'>): Required<QuizSettings> {
  const quiz = template.quizzes;
  return { enabled: quiz?.enabled === true, showScore: quiz?.showScore !== false, showAnswers: quiz?.showAnswers === true };
}

/**
 * Changes the form's quiz settings (`patch` over {@link quizSettingsOf}); all three are stored, so turning the quiz
 * off and on again keeps what the ending shows. The options' points stay when the quiz is off (they count for
 * nothing then).
 */
export function setQuizSettings(template: FlowTemplate, patch: Partial<QuizSettings>): FlowTemplate {
  return { ...template, quizzes: { ...quizSettingsOf(template), ...patch } };
}

/** The calculations' names by id, for `describePiping` ('Total: [Price]'). */
export function calculationNames(template: Pick<FlowTemplate, 'calculations'>): Map<string, string> {
  return new Map((template.calculations ?? []).map((calculation) => [calculation.id, calculation.name]));
}
