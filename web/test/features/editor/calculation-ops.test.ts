/**
 * The editor's calculation and quiz edits (src/features/editor/model/calculation-ops.ts) and conditions on hidden
 * fields, calculations and the score (model/logic-ops.ts): what the editor builds is a template the server accepts,
 * computes what the form builder meant (contracts `computeCalculations`), and a publish problem lands on the
 * update it concerns.
 */
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { computeCalculations } from '@formloom/contracts/rules/calculations';
import { templateSubjects } from '@formloom/contracts/rules/condition-subjects';
import { validateFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';
import {
  addCalculation,
  addCalculationUpdate,
  describeUpdate,
  moveCalculationUpdate,
  quizSettingsOf,
  removeCalculation,
  removeCalculationUpdate,
  renameCalculation,
  setCalculationInitialValue,
  setQuizSettings,
  valueSources,
  withWhen,
} from '../../../src/features/editor/model/calculation-ops';
import { addPageRule } from '../../../src/features/editor/model/logic-ops';
import { comparisonParts, newSubjectComparison, withOperator, withSubject } from '../../../src/ui/condition-editor/condition-model';
import { locateErrors } from '../../../src/features/editor/model/save-errors';
import { addWidget, templateIds } from '../../../src/features/editor/model/template-ops';

const size: Widget = {
  id: 'size',
  name: 'Size',
  type: 'MultipleChoice',
  template: { label: 'Size', required: false, options: [{ id: 'small', label: 'Small' }, { id: 'large', label: 'Large' }] },
};
const quantity: Widget = { id: 'quantity', name: 'Quantity', type: 'NumberInput', template: { label: 'Quantity', required: false } };
const note: Widget = { id: 'note', name: 'Note', type: 'ShortAnswer', template: { label: 'Note', required: false } };

function template(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Order', type: 'form', template: { widgets: [size, quantity, note] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

/** A 'Price' of 20, plus 15 for Large, times the quantity — as the editor builds it. */
function withPrice(): { template: FlowTemplate; id: string } {
  const added = addCalculation(template());
  const id = added.id!;
  let next = renameCalculation(added.template, id, 'Price');
  next = setCalculationInitialValue(next, id, 20);
  next = addCalculationUpdate(next, id, withWhen({ operation: 'add', value: 15 }, { and: [{ equals: [{ var: 'answers.size' }, 'large'] }] }));
  next = addCalculationUpdate(next, id, { operation: 'multiply', value: { var: 'answers.quantity' } });
  return { template: next, id };
}

describe('calculations', () => {
  it('adds numbered calculations starting at 0, with ids no other part of the form has', () => {
    const first = addCalculation(template());
    const second = addCalculation(first.template);
    expect(second.template.calculations).toEqual([
      { id: first.id, name: 'Calculation 1', initialValue: 0, updates: [] },
      { id: second.id, name: 'Calculation 2', initialValue: 0, updates: [] },
    ]);
    expect(templateIds(template()).has(first.id!)).toBe(false);
    // A question added afterwards never takes a calculation's id.
    expect(templateIds(second.template).has(second.id!)).toBe(true);
    const third = addCalculation(removeCalculation(second.template, first.id!));
    expect(third.template.calculations?.map((calculation) => calculation.name)).toEqual(['Calculation 2', 'Calculation 3']);
    expect(validateFlowTemplate(third.template).ok).toBe(true);
    expect(removeCalculation(removeCalculation(second.template, first.id!), second.id!)).not.toHaveProperty('calculations');
  });

  it('builds updates that compute what they say, in the order they are put', () => {
    const { template: priced, id } = withPrice();
    expect(validateFlowTemplate(priced).ok).toBe(true);
    expect(publishProblems(priced)).toEqual([]);
    expect(computeCalculations(priced, { answers: { size: 'large', quantity: 2 } })[id]).toBe(70);
    expect(computeCalculations(priced, { answers: { size: 'small', quantity: 3 } })[id]).toBe(60);

    const subjects = templateSubjects(priced);
    const updates = priced.calculations![0]!.updates;
    expect(updates.map((update) => describeUpdate(update, [size, quantity, note], subjects))).toEqual(['When Size equals Large: add 15', 'Multiply by Quantity']);

    const swapped = moveCalculationUpdate(priced, id, 1, 0);
    expect(computeCalculations(swapped, { answers: { size: 'large', quantity: 2 } })[id]).toBe(55);
    const fewer = removeCalculationUpdate(swapped, id, 0);
    expect(computeCalculations(fewer, { answers: { size: 'large', quantity: 2 } })[id]).toBe(35);
  });

  it('offers number questions, the calculations above and hidden fields as values', () => {
    const { template: priced, id } = withPrice();
    const second = addCalculation({ ...priced, urlParams: [{ id: 'h1', name: 'discount' }] });
    expect(valueSources(second.template, id)).toEqual([
      { group: 'Number questions', items: [{ value: 'answers.quantity', label: 'Quantity' }] },
      { group: 'Hidden fields', items: [{ value: 'urlParams.discount', label: 'discount' }] },
    ]);
    expect(valueSources(second.template, second.id!)[1]).toEqual({ group: 'Calculations above', items: [{ value: `calculations.${id}`, label: 'Price' }] });
  });

  it('shows a publish problem on the update it concerns', () => {
    const { template: priced, id } = withPrice();
    const wrong = addCalculationUpdate(priced, id, { operation: 'add', value: { var: 'answers.note' } });
    const problems = publishProblems(wrong);
    expect(problems).toEqual([{ path: 'calculations.0.updates.2.value', message: copy.flows.calculationNeedsNumber }]);
    const located = locateErrors(problems, wrong, 'publish');
    expect(located.byCalculationUpdate).toEqual({ [`${id}:2`]: [copy.flows.calculationNeedsNumber] });
    expect(located.list[0]?.where).toBe('Calculations › Price › Update 3');
  });

  it('keeps new questions\' ids apart from calculations\'', () => {
    const { template: priced, id } = withPrice();
    const { widgetId } = addWidget(priced, 'p1', 'ShortAnswer');
    expect(widgetId).not.toBe(id);
  });
});

describe('quiz settings', () => {
  it('starts off, shows the score and not the answers by default, and remembers them when turned off', () => {
    expect(quizSettingsOf(template())).toEqual({ enabled: false, showScore: true, showAnswers: false });
    const on = setQuizSettings(template(), { enabled: true });
    expect(on.quizzes).toEqual({ enabled: true, showScore: true, showAnswers: false });
    const off = setQuizSettings(setQuizSettings(on, { showAnswers: true }), { enabled: false });
    expect(quizSettingsOf(setQuizSettings(off, { enabled: true }))).toEqual({ enabled: true, showScore: true, showAnswers: true });
    expect(validateFlowTemplate(off).ok).toBe(true);
  });
});

describe('conditions on hidden fields, calculations and the score', () => {
  it('builds comparisons on the score that publishing accepts, and keeps what fits another subject', () => {
    const quiz = setQuizSettings(withPrice().template, { enabled: true });
    const [, price, score] = templateSubjects({ ...quiz, urlParams: [{ id: 'h1', name: 'ref' }] });
    const onScore = withOperator(comparisonParts(newSubjectComparison(score!)), undefined, 'gte');
    expect(onScore).toEqual({ gte: [{ var: 'quiz.score' }, ''] });
    const parts = comparisonParts({ gte: [{ var: 'quiz.score' }, 7] });
    expect(parts).toMatchObject({ questionId: null, subjectPath: 'quiz.score', operator: 'gte', value: 7 });
    expect(withSubject(parts, 'number', price!)).toEqual({ gte: [{ var: price!.path }, 7] });

    const ruled = addPageRule(quiz, 'p1', { condition: { and: [{ gte: [{ var: 'quiz.score' }, 7] }] }, nextStep: 'end' });
    expect(validateFlowTemplate(ruled).ok).toBe(true);
    expect(publishProblems(ruled)).toEqual([]);
  });

  it('gives a hidden field text operators and a blank value', () => {
    const [ref] = templateSubjects({ urlParams: [{ id: 'h1', name: 'ref' }] });
    expect(newSubjectComparison(ref!)).toEqual({ equals: [{ var: 'urlParams.ref' }, ''] });
    // 'contains' fits text, not numbers: a calculation then starts over.
    const [, calc] = templateSubjects({ urlParams: [{ id: 'h1', name: 'ref' }], calculations: [{ id: 'c1', name: 'Total', initialValue: 0, updates: [] }] });
    expect(withSubject(comparisonParts({ contains: [{ var: 'urlParams.ref' }, 'ad'] }), 'text', calc!)).toEqual({ equals: [{ var: 'calculations.c1' }, ''] });
  });
});
