/**
 * A stored submission's calculations and quiz points (`rules/submission-results.ts`): Fillout's `calculations`
 * shape, the quiz's `{score, maxScore}`, both over the respondent's path — the one the hidden fields kept in the
 * answers decide, as they did in the browser.
 */
import type { Calculation, FlowTemplate, Widget } from '../src/entities/flow-template';
import { Submission, SubmissionCalculation, SubmissionQuiz } from '../src/entities/flow';
import { FormSubmittedData } from '../src/events/form-submitted';
import { pagePath } from '../src/rules/page-path';
import { validateAnswers } from '../src/rules/answers';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { displayQuizScore, toSubmissionCalculations, toSubmissionQuiz, toSubmissionResults } from '../src/rules/submission-results';
import { urlParamAnswers } from '../src/rules/url-params';
import { ask, ending, form, page, q } from './logic-forms';

/** `question` with its options worth `points` (by option id). */
function scored(question: Widget, points: Record<string, number>): Widget {
  const template = question.template as { options: Array<{ id: string; label: string }> };
  return { ...question, template: { ...question.template, options: template.options.map((option) => ({ ...option, points: points[option.id] })) } } as Widget;
}

/** A price of 20, plus 15 for size 'l', times the quantity. */
const price: Calculation = {
  id: 'price',
  name: 'Price',
  initialValue: 20,
  updates: [
    { when: { equals: [q('size'), 'l'] }, operation: 'add', value: 15 },
    { operation: 'multiply', value: q('quantity') },
  ],
};

/** One page: size and quantity; the price calculation, and a count that never changes. */
function shop(): FlowTemplate {
  const template = form('p1', page('p1', [ask.choice('size', ['s', 'l']), ask.number('quantity')], 'end'), ending('end'));
  return { ...template, calculations: [price, { id: 'count', name: 'Count', initialValue: 0, updates: [] }] };
}

/**
 * A quiz: page p1 asks q1 (a: 2 points, b: 0), then — when the hidden field `track` is 'hard' — page p2 asks q2
 * (several: x 1, y 3, z -1), else page p3 asks q3 (a 1, b 0). A calculation counts the hard track.
 */
function quiz(): FlowTemplate {
  const template = form(
    'p1',
    page('p1', [scored(ask.choice('q1', ['a', 'b']), { a: 2, b: 0 })], 'p3', [{ condition: { equals: [{ var: 'urlParams.track' }, 'hard'] }, nextStep: 'p2' }]),
    page('p2', [scored(ask.choices('q2', ['x', 'y', 'z']), { x: 1, y: 3, z: -1 })], 'end'),
    page('p3', [scored(ask.choice('q3', ['a', 'b']), { a: 1, b: 0 })], 'end'),
    ending('end'),
  );
  return {
    ...template,
    urlParams: [{ id: 'h1', name: 'track' }],
    quizzes: { enabled: true },
    calculations: [{ id: 'bonus', name: 'Bonus', initialValue: 0, updates: [{ when: { equals: [{ var: 'quiz.score' }, 6] }, operation: 'set', value: 10 }] }],
  };
}

/** What the flows service stores for a respondent: the checked answers plus the hidden fields under their ids. */
function stored(template: FlowTemplate, answers: Record<string, unknown>, urlParameters: Record<string, string>): Record<string, unknown> {
  const result = validateAnswers(template, answers, { urlParameters });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { ...result.answers, ...urlParamAnswers(template, urlParameters) };
}

describe('toSubmissionCalculations', () => {
  it('lists every calculation in the template’s order as {id, name, type: number, value}', () => {
    const calculations = toSubmissionCalculations(shop(), { size: 'l', quantity: 3 });
    expect(calculations).toEqual([
      { id: 'price', name: 'Price', type: 'number', value: 105 },
      { id: 'count', name: 'Count', type: 'number', value: 0 },
    ]);
    expect(calculations.every((calculation) => SubmissionCalculation.safeParse(calculation).success)).toBe(true);
  });

  it('skips the updates whose value is missing: an unanswered quantity leaves the price as it was', () => {
    expect(toSubmissionCalculations(shop(), { size: 's' })[0]?.value).toBe(20);
    expect(toSubmissionCalculations(shop(), 'not an object')[0]?.value).toBe(20);
  });

  it('gives [] for a form without calculations', () => {
    expect(toSubmissionCalculations(form('p1', page('p1', [ask.text('t')], 'end'), ending('end')), { t: 'x' })).toEqual([]);
  });
});

describe('toSubmissionQuiz', () => {
  it('is null when the quiz is off, even with points on the options', () => {
    const { quizzes: _on, ...off } = quiz();
    expect(toSubmissionQuiz(off, { q1: 'a' })).toBeNull();
    expect(toSubmissionQuiz({ ...off, quizzes: { enabled: false } }, { q1: 'a' })).toBeNull();
    expect(toSubmissionResults(off, { q1: 'a' }).quiz).toBeNull();
  });

  it('counts the questions of the path the stored hidden field decides, as the browser did with the link', () => {
    const template = quiz();
    const hard = stored(template, { q1: 'a', q2: ['y', 'z'], q3: 'a' }, { track: 'hard' });
    // q3 is on the other branch: dropped when stored, and it counts for nothing.
    expect(hard).toEqual({ q1: 'a', q2: ['y', 'z'], h1: 'hard' });
    expect(toSubmissionQuiz(template, hard)).toEqual({ score: 4, maxScore: 6 });
    const easy = stored(template, { q1: 'b', q3: 'a' }, {});
    expect(toSubmissionQuiz(template, easy)).toEqual({ score: 1, maxScore: 3 });
    expect(SubmissionQuiz.safeParse(toSubmissionQuiz(template, easy)).success).toBe(true);

    // The numbers are those of the browser's walk with the link's parameters and the answers as typed.
    for (const [answers, urlParameters] of [
      [{ q1: 'a', q2: ['x', 'y'], q3: 'a' }, { track: 'hard' }],
      [{ q1: 'a', q3: 'a' }, { track: 'easy' }],
    ] as const) {
      const seen = pagePath(template, answers, { urlParameters });
      const results = toSubmissionResults(template, stored(template, { ...answers }, { ...urlParameters }));
      expect(results.quiz).toEqual({ score: seen.quiz?.score, maxScore: seen.quiz?.maxScore });
      expect(results.calculations.map(({ id, value }) => [id, value])).toEqual(Object.entries(seen.calculations));
    }
  });

  it('feeds the score to the calculations that read it', () => {
    const template = quiz();
    const full = toSubmissionResults(template, stored(template, { q1: 'a', q2: ['x', 'y'] }, { track: 'hard' }));
    expect(full).toEqual({ calculations: [{ id: 'bonus', name: 'Bonus', type: 'number', value: 10 }], quiz: { score: 6, maxScore: 6 } });
  });
});

describe('displayQuizScore', () => {
  it('reads score / maximum with at most 2 decimals', () => {
    expect(displayQuizScore({ score: 4, maxScore: 6 })).toBe('4 / 6');
    expect(displayQuizScore({ score: 2.5, maxScore: 10 / 3 })).toBe('2.5 / 3.33');
    expect(displayQuizScore({ score: -1, maxScore: 0 })).toBe('-1 / 0');
  });
});

describe('the shapes the service sends', () => {
  it('are what a submission and the form.submitted event accept, and older events without them still parse', () => {
    const template = quiz();
    const { calculations, quiz: points } = toSubmissionResults(template, { q1: 'a', h1: 'hard', q2: ['y'] });
    const submission = { submissionId: 's', submissionTime: 't', lastUpdatedAt: 't', questions: [], urlParameters: [], calculations, ...(points ? { quiz: points } : {}) };
    expect(Submission.parse(submission)).toEqual(submission);
    const event = { flowId: 1, flowPublicIdentifier: 'f', flowName: 'F', submissionId: 's', submissionTime: 't', answers: {}, questions: [] };
    expect(FormSubmittedData.parse({ ...event, calculations, quiz: points })).toMatchObject({ calculations, quiz: { score: 5, maxScore: 6 } });
    expect(FormSubmittedData.safeParse(event).success).toBe(true);
  });

  it('the templates above are ones saving accepts', () => {
    for (const template of [shop(), quiz()]) expect(validateFlowTemplate(JSON.parse(JSON.stringify(template))).ok).toBe(true);
  });
});
