/**
 * The settings of the question types with settings of their own, as a form builder saves them
 * (`validateFlowTemplate`, what `PUT …/template` runs): sound settings are kept, the rest is refused at the
 * setting it is about, and a question saved before a setting existed keeps working as before.
 */
import * as copy from '../src/copy';
import { STATEMENT_BODY_MAX_LENGTH } from '../src/limits';
import { validateAnswers } from '../src/rules/answers';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { formImagePath } from '../src/widgets/image-choice';
import type { FlowTemplate } from '../src/entities/flow-template';

/** A one-page template whose only question is `{id: 'q', type, template: {label: 'Q', ...settings}}`. */
function oneQuestion(type: string, settings: Record<string, unknown>): unknown {
  return {
    firstStep: 'p',
    steps: {
      p: {
        id: 'p',
        name: 'Page',
        type: 'form',
        template: { widgets: [{ id: 'q', name: 'Q', type, template: { label: 'Q', ...settings } }] },
        nextStep: { defaultNextStep: 'end' },
      },
      end: { id: 'end', name: 'End', type: 'ending', template: { title: 'Thanks', body: '' }, nextStep: null },
    },
  };
}

/** The paths (under the question's template) and messages of the save errors, or `[]` when it saves. */
function settingErrors(type: string, settings: Record<string, unknown>): Array<{ path: string; message?: string }> {
  const result = validateFlowTemplate(oneQuestion(type, settings));
  if (result.ok) return [];
  return result.errors.map((error) => ({ path: error.path.replace('steps.p.template.widgets.0.template.', ''), message: error.message }));
}

/** The paths only (for errors whose message is zod's). */
function errorPaths(type: string, settings: Record<string, unknown>): string[] {
  return settingErrors(type, settings).map((error) => error.path);
}

/** The saved template of the question. */
function saved(type: string, settings: Record<string, unknown>): FlowTemplate {
  const result = validateFlowTemplate(oneQuestion(type, settings));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.template;
}

describe('StarRating stars', () => {
  it('takes 3 to 10 stars', () => {
    expect(errorPaths('StarRating', { max: 3 })).toEqual([]);
    expect(errorPaths('StarRating', { max: 10 })).toEqual([]);
    expect(errorPaths('StarRating', { max: 2 })).toEqual(['max']);
    expect(errorPaths('StarRating', { max: 11 })).toEqual(['max']);
    expect(errorPaths('StarRating', { max: 4.5 })).toEqual(['max']);
  });

  it('a question saved without stars keeps five, and takes 1 to 5', () => {
    const template = saved('StarRating', {});
    expect(validateAnswers(template, { q: 5 })).toEqual({ ok: true, answers: { q: 5 } });
    expect(validateAnswers(template, { q: 6 })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.invalidRating(5) }] });
  });

  it('more stars take higher ratings', () => {
    expect(validateAnswers(saved('StarRating', { max: 7 }), { q: 7 })).toEqual({ ok: true, answers: { q: 7 } });
    expect(validateAnswers(saved('StarRating', { max: 3 }), { q: 4 })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.invalidRating(3) }] });
  });
});

describe('OpinionScale range', () => {
  it('starts at 0 or 1 and ends at 5 to 10', () => {
    expect(errorPaths('OpinionScale', { start: 1, end: 5 })).toEqual([]);
    expect(errorPaths('OpinionScale', { start: 2 })).toEqual(['start']);
    expect(errorPaths('OpinionScale', { end: 4 })).toEqual(['end']);
    expect(errorPaths('OpinionScale', { end: 11 })).toEqual(['end']);
    expect(errorPaths('OpinionScale', { leftLabel: 'x'.repeat(101) })).toEqual(['leftLabel']);
  });

  it('without a range it is 0 to 10', () => {
    const template = saved('OpinionScale', {});
    expect(validateAnswers(template, { q: 0 })).toEqual({ ok: true, answers: { q: 0 } });
    expect(validateAnswers(template, { q: 11 })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.outOfScale(0, 10) }] });
  });
});

describe('Slider range and step', () => {
  it('needs a maximum above the minimum and a step that fits between them', () => {
    expect(settingErrors('Slider', { min: 0, max: 1, step: 0.1 })).toEqual([]);
    expect(settingErrors('Slider', { min: 5, max: 5 })).toEqual([{ path: 'max', message: copy.flows.sliderRangeEmpty }]);
    expect(settingErrors('Slider', { min: 10 })).toEqual([]);
    expect(settingErrors('Slider', { min: 100 })).toEqual([{ path: 'max', message: copy.flows.sliderRangeEmpty }]);
    expect(settingErrors('Slider', { min: 0, max: 10, step: 20 })).toEqual([{ path: 'step', message: copy.flows.sliderStepTooLarge }]);
    expect(errorPaths('Slider', { step: 0 })).toEqual(['step']);
    expect(errorPaths('Slider', { step: -1 })).toEqual(['step']);
  });

  it('a step that does not divide the range leaves the last positions out', () => {
    const template = saved('Slider', { min: 0, max: 10, step: 3 });
    expect(validateAnswers(template, { q: 9 })).toEqual({ ok: true, answers: { q: 9 } });
    expect(validateAnswers(template, { q: 10 })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.offStep(3, 0) }] });
  });

  it('counts the steps from the minimum', () => {
    const template = saved('Slider', { min: 1, max: 9, step: 2 });
    expect(validateAnswers(template, { q: 5 })).toEqual({ ok: true, answers: { q: 5 } });
    expect(validateAnswers(template, { q: 4 })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.offStep(2, 1) }] });
  });
});

describe('DateTimePicker bounds', () => {
  it('are dates and times YYYY-MM-DDTHH:MM, the earliest not after the latest', () => {
    expect(settingErrors('DateTimePicker', { min: '2026-01-01T09:00', max: '2026-01-01T09:00' })).toEqual([]);
    expect(settingErrors('DateTimePicker', { min: '2026-01-02T09:00', max: '2026-01-01T09:00' })).toEqual([
      { path: 'min', message: copy.flows.minAboveMax },
    ]);
    expect(settingErrors('DateTimePicker', { max: '2026-01-01' })).toEqual([{ path: 'max', message: copy.answers.invalidDateTime }]);
    expect(settingErrors('DateTimePicker', { min: '2026-13-01T09:00' })).toEqual([{ path: 'min', message: copy.answers.invalidDateTime }]);
  });
});

describe('CurrencyInput currency and bounds', () => {
  it('asks for one of ten currencies, USD when none is set', () => {
    for (const currency of ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'INR', 'BRL', 'MXN']) {
      expect(errorPaths('CurrencyInput', { currency })).toEqual([]);
    }
    expect(errorPaths('CurrencyInput', { currency: 'XBT' })).toEqual(['currency']);
    expect(errorPaths('CurrencyInput', { currency: 'usd' })).toEqual(['currency']);
    const template = saved('CurrencyInput', {});
    expect(validateAnswers(template, { q: '12.5' })).toEqual({ ok: true, answers: { q: 12.5 } });
    expect(validateAnswers(template, { q: '12.505' })).toEqual({ ok: false, errors: [{ path: 'answers.q', message: copy.answers.amountDecimals(2) }] });
  });

  it('refuses a minimum above the maximum, and bounds with more decimals than the currency has', () => {
    expect(settingErrors('CurrencyInput', { currency: 'USD', min: 5.25, max: 10 })).toEqual([]);
    expect(settingErrors('CurrencyInput', { min: 10, max: 5 })).toEqual([{ path: 'min', message: copy.flows.minAboveMax }]);
    expect(settingErrors('CurrencyInput', { currency: 'JPY', min: 0.5, max: 100.5 })).toEqual([
      { path: 'min', message: copy.flows.amountDecimals('JPY', 0) },
      { path: 'max', message: copy.flows.amountDecimals('JPY', 0) },
    ]);
    expect(settingErrors('CurrencyInput', { currency: 'EUR', max: 1.005 })).toEqual([{ path: 'max', message: copy.flows.amountDecimals('EUR', 2) }]);
  });
});

describe('Matrix rows and columns', () => {
  const rows = [{ id: 'r1', label: 'Speed' }, { id: 'r2', label: 'Price' }];
  const columns = [{ id: 'c1', label: 'Poor' }, { id: 'c2', label: 'Good' }];

  it('needs a row and a column', () => {
    expect(errorPaths('Matrix', { rows, columns })).toEqual([]);
    expect(errorPaths('Matrix', { rows: [], columns })).toEqual(['rows']);
    expect(errorPaths('Matrix', { rows, columns: [] })).toEqual(['columns']);
    expect(errorPaths('Matrix', { columns })).toEqual(['rows']);
  });

  it('keeps ids unique across its rows and columns', () => {
    expect(settingErrors('Matrix', { rows: [...rows, { id: 'r1', label: 'Again' }], columns })).toEqual([
      { path: 'rows.2.id', message: copy.flows.duplicateOptionId('r1') },
    ]);
    expect(settingErrors('Matrix', { rows, columns: [{ id: 'r2', label: 'Same id as a row' }] })).toEqual([
      { path: 'columns.0.id', message: copy.flows.duplicateOptionId('r2') },
    ]);
  });
});

describe('Ranking options', () => {
  it('keeps option ids unique, like a choice question', () => {
    expect(settingErrors('Ranking', { options: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }] })).toEqual([
      { path: 'options.1.id', message: copy.flows.duplicateOptionId('a') },
    ]);
  });
});

describe('MultiSelect bounds', () => {
  const options = [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }];

  it('are whole numbers from 1, the minimum not above the maximum; option ids stay unique', () => {
    expect(settingErrors('MultiSelect', { options, minSelections: 1, maxSelections: 1 })).toEqual([]);
    expect(settingErrors('MultiSelect', { options, minSelections: 3, maxSelections: 2 })).toEqual([{ path: 'minSelections', message: copy.flows.minAboveMax }]);
    expect(errorPaths('MultiSelect', { options, minSelections: 0 })).toEqual(['minSelections']);
    expect(errorPaths('MultiSelect', { options, maxSelections: 1.5 })).toEqual(['maxSelections']);
    expect(settingErrors('MultiSelect', { options: [...options, { id: 'a', label: 'Again' }] })).toEqual([
      { path: 'options.3.id', message: copy.flows.duplicateOptionId('a') },
    ]);
  });

  it('without bounds any number of options is an answer', () => {
    const template = saved('MultiSelect', { options });
    expect(validateAnswers(template, { q: ['c', 'b', 'a'] })).toEqual({ ok: true, answers: { q: ['c', 'b', 'a'] } });
    expect(validateAnswers(saved('MultiSelect', { options, minSelections: 2, maxSelections: 2 }), { q: ['a', 'b', 'c'] })).toEqual({
      ok: false,
      errors: [{ path: 'answers.q', message: copy.answers.tooManySelections(2) }],
    });
  });
});

describe('ImageChoice cards', () => {
  const card = (imageUrl?: string, extra: Record<string, unknown> = {}) => ({ id: 'a', label: 'A', ...(imageUrl === undefined ? {} : { imageUrl }), ...extra });

  it('take https image addresses only; a draft card may have none yet', () => {
    expect(settingErrors('ImageChoice', { options: [card('https://images.example.com/a.png?w=400', { alt: 'A red apple' })] })).toEqual([]);
    expect(settingErrors('ImageChoice', { options: [card()] })).toEqual([]);
    for (const bad of ['http://images.example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//images.example.com/a.png', 'https://', 'https://exa mple.com/a.png', 'https://user:pw@example.com/a.png']) {
      expect(settingErrors('ImageChoice', { options: [card(bad)] })).toEqual([{ path: 'options.0.imageUrl', message: copy.flows.imageUrlNotHttps }]);
    }
    expect(errorPaths('ImageChoice', { options: [card('https://example.com/a.png', { alt: 'x'.repeat(501) })] })).toEqual(['options.0.alt']);
  });

  it('take the address of an image uploaded for a form, and no other path', () => {
    const uploaded = formImagePath('aB3_x-9', '0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b');
    expect(uploaded).toBe('/public/flows/aB3_x-9/images/0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b');
    expect(settingErrors('ImageChoice', { options: [card(uploaded)] })).toEqual([]);
    for (const bad of [
      '/public/flows/aB3/images/not-a-uuid',
      '/public/flows/aB3/uploads/0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
      '/admin/flows/aB3/uploads/0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
      '/public/flows/a/b/images/0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
      `${uploaded}?x=1`,
      'public/flows/aB3/images/0199a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
    ]) {
      expect(settingErrors('ImageChoice', { options: [card(bad)] })).toEqual([{ path: 'options.0.imageUrl', message: copy.flows.imageUrlNotHttps }]);
    }
  });

  it('answer with one id, or with `multiple` a list of ids', () => {
    const options = [card('https://example.com/a.png'), { id: 'b', label: 'B', imageUrl: 'https://example.com/b.png' }];
    expect(validateAnswers(saved('ImageChoice', { options }), { q: 'b' })).toEqual({ ok: true, answers: { q: 'b' } });
    expect(validateAnswers(saved('ImageChoice', { options, multiple: true }), { q: ['b', 'a'] })).toEqual({ ok: true, answers: { q: ['b', 'a'] } });
    expect(validateAnswers(saved('ImageChoice', { options, multiple: true }), { q: 'b' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.q', message: copy.answers.invalidOption }],
    });
  });
});

describe('Address settings', () => {
  it('take a default country that is an ISO 3166-1 alpha-2 code (upper case)', () => {
    expect(settingErrors('Address', { defaultCountry: 'CH', requirePostalCode: true, requireState: false })).toEqual([]);
    expect(settingErrors('Address', { defaultCountry: 'ch' })).toEqual([{ path: 'defaultCountry', message: copy.flows.unknownCountry('ch') }]);
    expect(settingErrors('Address', { defaultCountry: 'Switzerland' })).toEqual([{ path: 'defaultCountry', message: copy.flows.unknownCountry('Switzerland') }]);
  });

  it('require street, city and country; state and postal code only when the question says so', () => {
    const loose = saved('Address', {});
    expect(validateAnswers(loose, { q: { street: 'Bahnhofstrasse 1', city: 'Zürich', country: 'CH' } })).toEqual({
      ok: true,
      answers: { q: { street: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '', country: 'CH' } },
    });
    expect(validateAnswers(saved('Address', { requirePostalCode: true }), { q: { street: 'Bahnhofstrasse 1', city: 'Zürich', country: 'CH' } })).toEqual({
      ok: false,
      errors: [{ path: 'answers.q', message: copy.answers.addressPartMissing('postal code') }],
    });
  });
});

describe('Statement', () => {
  it('is never required, and its body is plain text of at most STATEMENT_BODY_MAX_LENGTH characters', () => {
    expect(settingErrors('Statement', { body: 'Read me.\n\nThen go on.' })).toEqual([]);
    expect(settingErrors('Statement', { required: true, body: '' })).toEqual([{ path: 'required', message: copy.flows.statementNotRequired }]);
    expect(errorPaths('Statement', { body: 'x'.repeat(STATEMENT_BODY_MAX_LENGTH + 1) })).toEqual(['body']);
  });
});
