/**
 * `rules/page-path.ts` and `validateAnswers` along it: which page follows which, which questions show, and that
 * the browser (one page at a time) and the server (the whole submission) accept the same answers.
 */
import fc from 'fast-check';
import * as copy from '../src/copy';
import type { Calculation, FlowTemplate, FormStep, PageRule, Widget } from '../src/entities/flow-template';
import type { LogicRef } from '../src/logic';
import { checkAnswer, validateAnswers } from '../src/rules/answers';
import { defaultAnswerOf, defaultAnswers, isHiddenQuestion } from '../src/rules/defaults';
import { urlParamAnswers } from '../src/rules/url-params';
import type { Condition } from '../src/rules/conditions';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { nextStepId, pagePath, visibleWidgets } from '../src/rules/page-path';
import { exampleTemplateJson } from './fixtures';
import { ask, ending, form, page, planForm, q } from './logic-forms';

const pageIds = (template: FlowTemplate, answers: unknown) => pagePath(template, answers).pages.map(({ step }) => step.id);
const endingOf = (template: FlowTemplate, answers: unknown) => pagePath(template, answers).ending?.id ?? null;
const shown = (template: FlowTemplate, answers: unknown, stepId: string) =>
  pagePath(template, answers).pages.find(({ step }) => step.id === stepId)?.widgets.map((widget) => widget.id);

describe('nextStepId', () => {
  const template = planForm();

  it('follows the default link when no rule holds', () => {
    expect(nextStepId(template, 'start', { answers: { plan: 'free' } })).toBe('feedback');
    expect(nextStepId(template, 'business', { answers: { seats: 5 } })).toBe('welcome');
  });

  it('takes the first rule that holds, in order', () => {
    expect(nextStepId(template, 'start', { answers: { plan: 'team' } })).toBe('business');
    const ordered = form(
      'p',
      page('p', [ask.number('n')], 'low', [
        { condition: { gt: [q('n'), 10] }, nextStep: 'high' },
        { condition: { gt: [q('n'), 0] }, nextStep: 'mid' },
      ]),
      ending('low'),
      ending('mid'),
      ending('high'),
    );
    expect(['-1', '5', '50'].map((n) => nextStepId(ordered, 'p', { answers: { n: Number(n) } }))).toEqual(['low', 'mid', 'high']);
  });

  it('is null for an ending or a step that does not exist', () => {
    expect(nextStepId(template, 'bye', { answers: {} })).toBeNull();
    expect(nextStepId(template, 'ghost', { answers: {} })).toBeNull();
    expect(nextStepId(template, 'toString', { answers: {} })).toBeNull();
  });
});

describe('pagePath', () => {
  const template = planForm();

  it('takes a respondent on the free plan to the feedback page and its ending', () => {
    expect(pageIds(template, { plan: 'free' })).toEqual(['start', 'feedback']);
    expect(endingOf(template, { plan: 'free' })).toBe('bye');
  });

  it('takes a paying respondent to the business page and another ending', () => {
    expect(pageIds(template, { plan: 'pro', seats: 5 })).toEqual(['start', 'business']);
    expect(endingOf(template, { plan: 'pro', seats: 5 })).toBe('welcome');
  });

  it('adds the sales page for more than 100 seats, typed as text too', () => {
    expect(pageIds(template, { plan: 'team', seats: 150 })).toEqual(['start', 'business', 'sales']);
    expect(pageIds(template, { plan: 'team', seats: ' 150 ' })).toEqual(['start', 'business', 'sales']);
    expect(endingOf(template, { plan: 'team', seats: '150' })).toBe('welcome');
  });

  it('conditions see answers as they will be stored: an amount typed with thousands separators', () => {
    const amount: Widget = {
      id: 'budget', name: 'Budget', type: 'CurrencyInput', template: { label: 'Budget', required: true, currency: 'USD' },
    };
    const large = { condition: { gte: [q('budget'), 1000] }, nextStep: 'large' } satisfies PageRule;
    const quote = form('p', page('p', [amount], 'small', [large]), ending('small'), ending('large'));
    expect(endingOf(quote, { budget: '1,250.00' })).toBe('large');
    expect(endingOf(quote, { budget: '950' })).toBe('small');
  });

  it('a template saved before rules existed still parses and follows its default links', () => {
    const parsed = validateFlowTemplate(exampleTemplateJson());
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.template.steps.s1?.nextStep).toEqual({ defaultNextStep: 'end' });
    expect(pageIds(parsed.template, {})).toEqual(['s1']);
    expect(endingOf(parsed.template, {})).toBe('end');
  });

  it('never visits a page twice: a link back stops the path without an ending', () => {
    const back: PageRule = { condition: { equals: [q('again'), true] }, nextStep: 'a' };
    const loop = form('a', page('a', [], 'b'), page('b', [ask.yesNo('again')], 'end', [back]), ending('end'));
    expect(pageIds(loop, { again: true })).toEqual(['a', 'b']);
    expect(endingOf(loop, { again: true })).toBeNull();
    expect(endingOf(loop, { again: false })).toBe('end');
    const self = form('a', page('a', [], 'a'));
    expect(pageIds(self, {})).toEqual(['a']);
  });

  it('stops at a link to a step that does not exist', () => {
    const dangling = form('a', page('a', [], 'ghost'), ending('end'));
    expect(pagePath(dangling, {})).toMatchObject({ pages: [expect.objectContaining({ step: dangling.steps.a })], ending: null });
    expect(pagePath(form('ghost', ending('end')), {})).toMatchObject({ pages: [], ending: null });
  });

  it('a form that starts at an ending has no pages', () => {
    expect(pagePath(form('end', ending('end')), {})).toMatchObject({ pages: [], ending: { ...ending('end') } });
  });

  it('answers that are not an object count as none', () => {
    expect(pageIds(template, 'plan=pro')).toEqual(['start', 'feedback']);
  });
});

describe('visible questions', () => {
  const template = planForm();

  it('shows seats only to paying respondents', () => {
    expect(shown(template, { plan: 'free' }, 'start')).toEqual(['plan']);
    expect(shown(template, { plan: 'pro' }, 'start')).toEqual(['plan', 'seats']);
  });

  it('a hidden question’s answer does not count: it neither shows later questions nor picks the next page', () => {
    const chain = form(
      'p',
      page(
        'p',
        [
          ask.choice('pet', ['cat', 'dog']),
          ask.text('dogName', { visibleIf: { equals: [q('pet'), 'dog'] } }),
          ask.yesNo('treats', { visibleIf: { isNotEmpty: [q('dogName')] } }),
        ],
        'end',
        [{ condition: { isNotEmpty: [q('dogName')] }, nextStep: 'dogs' }],
      ),
      page('dogs', [], 'end'),
      ending('end'),
    );
    // Chose dog, named it, then went back and chose cat: the name stays in the answers but is hidden.
    const answers = { pet: 'cat', dogName: 'Rex' };
    expect(shown(chain, answers, 'p')).toEqual(['pet']);
    expect(pageIds(chain, answers)).toEqual(['p']);
    expect(shown(chain, { ...answers, pet: 'dog' }, 'p')).toEqual(['pet', 'dogName', 'treats']);
    expect(pageIds(chain, { ...answers, pet: 'dog' })).toEqual(['p', 'dogs']);
  });

  it('a condition on a question further down its page sees it unanswered', () => {
    const step = page('p', [ask.text('early', { visibleIf: { isNotEmpty: [q('late')] } }), ask.text('late')], 'end');
    expect(visibleWidgets(step, { answers: { late: 'x' } }).map((w) => w.id)).toEqual(['late']);
  });

  it('a page of another branch is not seen by conditions', () => {
    const branches = form(
      'p',
      page('p', [ask.choice('way', ['left', 'right'])], 'right', [{ condition: { equals: [q('way'), 'left'] }, nextStep: 'left' }]),
      page('left', [ask.text('note')], 'last'),
      page('right', [], 'last'),
      page('last', [ask.text('extra', { visibleIf: { isNotEmpty: [q('note')] } })], 'end'),
      ending('end'),
    );
    expect(shown(branches, { way: 'left', note: 'hi' }, 'last')).toEqual(['extra']);
    expect(shown(branches, { way: 'right', note: 'hi' }, 'last')).toEqual([]);
  });
});

describe('validateAnswers along the path', () => {
  const template = planForm();

  it('accepts a free respondent without the business questions, and drops a stale answer of another branch', () => {
    expect(validateAnswers(template, { plan: 'free', why: 'Just looking', company: 'Acme', seats: 3 })).toEqual({
      ok: true,
      answers: { plan: 'free', why: 'Just looking' },
    });
  });

  it('requires the questions of the pages on the path', () => {
    expect(validateAnswers(template, { plan: 'pro', seats: 3 })).toEqual({
      ok: false,
      errors: [{ path: 'answers.company', message: copy.answers.required }],
    });
    expect(validateAnswers(template, { plan: 'pro', seats: '300', company: 'Acme' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.phone', message: copy.answers.required }],
    });
  });

  it('requires a required question only while it shows', () => {
    expect(validateAnswers(template, { plan: 'free', why: 'x' }).ok).toBe(true);
    expect(validateAnswers(template, { plan: 'team', company: 'Acme' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.seats', message: copy.answers.required }],
    });
  });

  it('stores the answers of the path normalized', () => {
    expect(validateAnswers(template, { plan: 'team', seats: ' 120 ', company: 'Acme', phone: ' +1 555 123 4567 ' })).toEqual({
      ok: true,
      answers: { plan: 'team', seats: 120, company: 'Acme', phone: '+1 555 123 4567' },
    });
  });

  it('checks one page of the path at a time, and nothing for a page off the path', () => {
    const answers = { plan: 'pro', seats: 3 };
    expect(validateAnswers(template, answers, { stepIds: ['start'] })).toEqual({ ok: true, answers: { plan: 'pro', seats: 3 } });
    expect(validateAnswers(template, answers, { stepIds: ['business'] })).toEqual({
      ok: false,
      errors: [{ path: 'answers.company', message: copy.answers.required }],
    });
    expect(validateAnswers(template, answers, { stepIds: ['feedback'] })).toEqual({ ok: true, answers: {} });
  });

  it('still refuses an answer to no question of the form', () => {
    expect(validateAnswers(template, { plan: 'free', why: 'x', ghost: 1 })).toEqual({
      ok: false,
      errors: [{ path: 'answers.ghost', message: copy.answers.unknownQuestion }],
    });
  });

  it('an invalid answer that picks the branch is refused on its page', () => {
    expect(validateAnswers(template, { plan: 'gold' })).toEqual({
      ok: false,
      errors: [
        { path: 'answers.plan', message: copy.answers.invalidOption },
        { path: 'answers.why', message: copy.answers.required },
      ],
    });
  });
});

describe('conditions on hidden fields', () => {
  const template: FlowTemplate = {
    ...form(
      'start',
      page('start', [ask.text('name', { required: true })], 'public', [{ condition: { equals: [{ var: 'urlParams.source' }, 'partner'] }, nextStep: 'partner' }]),
      page('partner', [ask.text('code', { required: true })], 'bye'),
      page('public', [], 'bye'),
      ending('bye'),
    ),
    urlParams: [{ id: 'source_field', name: 'source' }],
  };

  it('send a respondent whose link says ?source=partner down the partner branch, in the browser and on the server alike', () => {
    expect(pageIds(template, { name: 'Ada' })).toEqual(['start', 'public']);
    expect(pagePath(template, { name: 'Ada' }, { urlParameters: { source: 'partner' } }).pages.map(({ step }) => step.id)).toEqual(['start', 'partner']);
    // The server checks the same path: the partner page's required code is asked for.
    const refused = validateAnswers(template, { name: 'Ada' }, { urlParameters: { source: 'partner' } });
    expect(refused.ok ? [] : refused.errors).toEqual([{ path: 'answers.code', message: copy.answers.required }]);
    expect(validateAnswers(template, { name: 'Ada' }).ok).toBe(true);
    // A stored submission holds the field under its id: the path read back is the same.
    expect(pageIds(template, { name: 'Ada', code: 'X', source_field: 'partner' })).toEqual(['start', 'partner']);
  });
});

// ---- properties: random branching forms and random answers ----

const OPTIONS = ['a', 'b', 'c'];
const literal = fc.constantFrom<string | number | boolean | null>('a', 'b', 'c', '', 3, 5, '7', true, false, '2026-01-05', null);
/** Answers of any shape: some fit a question, most do not. */
const answerValue = fc.constantFrom<unknown>(
  undefined, '', ' ', 'a', 'b', ' a ', 'x', ['a'], ['a', 'b'], ['z'], [], 0, 3, '7', 11, -1, true, false,
  '2026-01-05', '2026-13-01', 4, '4', 9,
);
/** Answers a respondent of each question type may give (each valid for the type). */
const VALID: Record<string, unknown[]> = {
  ShortAnswer: ['a', 'b', ' a ', 'x'],
  NumberInput: [0, 3, '7', 11, -1],
  MultipleChoice: ['a', 'b', 'c'],
  Checkboxes: [['a'], ['a', 'b'], ['c']],
  Checkbox: [true, false],
  DatePicker: ['2026-01-05', '2025-12-31'],
  StarRating: [1, 3, 4, '5'],
};
const MAKERS: Array<(id: string, o: { required: boolean; visibleIf?: Condition }) => Widget> = [
  (id, o) => ask.text(id, o),
  (id, o) => ask.number(id, o),
  (id, o) => ask.choice(id, OPTIONS, o),
  (id, o) => ask.choices(id, OPTIONS, o),
  (id, o) => ask.yesNo(id, o),
  (id, o) => ask.date(id, o),
  (id, o) => ask.stars(id, o),
];

/**
 * A default answer of each question type, valid whether the question is required or not (forms with defaults: a
 * question whose `defaulted` is 1 has it; 2 takes its default from the hidden field `src`).
 */
const VALID_DEFAULT: Record<string, unknown> = {
  ShortAnswer: 'a', NumberInput: 3, MultipleChoice: 'b', Checkboxes: ['a', 'c'], Checkbox: true, DatePicker: '2026-01-05', StarRating: 4,
};
/** Values of the hidden field `src` a link may carry: some fit some questions, most do not. */
const linkValue = fc.constantFrom('a', 'B', ' 3 ', '7', 'yes', 'no', '2026-01-05', 'a,c', 'x', '', '11');

/** A random form before it is built: per page its questions, its default link and its rules (links by index). */
interface Shape {
  pages: Array<{
    widgets: Array<{ kind: number; required: boolean; visibleIf: Condition | null; hidden: boolean; defaulted: number }>;
    next: number;
    rules: Array<{ condition: Condition; next: number }>;
  }>;
}

/**
 * Builds a form from `shape`: pages `p0…` (the first is `firstStep`), endings `e0` and `e1`, questions
 * `w<page>_<i>`; a link index picks a page, an ending or the step `missing` (links back make loops). With
 * `defaults`, the form has the hidden field `src` and its questions their defaults and hidden flags (a hidden one is
 * never required).
 */
function build(shape: Shape, defaults = false): FlowTemplate {
  const targets = [...shape.pages.map((_, i) => `p${i}`), 'e0', 'e1', 'missing'];
  const target = (index: number) => targets[index % targets.length] as string;
  const steps: FormStep[] = shape.pages.map((p, i) => {
    const widgets = p.widgets.map((w, j) => {
      const make = MAKERS[w.kind % MAKERS.length] as (typeof MAKERS)[number];
      const required = w.required && !(defaults && w.hidden);
      const widget = make(`w${i}_${j}`, w.visibleIf ? { required, visibleIf: w.visibleIf } : { required });
      if (!defaults) return widget;
      const defaultValue = w.defaulted === 1 ? { kind: 'fixed' as const, value: VALID_DEFAULT[widget.type] } : w.defaulted === 2 ? { kind: 'urlParam' as const, urlParamId: 'src_field' } : undefined;
      return { ...widget, template: { ...widget.template, ...(w.hidden ? { hidden: true } : {}), ...(defaultValue ? { defaultValue } : {}) } } as Widget;
    });
    const rules: PageRule[] = p.rules.map((rule) => ({ condition: rule.condition, nextStep: target(rule.next) }));
    return page(`p${i}`, widgets, target(p.next), rules);
  });
  const template = form('p0', ...steps, ending('e0'), ending('e1'));
  return defaults ? { ...template, urlParams: [{ id: 'src_field', name: 'src' }] } : template;
}

/** `{[operator]: args}` (the key is computed, so TypeScript needs telling that it is a condition). */
const leafOf = (operator: string, args: unknown[]) => ({ [operator]: args }) as unknown as Condition;
/** Questions conditions name: those of the first three places of the first three pages (some do not exist). */
const conditionTarget: fc.Arbitrary<LogicRef> = fc.tuple(fc.nat(2), fc.nat(2)).map(([i, j]) => q(`w${i}_${j}`));
/** The same, and now and then the calculation `c0` or the quiz's score (forms of {@link withCalculationAndQuiz}). */
const subjectTarget: fc.Arbitrary<LogicRef> = fc.oneof(
  { weight: 4, arbitrary: conditionTarget },
  { weight: 1, arbitrary: fc.constant({ var: 'calculations.c0' }) },
  { weight: 1, arbitrary: fc.constant({ var: 'quiz.score' }) },
);
const binary = fc.constantFrom('equals', 'notEquals', 'equalsIgnoreCase', 'contains', 'notContains', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn');

/**
 * Random forms whose conditions compare `target`, and answers to them: mostly valid answers to its questions, some
 * left out, some of any shape (often invalid), and now and then (1 in 20) an answer to a question that does not
 * exist.
 */
function arbitraries(target: fc.Arbitrary<LogicRef>, finish: (template: FlowTemplate) => FlowTemplate = (template) => template, defaults = false) {
  const leaf: fc.Arbitrary<Condition> = fc.oneof(
    fc
      .tuple(binary, target, fc.oneof(literal, fc.array(literal, { maxLength: 3 })))
      .map(([operator, left, right]) => leafOf(operator, [left, right])),
    fc.tuple(fc.constantFrom('isEmpty', 'isNotEmpty'), target).map(([operator, left]) => leafOf(operator, [left])),
  );
  const condition: fc.Arbitrary<Condition> = fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }).map((all) => ({ and: all })) },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }).map((all) => ({ or: all })) },
  );
  const question = fc.record({
    kind: fc.nat(MAKERS.length - 1),
    required: fc.nat(3).map((n) => n === 0),
    visibleIf: fc.option(condition, { freq: 2 }),
    hidden: fc.nat(3).map((n) => n === 0),
    defaulted: fc.nat(2),
  });
  const templates = fc
    .record({
      pages: fc.array(
        fc.record({
          widgets: fc.array(question, { maxLength: 3 }),
          next: fc.nat(8),
          rules: fc.array(fc.record({ condition, next: fc.nat(8) }), { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map((shape) => finish(build(shape, defaults)));
  const scenarios = templates.chain((template) => {
    const widgets = Object.values(template.steps).flatMap((step) => (step.type === 'form' ? step.template.widgets : []));
    const one = (widget: Widget) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...(VALID[widget.type] ?? [undefined])) },
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: answerValue },
      );
    const ghost = fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: answerValue.map((value) => ({ value })) });
    const answers = fc.tuple(fc.tuple(...widgets.map(one)), ghost).map(([values, stray]) => {
      const given: Record<string, unknown> = {};
      widgets.forEach((widget, index) => {
        if (values[index] !== undefined) given[widget.id] = values[index];
      });
      if (stray !== null) given.ghost = stray.value;
      return given;
    });
    return fc.tuple(fc.constant(template), answers);
  });
  return { templates, scenarios };
}

/**
 * `template` with a calculation `c0` (starting at 1: adds every number question's answer, then doubles when a
 * choice question's answer is 'a') and its quiz on (every choice question's options worth a: 2, b: 0, c: -1).
 */
function withCalculationAndQuiz(template: FlowTemplate): FlowTemplate {
  const questions = Object.values(template.steps).flatMap((step) => (step.type === 'form' ? step.template.widgets : []));
  const numbers = questions.filter((widget) => widget.type === 'NumberInput' || widget.type === 'StarRating');
  const choices = questions.filter((widget) => widget.type === 'MultipleChoice');
  const points: Record<string, number> = { a: 2, b: 0, c: -1 };
  const steps = Object.fromEntries(
    Object.entries(template.steps).map(([id, step]) => {
      if (step.type !== 'form') return [id, step];
      const widgets = step.template.widgets.map((widget) =>
        widget.type === 'MultipleChoice' || widget.type === 'Checkboxes'
          ? { ...widget, template: { ...widget.template, options: widget.template.options.map((option) => ({ ...option, points: points[option.id] })) } }
          : widget,
      );
      return [id, { ...step, template: { widgets } }];
    }),
  ) as FlowTemplate['steps'];
  const calculation: Calculation = {
    id: 'c0',
    name: 'Total',
    initialValue: 1,
    updates: [
      ...numbers.map((widget) => ({ operation: 'add' as const, value: q(widget.id) })),
      ...choices.map((widget) => ({ when: { equals: [q(widget.id), 'a'] } as Condition, operation: 'multiply' as const, value: 2 })),
    ],
  };
  return { ...template, steps, calculations: [calculation], quizzes: { enabled: true } };
}

const { templates: templateArb, scenarios: scenario } = arbitraries(conditionTarget);
const calculated = arbitraries(subjectTarget, withCalculationAndQuiz);
/** Forms with defaults and hidden questions, each with the hidden field `src` of the link (or none). */
const defaulted = arbitraries(conditionTarget, undefined, true);
const defaultedScenario = defaulted.scenarios.chain(([template, answers]) =>
  fc.tuple(fc.constant(template), fc.constant(answers), fc.option(linkValue, { nil: undefined }).map((src): Record<string, string> => (src === undefined ? {} : { src }))),
);

/**
 * What the public form does: from the first page, check the page it shows (`stepIds: [page]`), keep that page's
 * normalized answers, and ask `nextStepId` with the answers kept so far; stop at the first page refused, or at the
 * ending reached (`null`: none).
 */
function browser(template: FlowTemplate, answers: Record<string, unknown>, urlParameters?: Record<string, string>) {
  const kept: Record<string, unknown> = {};
  const pages: string[] = [];
  let at: string | null = template.firstStep;
  while (at !== null && template.steps[at]?.type === 'form' && !pages.includes(at)) {
    pages.push(at);
    const check = validateAnswers(template, answers, { stepIds: [at], urlParameters });
    if (!check.ok) return { ok: false as const, pages };
    Object.assign(kept, check.answers);
    at = nextStepId(template, at, { answers: kept, urlParams: urlParameters });
  }
  const ending = at !== null && template.steps[at]?.type === 'ending' ? at : null;
  return { ok: true as const, pages, ending, answers: kept };
}

describe('properties of random branching forms', () => {
  it('the page path never repeats a page, ends within the form’s pages, and ends at an ending or nowhere', () => {
    fc.assert(
      fc.property(scenario, ([template, answers]) => {
        const { pages, ending: reached } = pagePath(template, answers);
        const ids = pages.map(({ step }) => step.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(Object.values(template.steps).filter((s) => s.type === 'form').length);
        expect(ids[0] ?? template.firstStep).toBe(template.firstStep);
        if (reached) expect(template.steps[reached.id]).toBe(reached);
        for (const { step, widgets } of pages) {
          expect(widgets.every((widget) => step.template.widgets.includes(widget))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the browser page by page and the server at once accept the same answers and keep the same ones', () => {
    fc.assert(
      fc.property(scenario, ([template, answers]) => {
        const server = validateAnswers(template, answers);
        const client = browser(template, answers);
        expect(client.ok).toBe(server.ok);
        const walked = pagePath(template, answers);
        const path = walked.pages.map(({ step }) => step.id);
        if (client.ok && server.ok) {
          expect(client.pages).toEqual(path);
          expect(client.ending).toBe(walked.ending?.id ?? null);
          expect(client.answers).toEqual(server.answers);
          const onPath = new Set(pagePath(template, answers).pages.flatMap(({ widgets }) => widgets.map((widget) => widget.id)));
          expect(Object.keys(server.answers).every((id) => onPath.has(id))).toBe(true);
        } else {
          expect(path.slice(0, client.pages.length)).toEqual(client.pages);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the numbers the server stores are those the respondent saw: the same path, calculations and quiz score', () => {
    fc.assert(
      fc.property(calculated.scenarios, ([template, answers]) => {
        const server = validateAnswers(template, answers);
        if (!server.ok) return;
        // The browser walks the answers as given; the stored submission holds the normalized answers on the path.
        const seen = pagePath(template, answers);
        const stored = pagePath(template, server.answers);
        expect(stored.pages.map(({ step }) => step.id)).toEqual(seen.pages.map(({ step }) => step.id));
        expect(stored.ending?.id ?? null).toBe(seen.ending?.id ?? null);
        expect(stored.calculations).toEqual(seen.calculations);
        expect(stored.quiz).toEqual(seen.quiz);
      }),
      { numRuns: 1000 },
    );
  });

  it('with defaults and hidden questions, the browser page by page and the server at once agree, and a hidden question holds its default whatever is sent', () => {
    fc.assert(
      fc.property(defaultedScenario, ([template, sent, urlParameters]) => {
        // The public form starts with the defaults (URL prefill included); what the respondent enters goes over them.
        const answers = { ...defaultAnswers(template, urlParameters), ...sent };
        const server = validateAnswers(template, answers, { urlParameters });
        const client = browser(template, answers, urlParameters);
        expect(client.ok).toBe(server.ok);
        if (!client.ok || !server.ok) return;
        expect(client.answers).toEqual(server.answers);
        const walked = pagePath(template, answers, { urlParameters });
        expect(client.pages).toEqual(walked.pages.map(({ step }) => step.id));
        for (const widget of walked.pages.flatMap(({ widgets }) => widgets).filter(isHiddenQuestion)) {
          const own = defaultAnswerOf(template, widget, urlParameters);
          const check = own === undefined ? undefined : checkAnswer(widget, own);
          expect(server.answers[widget.id]).toEqual(check?.ok ? check.value : undefined);
        }
        // Stored with its hidden fields under their ids, the submission reads back along the same path.
        const stored = pagePath(template, { ...server.answers, ...urlParamAnswers(template, urlParameters) });
        expect(stored.pages.map(({ step }) => step.id)).toEqual(walked.pages.map(({ step }) => step.id));
        expect(stored.ending?.id ?? null).toBe(walked.ending?.id ?? null);
      }),
      { numRuns: 1000 },
    );
  });

  it('the random forms are ones saving accepts, but for links to the missing step', () => {
    fc.assert(
      fc.property(fc.oneof(templateArb, calculated.templates, defaulted.templates), (template) => {
        const result = validateFlowTemplate(JSON.parse(JSON.stringify(template)));
        const messages = result.ok ? [] : result.errors.map((error) => error.message);
        expect(messages.every((message) => message === copy.flows.unknownStep('missing'))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
