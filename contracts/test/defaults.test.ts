/**
 * Default answers, URL prefill and hidden questions (`rules/defaults.ts`): which types take a default, what a
 * question starts with, what saving refuses, and that a hidden question's answer is its default wherever the walk
 * runs (`pagePath`, `validateAnswers`).
 */
import * as copy from '../src/copy';
import { takesDefault } from '../src/answers/registry';
import type { FlowTemplate, Widget } from '../src/entities/flow-template';
import { validateAnswers } from '../src/rules/answers';
import { defaultAnswerOf, defaultAnswers, withHiddenAnswers, type DefaultValue } from '../src/rules/defaults';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { pagePath } from '../src/rules/page-path';
import { WIDGET_TYPES } from '../src/widgets/registry';
import { ask, ending, form, page, q } from './logic-forms';

/** `widget` with more template settings (a default, hidden …). */
function withSettings(widget: Widget, settings: { defaultValue?: DefaultValue; hidden?: boolean; required?: boolean; [key: string]: unknown }): Widget {
  return { ...widget, template: { ...widget.template, ...settings } } as Widget;
}
const fixed = (value: unknown): DefaultValue => ({ kind: 'fixed', value });
const fromLink: DefaultValue = { kind: 'urlParam', urlParamId: 'src_field' };

/** A one-page form of `widgets` with the hidden field `src` (id `src_field`). */
function formOf(...widgets: Widget[]): FlowTemplate {
  return { ...form('p', page('p', widgets, 'end'), ending('end')), urlParams: [{ id: 'src_field', name: 'src' }] };
}
const questionIn = (template: FlowTemplate, id: string) => {
  const step = template.steps.p;
  return step?.type === 'form' ? step.template.widgets.find((widget) => widget.id === id)! : undefined!;
};

describe('which types take a default', () => {
  it('the text, number, choice, yes/no, date, time, rating, scale and slider types do; files, signatures, rankings and statements do not', () => {
    const taking = WIDGET_TYPES.filter((type) => takesDefault({ type }));
    expect(taking).toEqual(
      expect.arrayContaining([
        'ShortAnswer', 'LongAnswer', 'EmailInput', 'NumberInput', 'PhoneNumber', 'URLInput', 'MultipleChoice', 'Dropdown', 'Checkboxes',
        'Checkbox', 'DatePicker', 'TimePicker', 'StarRating', 'OpinionScale', 'Slider',
      ]),
    );
    for (const type of ['FileUpload', 'Signature', 'Ranking', 'Matrix', 'Statement'] as const) expect(taking).not.toContain(type);
  });
});

describe('defaultAnswerOf', () => {
  it('gives a fixed default as it is', () => {
    const template = formOf(withSettings(ask.text('name'), { defaultValue: fixed('Ada') }));
    expect(defaultAnswerOf(template, questionIn(template, 'name'), {})).toBe('Ada');
  });

  it('prefills from the link’s hidden field, read as the type reads text and normalized: a choice’s label, a checkbox’s yes, a number', () => {
    const template = formOf(
      withSettings(ask.choice('plan', ['free', 'pro']), { defaultValue: fromLink }),
      withSettings(ask.choices('tags', ['red', 'blue']), { defaultValue: fromLink }),
      withSettings(ask.yesNo('agree'), { defaultValue: fromLink }),
      withSettings(ask.number('seats'), { defaultValue: fromLink }),
    );
    expect(defaultAnswerOf(template, questionIn(template, 'plan'), { src: ' PRO ' })).toBe('pro');
    expect(defaultAnswerOf(template, questionIn(template, 'plan'), { src: 'free' })).toBe('free');
    expect(defaultAnswerOf(template, questionIn(template, 'tags'), { src: 'Blue,red' })).toEqual(['blue', 'red']);
    expect(defaultAnswerOf(template, questionIn(template, 'agree'), { src: 'Yes' })).toBe(true);
    expect(defaultAnswerOf(template, questionIn(template, 'agree'), { src: 'no' })).toBe(false);
    expect(defaultAnswerOf(template, questionIn(template, 'seats'), { src: '12' })).toBe(12);
  });

  it('ignores a link value the question would refuse, and a link without the field', () => {
    const template = formOf(
      withSettings(ask.choice('plan', ['free', 'pro']), { defaultValue: fromLink }),
      withSettings(ask.email('mail'), { defaultValue: fromLink }),
      withSettings(ask.stars('stars'), { defaultValue: fromLink }),
    );
    expect(defaultAnswerOf(template, questionIn(template, 'plan'), { src: 'gold' })).toBeUndefined();
    expect(defaultAnswerOf(template, questionIn(template, 'mail'), { src: 'not an email' })).toBeUndefined();
    expect(defaultAnswerOf(template, questionIn(template, 'stars'), { src: '9' })).toBeUndefined();
    expect(defaultAnswerOf(template, questionIn(template, 'mail'), {})).toBeUndefined();
    expect(defaultAnswerOf(template, questionIn(template, 'mail'), { src: '' })).toBeUndefined();
  });

  it('defaultAnswers gives every question that has one, and no other', () => {
    const template = formOf(withSettings(ask.text('name'), { defaultValue: fixed('Ada') }), ask.text('other'), withSettings(ask.number('n'), { defaultValue: fromLink }));
    expect(defaultAnswers(template, { src: '3' })).toEqual({ name: 'Ada', n: 3 });
    expect(defaultAnswers(template, {})).toEqual({ name: 'Ada' });
  });
});

describe('hidden questions', () => {
  const template = {
    ...form(
      'p',
      page(
        'p',
        [
          ask.text('name', { required: true }),
          withSettings(ask.choice('source', ['ads', 'mail']), { hidden: true, defaultValue: fromLink }),
          withSettings(ask.text('campaign'), { hidden: true, defaultValue: fixed('spring') }),
          withSettings(ask.text('nothing'), { hidden: true }),
        ],
        'end',
        [{ condition: { equals: [q('source'), 'ads'] }, nextStep: 'ads' }],
      ),
      page('ads', [ask.text('which')], 'end'),
      ending('end'),
    ),
    urlParams: [{ id: 'src_field', name: 'src' }],
  } satisfies FlowTemplate;

  it('get their defaults whatever the browser sends, and nothing without one', () => {
    const sent = { name: 'Ada', source: 'mail', campaign: 'hacked', nothing: 'sent anyway' };
    expect(validateAnswers(template, sent, { urlParameters: { src: 'Ads' } })).toEqual({ ok: true, answers: { name: 'Ada', source: 'ads', campaign: 'spring' } });
    expect(validateAnswers(template, sent, { urlParameters: { src: 'radio' } })).toEqual({ ok: true, answers: { name: 'Ada', campaign: 'spring' } });
    expect(withHiddenAnswers(template, sent, {})).toEqual({ name: 'Ada', campaign: 'spring' });
  });

  it('are on the path of their page: conditions see their answers', () => {
    expect(pagePath(template, { name: 'Ada', source: 'mail' }, { urlParameters: { src: 'ads' } }).pages.map(({ step }) => step.id)).toEqual(['p', 'ads']);
    expect(pagePath(template, { name: 'Ada', source: 'ads' }, { urlParameters: {} }).pages.map(({ step }) => step.id)).toEqual(['p']);
    // A stored submission keeps the hidden field under its id: read back, it takes the same path.
    expect(pagePath(template, { name: 'Ada', source: 'ads', src_field: 'ads' }).pages.map(({ step }) => step.id)).toEqual(['p', 'ads']);
  });

  it('leave a form without hidden questions untouched', () => {
    const plain = formOf(ask.text('a'));
    const answers = { a: 'x' };
    expect(withHiddenAnswers(plain, answers, {})).toBe(answers);
  });
});

describe('saving a default or a hidden question', () => {
  function errorsOf(widget: Widget) {
    const result = validateFlowTemplate(JSON.parse(JSON.stringify(formOf(widget))));
    return result.ok ? [] : result.errors;
  }
  const AT = 'steps.p.template.widgets.0.template';

  it('accepts a fixed default the question accepts, a default from a declared hidden field, and an empty default', () => {
    expect(errorsOf(withSettings(ask.choice('plan', ['free', 'pro']), { defaultValue: fixed('pro') }))).toEqual([]);
    expect(errorsOf(withSettings(ask.date('day'), { defaultValue: fixed('2026-03-05') }))).toEqual([]);
    expect(errorsOf(withSettings(ask.text('name'), { defaultValue: fromLink, hidden: true }))).toEqual([]);
    expect(errorsOf(withSettings(ask.text('name'), { defaultValue: fixed('') }))).toEqual([]);
  });

  it('refuses a fixed default the question’s own check refuses, with that check’s message', () => {
    expect(errorsOf(withSettings(ask.choice('plan', ['free', 'pro']), { defaultValue: fixed('gold') }))).toEqual([{ path: `${AT}.defaultValue`, message: copy.answers.invalidOption }]);
    expect(errorsOf(withSettings(ask.email('mail'), { defaultValue: fixed('nope') }))).toEqual([{ path: `${AT}.defaultValue`, message: copy.answers.invalidEmail }]);
  });

  it('refuses a default from a hidden field the form does not have, and on a type that takes none', () => {
    expect(errorsOf(withSettings(ask.text('name'), { defaultValue: { kind: 'urlParam', urlParamId: 'ghost' } }))).toEqual([
      { path: `${AT}.defaultValue`, message: copy.flows.defaultUnknownUrlParam },
    ]);
    const upload: Widget = { id: 'cv', name: 'CV', type: 'FileUpload', template: { label: 'CV', required: false, defaultValue: fixed([]) } };
    expect(errorsOf(upload)).toEqual([{ path: `${AT}.defaultValue`, message: copy.flows.defaultNotTaken }]);
  });

  it('refuses a hidden question that is required', () => {
    expect(errorsOf(withSettings(ask.text('name'), { hidden: true, required: true, defaultValue: fixed('x') }))).toEqual([{ path: `${AT}.required`, message: copy.flows.hiddenNotRequired }]);
  });
});
