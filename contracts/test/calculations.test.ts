/**
 * Calculations (`rules/calculations.ts`) and quizzes (`rules/quiz.ts`) as a form's respondent meets them: a price
 * that follows the options picked, a score out of the points there were to get, page rules that send a passing
 * respondent to another ending, and texts that show the numbers.
 */
import * as copy from '../src/copy';
import type { Calculation, FlowTemplate, Widget } from '../src/entities/flow-template';
import { computeCalculations, displayCalculation } from '../src/rules/calculations';
import { describeCondition } from '../src/rules/condition-text';
import { templateSubjects } from '../src/rules/condition-subjects';
import { pagePath } from '../src/rules/page-path';
import { describePiping, pipeAnswers } from '../src/rules/piping';
import { calculationProblems, publishProblems } from '../src/rules/publish-checks';
import { scoreQuestion, scoreQuiz } from '../src/rules/quiz';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { ask, ending, form, page, q } from './logic-forms';

const size: Widget = {
  id: 'size',
  name: 'Size',
  type: 'MultipleChoice',
  template: { label: 'Size', required: true, options: [{ id: 'small', label: 'Small' }, { id: 'large', label: 'Large' }] },
};
const price: Calculation = {
  id: 'price',
  name: 'Price',
  initialValue: 20,
  updates: [
    { when: { equals: [q('size'), 'large'] }, operation: 'add', value: 15 },
    { operation: 'multiply', value: q('quantity') },
  ],
};
const pizza = (): FlowTemplate => ({
  ...form('order', page('order', [size, ask.number('quantity')], 'cheap', [{ condition: { gte: [{ var: 'calculations.price' }, 100] }, nextStep: 'big' }]), ending('cheap'), ending('big')),
  calculations: [price],
});

describe('calculations', () => {
  it('start at their initial value and apply the updates whose condition holds, in order', () => {
    expect(computeCalculations(pizza(), { answers: {} })).toEqual({ price: 20 });
    expect(computeCalculations(pizza(), { answers: { size: 'small', quantity: 2 } })).toEqual({ price: 40 });
    expect(computeCalculations(pizza(), { answers: { size: 'large', quantity: 3 } })).toEqual({ price: 105 });
  });

  it('skip an update whose value is no number, and a division by zero', () => {
    const template: FlowTemplate = {
      ...pizza(),
      calculations: [{ id: 'c', name: 'C', initialValue: 10, updates: [{ operation: 'divide', value: 0 }, { operation: 'add', value: q('quantity') }, { operation: 'subtract', value: 'x' }] }],
    };
    expect(computeCalculations(template, { answers: { quantity: 'many' } })).toEqual({ c: 10 });
  });

  it('read the calculations above them and hidden fields, and round away floating-point noise', () => {
    const template: FlowTemplate = {
      ...pizza(),
      urlParams: [{ id: 'p1', name: 'discount' }],
      calculations: [
        { id: 'a', name: 'A', initialValue: 0.1, updates: [{ operation: 'add', value: 0.2 }] },
        { id: 'b', name: 'B', initialValue: 0, updates: [{ operation: 'set', value: { var: 'calculations.a' } }, { operation: 'subtract', value: { var: 'urlParams.discount' } }] },
      ],
    };
    expect(computeCalculations(template, { answers: {}, urlParams: { discount: '0.05' } })).toEqual({ a: 0.3, b: 0.25 });
    expect(displayCalculation(1 / 3)).toBe('0.33');
    expect(displayCalculation(1234.5)).toBe('1234.5');
  });

  it('decide page rules: a large order of three goes to the other ending', () => {
    expect(pagePath(pizza(), { size: 'large', quantity: 3 }).ending?.id).toBe('big');
    expect(pagePath(pizza(), { size: 'small', quantity: 3 }).ending?.id).toBe('cheap');
    expect(pagePath(pizza(), { size: 'large', quantity: 3 }).calculations).toEqual({ price: 105 });
  });

  it('show in texts and in words', () => {
    const template = pizza();
    const questions = new Map([['size', size]]);
    expect(pipeAnswers('Total: {{calculations.price}} EUR{{calculations.gone}}', questions, {}, { calculations: { price: 105 } })).toBe('Total: 105 EUR');
    expect(describePiping('Total: {{calculations.price}}', questions, new Map([['price', 'Price']]))).toBe('Total: [Price]');
    const rule = { gte: [{ var: 'calculations.price' }, 100] };
    expect(describeCondition(rule, [size], templateSubjects(template))).toBe(`Price ${copy.conditions.operators.gte} 100`);
  });

  it('are saved and published only when their references hold', () => {
    expect(validateFlowTemplate(pizza()).ok).toBe(true);
    expect(publishProblems(pizza())).toEqual([]);
    const broken: FlowTemplate = {
      ...pizza(),
      calculations: [
        { id: 'first', name: 'First', initialValue: 0, updates: [{ operation: 'add', value: { var: 'calculations.second' } }, { operation: 'add', value: q('size') }] },
        { id: 'second', name: 'Second', initialValue: 0, updates: [{ when: { gt: [q('ghost'), 1] }, operation: 'add', value: 'ten' }] },
      ],
    };
    expect(calculationProblems(broken)).toEqual([
      { path: 'calculations.0.updates.0.value', message: copy.flows.calculationLaterCalculation },
      { path: 'calculations.0.updates.1.value', message: copy.flows.calculationNeedsNumber },
      { path: 'calculations.1.updates.0.when.gt.0', message: copy.conditions.unknownQuestion },
      { path: 'calculations.1.updates.0.value', message: copy.conditions.needsNumber },
    ]);
    const piping: FlowTemplate = { ...pizza(), steps: { ...pizza().steps, cheap: { ...ending('cheap'), template: { title: 'You pay {{calculations.nope}}', body: '' } } } };
    expect(publishProblems(piping)).toEqual([{ path: 'steps.cheap.template.title', message: copy.flows.pipedUnknownCalculation }]);
    const clash = validateFlowTemplate({ ...pizza(), calculations: [{ ...price, id: 'size' }] });
    expect(clash.ok ? [] : clash.errors).toEqual([{ path: 'calculations.0.id', message: copy.flows.duplicateTemplateId('size') }]);
  });
});

describe('quizzes', () => {
  const capital: Widget = {
    id: 'capital',
    name: 'Capital',
    type: 'MultipleChoice',
    template: { label: 'Capital of France?', required: false, options: [{ id: 'paris', label: 'Paris', points: 2 }, { id: 'lyon', label: 'Lyon' }] },
  };
  const primes: Widget = {
    id: 'primes',
    name: 'Primes',
    type: 'Checkboxes',
    template: { label: 'Which are prime?', required: false, options: [{ id: 'two', label: '2', points: 1 }, { id: 'three', label: '3', points: 1 }, { id: 'four', label: '4', points: -1 }] },
  };
  const quiz = (): FlowTemplate => ({
    ...form(
      'p',
      page('p', [capital, primes, ask.text('name')], 'fail', [{ condition: { gte: [{ var: 'quiz.score' }, 3] }, nextStep: 'pass' }]),
      ending('fail'),
      ending('pass'),
    ),
    quizzes: { enabled: true, showAnswers: true },
  });

  it('score the chosen options’ points out of the most there were to get', () => {
    expect(scoreQuestion(capital, 'paris')).toEqual({ widgetId: 'capital', score: 2, maxScore: 2, correct: true, correctOptionIds: ['paris'] });
    expect(scoreQuestion(capital, 'lyon')).toMatchObject({ score: 0, correct: false });
    expect(scoreQuestion(primes, ['two', 'four'])).toMatchObject({ score: 0, maxScore: 2, correct: false, correctOptionIds: ['two', 'three'] });
    expect(scoreQuestion(ask.text('name'), 'Ada')).toBeNull();
    expect(scoreQuiz([capital, primes], { capital: 'paris', primes: ['two', 'three'] })).toMatchObject({ score: 4, maxScore: 4 });
    expect(scoreQuiz([capital, primes], {})).toMatchObject({ score: 0, maxScore: 4 });
  });

  it('send a passing respondent to the pass ending, and count only when the quiz is on', () => {
    expect(pagePath(quiz(), { capital: 'paris', primes: ['two'] }).ending?.id).toBe('pass');
    expect(pagePath(quiz(), { capital: 'lyon', primes: ['two', 'three'] }).ending?.id).toBe('fail');
    expect(pagePath(quiz(), { capital: 'paris' }).quiz).toMatchObject({ score: 2, maxScore: 4 });
    expect(pagePath({ ...quiz(), quizzes: { enabled: false } }, { capital: 'paris' }).quiz).toBeNull();
  });

  it('offer the score to conditions and texts only when the quiz is on', () => {
    expect(templateSubjects(quiz()).map((subject) => subject.label)).toEqual([copy.quiz.score]);
    expect(publishProblems(quiz())).toEqual([]);
    expect(publishProblems({ ...quiz(), quizzes: { enabled: false } })).toEqual([
      { path: 'steps.p.nextStep.rules.0.condition.gte.0', message: copy.conditions.unknownQuestion },
    ]);
    expect(pipeAnswers('{{quiz.score}} of {{quiz.maxScore}}', new Map(), {}, { quiz: { score: 3, maxScore: 4 } })).toBe('3 of 4');
  });
});
