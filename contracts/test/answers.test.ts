import { isEmptyAnswer, validateAnswers } from '../src/rules/answers';
import * as copy from '../src/copy';
import {
  EMAIL_MAX_LENGTH,
  LONG_ANSWER_MAX_LENGTH,
  SHORT_ANSWER_MAX_LENGTH,
  STAR_RATING_MAX,
  URL_MAX_LENGTH,
} from '../src/limits';
import { allWidgetsTemplate, exampleTemplateJson, withRequired } from './fixtures';
import { validateFlowTemplate } from '../src/rules/flow-template';
import type { FlowTemplate } from '../src/entities/flow-template';
import { ADDRESS_LINE_MAX_LENGTH, ADDRESS_POSTAL_CODE_MAX_LENGTH } from '../src/limits';
import { takesAnswer, WIDGET_TYPES } from '../src/widgets/registry';

const template = allWidgetsTemplate();

function validOne(widgetId: string, value: unknown): unknown {
  const result = validateAnswers(template, { [widgetId]: value });
  if (!result.ok) throw new Error(`${widgetId}=${JSON.stringify(value)}: ${JSON.stringify(result.errors)}`);
  return result.answers[widgetId];
}

function errorsOfOne(widgetId: string, value: unknown) {
  const result = validateAnswers(template, { [widgetId]: value });
  return result.ok ? [] : result.errors;
}

/** Upload references (`answers/shared/uploads.ts`) as the public upload call returns them. */
const CV = { id: '0190a0b0-0000-7000-8000-0000000000c1', name: 'cv.pdf', size: 1234, contentType: 'application/pdf' };
const LETTER = { id: '0190a0b0-0000-7000-8000-0000000000c2', name: 'letter.docx', size: 99, contentType: 'application/octet-stream' };
const SIGNED = { id: '0190a0b0-0000-7000-8000-0000000000c4', name: 'signature.png', size: 2048, contentType: 'image/png' };

/** [widget id, input, normalized value] */
const valid: Array<[string, unknown, unknown]> = [
  ['shortanswer', 'Ada', 'Ada'],
  ['shortanswer', '  Ada  ', '  Ada  '],
  ['shortanswer', 'x'.repeat(SHORT_ANSWER_MAX_LENGTH), 'x'.repeat(SHORT_ANSWER_MAX_LENGTH)],
  ['shortanswer', '😀'.repeat(SHORT_ANSWER_MAX_LENGTH), '😀'.repeat(SHORT_ANSWER_MAX_LENGTH)],
  ['longanswer', 'line 1\nline 2', 'line 1\nline 2'],
  ['longanswer', 'y'.repeat(LONG_ANSWER_MAX_LENGTH), 'y'.repeat(LONG_ANSWER_MAX_LENGTH)],
  ['emailinput', 'ada@example.com', 'ada@example.com'],
  ['emailinput', ' Ada.Lovelace+forms@mail.example.co.uk ', 'Ada.Lovelace+forms@mail.example.co.uk'],
  ['emailinput', "o'brien_1@sub-domain.example.xn--p1ai", "o'brien_1@sub-domain.example.xn--p1ai"],
  ['urlinput', 'https://example.com', 'https://example.com'],
  ['urlinput', 'http://www.example.com/a/b?c=1#d', 'http://www.example.com/a/b?c=1#d'],
  ['urlinput', 'HTTPS://Example.COM', 'HTTPS://Example.COM'],
  ['urlinput', 'example.com', 'example.com'],
  ['urlinput', ' www.example.com/path ', 'www.example.com/path'],
  ['urlinput', 'example.com:8080/x', 'example.com:8080/x'],
  ['urlinput', 'http://192.168.0.1/', 'http://192.168.0.1/'],
  ['phonenumber', '+1 (555) 123-4567', '+1 (555) 123-4567'],
  ['phonenumber', '030.1234.567', '030.1234.567'],
  ['phonenumber', '1234567', '1234567'],
  ['phonenumber', '+123456789012345', '+123456789012345'],
  ['numberinput', 42, 42],
  ['numberinput', 0, 0],
  ['numberinput', 120, 120],
  ['numberinput', '7', 7],
  ['numberinput', ' 3.5 ', 3.5],
  ['numberinput', '1e2', 100],
  ['currencyinput', 10, 10],
  ['currencyinput', '1234.5', 1234.5],
  ['currencyinput', ' 1,234.56 ', 1234.56],
  ['currencyinput', '5,000.00', 5000],
  ['currencyinput', 0.1 + 0.2 + 10, 10.3],
  ['yencurrency', '1,500', 1500],
  ['yencurrency', -200, -200],
  ['timepicker', '00:00', '00:00'],
  ['timepicker', ' 23:59 ', '23:59'],
  ['timepicker', '14:30', '14:30'],
  ['datetimepicker', '2026-03-05T14:30', '2026-03-05T14:30'],
  ['datetimepicker', '2026-01-01T09:00', '2026-01-01T09:00'],
  ['datetimepicker', ' 2026-12-31T17:30 ', '2026-12-31T17:30'],
  ['slider', 0, 0],
  ['slider', '7.5', 7.5],
  ['slider', 10, 10],
  ['slider', 0.1 * 3 * 5, 1.5],
  ['defaultslider', 100, 100],
  ['defaultslider', '42', 42],
  ['multiplechoice', 'a', 'a'],
  ['dropdown', 'c', 'c'],
  ['checkboxes', ['b'], ['b']],
  ['checkboxes', ['c', 'a'], ['c', 'a']],
  ['checkbox', true, true],
  ['checkbox', false, false],
  ['datepicker', '2024-02-29', '2024-02-29'],
  ['datepicker', '2000-02-29', '2000-02-29'],
  ['datepicker', '1999-12-31', '1999-12-31'],
  ['starrating', 1, 1],
  ['starrating', STAR_RATING_MAX, STAR_RATING_MAX],
  ['starrating', '4', 4],
  ['tenstars', 10, 10],
  ['tenstars', '7', 7],
  ['opinionscale', 0, 0],
  ['opinionscale', 10, 10],
  ['opinionscale', '9', 9],
  ['onetofive', 1, 1],
  ['onetofive', '5', 5],
  ['matrix', { r1: 'c2', r2: 'c1' }, { r1: 'c2', r2: 'c1' }],
  ['matrix', { r2: 'c1', r1: 'c2' }, { r1: 'c2', r2: 'c1' }],
  ['matrix', { r2: 'c2' }, { r2: 'c2' }],
  ['matrix', { r1: 'c1', r2: null }, { r1: 'c1' }],
  ['ranking', ['c', 'a', 'b'], ['c', 'a', 'b']],
  ['ranking', ['a', 'b', 'c'], ['a', 'b', 'c']],
  ['multiselect', ['b'], ['b']],
  ['multiselect', ['c', 'a'], ['c', 'a']],
  ['boundedselect', ['a', 'c'], ['a', 'c']],
  ['boundedselect', ['c', 'b', 'a'], ['c', 'b', 'a']],
  ['imagechoice', 'b', 'b'],
  ['imagechoices', ['c', 'a'], ['c', 'a']],
  ['imagechoices', ['b'], ['b']],
  [
    'address',
    { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
    { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
  ],
  [
    'address',
    { country: 'us', postalCode: ' 62704 ', state: 'IL', city: 'Springfield', line2: ' Apt 4 ', street: '  1 Main St ', note: 'dropped' },
    { street: '1 Main St', line2: 'Apt 4', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
  ],
  ['address', { street: ' ', line2: '', city: '', state: null, country: 'US' }, undefined],
  ['worldaddress', { street: 'Hauptstr. 5', city: 'Berlin' }, { street: 'Hauptstr. 5', city: 'Berlin', postalCode: '', country: 'DE' }],
  [
    'worldaddress',
    { street: 'x'.repeat(ADDRESS_LINE_MAX_LENGTH), line2: null, city: 'Lyon', postalCode: '9'.repeat(ADDRESS_POSTAL_CODE_MAX_LENGTH), country: 'FR' },
    { street: 'x'.repeat(ADDRESS_LINE_MAX_LENGTH), city: 'Lyon', postalCode: '9'.repeat(ADDRESS_POSTAL_CODE_MAX_LENGTH), country: 'FR' },
  ],
  ['statement', 'I have read it', undefined],
  ['statement', { any: 'shape' }, undefined],
  ['statement', 42, undefined],
  ['fileupload', [CV], [CV]],
  ['fileupload', CV, [CV]],
  ['fileupload', [{ ...CV, extra: 'dropped' }, LETTER], [CV, LETTER]],
  ['fileupload', [{ ...CV, name: 'CV.PDF', size: 1024 * 1024 }], [{ ...CV, name: 'CV.PDF', size: 1024 * 1024 }]],
  ['anyfile', [{ ...CV, name: 'setup.exe', size: 10 * 1024 * 1024 }], [{ ...CV, name: 'setup.exe', size: 10 * 1024 * 1024 }]],
  ['signature', SIGNED, SIGNED],
  ['signature', { ...SIGNED, extra: 1 }, SIGNED],
];

/** [widget id, input, message] */
const invalid: Array<[string, unknown, string]> = [
  ['shortanswer', 12, copy.answers.invalidText],
  ['shortanswer', ['a'], copy.answers.invalidText],
  ['shortanswer', 'x'.repeat(SHORT_ANSWER_MAX_LENGTH + 1), copy.answers.textTooLong(SHORT_ANSWER_MAX_LENGTH)],
  ['longanswer', { text: 'a' }, copy.answers.invalidText],
  ['longanswer', 'y'.repeat(LONG_ANSWER_MAX_LENGTH + 1), copy.answers.textTooLong(LONG_ANSWER_MAX_LENGTH)],
  ['emailinput', 'ada', copy.answers.invalidEmail],
  ['emailinput', 'ada@example', copy.answers.invalidEmail],
  ['emailinput', 'ada@@example.com', copy.answers.invalidEmail],
  ['emailinput', 'a b@example.com', copy.answers.invalidEmail],
  ['emailinput', 'ada@exa mple.com', copy.answers.invalidEmail],
  ['emailinput', '.ada@example.com', copy.answers.invalidEmail],
  ['emailinput', 'ada..l@example.com', copy.answers.invalidEmail],
  ['emailinput', 'ada@-example.com', copy.answers.invalidEmail],
  ['emailinput', 'ada@example.c', copy.answers.invalidEmail],
  ['emailinput', 'ada@example.123', copy.answers.invalidEmail],
  ['emailinput', `${'a'.repeat(65)}@example.com`, copy.answers.invalidEmail],
  ['emailinput', `a@${Array.from({ length: 6 }, () => 'b'.repeat(60)).join('.')}.com`, copy.answers.invalidEmail],
  ['emailinput', 42, copy.answers.invalidEmail],
  ['urlinput', 'ftp://example.com', copy.answers.invalidUrl],
  ['urlinput', 'mailto:ada@example.com', copy.answers.invalidUrl],
  ['urlinput', 'javascript:alert(1)', copy.answers.invalidUrl],
  ['urlinput', 'http://localhost:3000', copy.answers.invalidUrl],
  ['urlinput', 'example', copy.answers.invalidUrl],
  ['urlinput', 'https://exa mple.com', copy.answers.invalidUrl],
  ['urlinput', 'https://example..com', copy.answers.invalidUrl],
  ['urlinput', `https://example.com/${'p'.repeat(URL_MAX_LENGTH)}`, copy.answers.invalidUrl],
  ['urlinput', true, copy.answers.invalidUrl],
  ['phonenumber', '123456', copy.answers.invalidPhone],
  ['phonenumber', '1234567890123456', copy.answers.invalidPhone],
  ['phonenumber', '555-CALL-NOW', copy.answers.invalidPhone],
  ['phonenumber', '1+234567890', copy.answers.invalidPhone],
  ['phonenumber', 5551234567, copy.answers.invalidPhone],
  ['numberinput', 'abc', copy.answers.invalidNumber],
  ['numberinput', '12px', copy.answers.invalidNumber],
  ['numberinput', '0x10', copy.answers.invalidNumber],
  ['numberinput', 'Infinity', copy.answers.invalidNumber],
  ['numberinput', Number.NaN, copy.answers.invalidNumber],
  ['numberinput', true, copy.answers.invalidNumber],
  ['numberinput', -1, copy.answers.numberTooSmall(0)],
  ['numberinput', '120.5', copy.answers.numberTooLarge(120)],
  ['currencyinput', 'ten', copy.answers.invalidNumber],
  ['currencyinput', '$12', copy.answers.invalidNumber],
  ['currencyinput', '12,5', copy.answers.invalidNumber],
  ['currencyinput', '1.234,50', copy.answers.invalidNumber],
  ['currencyinput', '12.345', copy.answers.amountDecimals(2)],
  ['currencyinput', 9.99, copy.answers.amountTooSmall('USD 10.00')],
  ['currencyinput', '5,000.01', copy.answers.amountTooLarge('USD 5,000.00')],
  ['currencyinput', 1e300, copy.answers.invalidNumber],
  ['yencurrency', '1500.5', copy.answers.amountDecimals(0)],
  ['timepicker', '24:00', copy.answers.invalidTime],
  ['timepicker', '9:30', copy.answers.invalidTime],
  ['timepicker', '09:60', copy.answers.invalidTime],
  ['timepicker', '14:30:00', copy.answers.invalidTime],
  ['timepicker', '2:30 PM', copy.answers.invalidTime],
  ['timepicker', 1430, copy.answers.invalidTime],
  ['datetimepicker', '2026-03-05', copy.answers.invalidDateTime],
  ['datetimepicker', '2026-02-30T10:00', copy.answers.invalidDateTime],
  ['datetimepicker', '2026-03-05 14:30', copy.answers.invalidDateTime],
  ['datetimepicker', '2026-03-05T14:30:00Z', copy.answers.invalidDateTime],
  ['datetimepicker', '2026-03-05T25:00', copy.answers.invalidDateTime],
  ['datetimepicker', '2025-12-31T23:59', copy.answers.dateTimeTooEarly('January 1, 2026 at 9:00 AM')],
  ['datetimepicker', '2026-12-31T17:31', copy.answers.dateTimeTooLate('December 31, 2026 at 5:30 PM')],
  ['slider', 'far', copy.answers.invalidNumber],
  ['slider', -0.5, copy.answers.numberTooSmall(0)],
  ['slider', 10.5, copy.answers.numberTooLarge(10)],
  ['slider', 7.25, copy.answers.offStep(0.5, 0)],
  ['defaultslider', 42.5, copy.answers.offStep(1, 0)],
  ['defaultslider', 101, copy.answers.numberTooLarge(100)],
  ['multiplechoice', 'z', copy.answers.invalidOption],
  ['multiplechoice', ['a'], copy.answers.invalidOption],
  ['dropdown', 'A', copy.answers.invalidOption],
  ['checkboxes', 'a', copy.answers.invalidOption],
  ['checkboxes', ['a', 'z'], copy.answers.invalidOption],
  ['checkboxes', ['a', 1], copy.answers.invalidOption],
  ['checkboxes', ['a', 'a'], copy.answers.duplicateOption],
  ['checkbox', 'true', copy.answers.invalidBoolean],
  ['checkbox', 1, copy.answers.invalidBoolean],
  ['datepicker', '2023-02-29', copy.answers.invalidDate],
  ['datepicker', '1900-02-29', copy.answers.invalidDate],
  ['datepicker', '2024-04-31', copy.answers.invalidDate],
  ['datepicker', '2024-13-01', copy.answers.invalidDate],
  ['datepicker', '2024-00-10', copy.answers.invalidDate],
  ['datepicker', '0000-01-01', copy.answers.invalidDate],
  ['datepicker', '2024-1-5', copy.answers.invalidDate],
  ['datepicker', '2024-01-05T10:00:00Z', copy.answers.invalidDate],
  ['datepicker', 20240105, copy.answers.invalidDate],
  ['starrating', 0, copy.answers.invalidRating(STAR_RATING_MAX)],
  ['starrating', STAR_RATING_MAX + 1, copy.answers.invalidRating(STAR_RATING_MAX)],
  ['starrating', 2.5, copy.answers.invalidRating(STAR_RATING_MAX)],
  ['starrating', 'five', copy.answers.invalidRating(STAR_RATING_MAX)],
  ['tenstars', 11, copy.answers.invalidRating(10)],
  ['tenstars', 0, copy.answers.invalidRating(10)],
  ['opinionscale', 11, copy.answers.outOfScale(0, 10)],
  ['opinionscale', -1, copy.answers.outOfScale(0, 10)],
  ['opinionscale', 7.5, copy.answers.outOfScale(0, 10)],
  ['opinionscale', 'nine', copy.answers.outOfScale(0, 10)],
  ['onetofive', 0, copy.answers.outOfScale(1, 5)],
  ['onetofive', 6, copy.answers.outOfScale(1, 5)],
  ['matrix', 'c1', copy.answers.invalidOption],
  ['matrix', ['c1'], copy.answers.invalidOption],
  ['matrix', { r3: 'c1' }, copy.answers.invalidOption],
  ['matrix', { r1: 'c3' }, copy.answers.invalidOption],
  ['matrix', { r1: ['c1', 'c2'] }, copy.answers.invalidOption],
  ['matrix', { r1: 'Poor' }, copy.answers.invalidOption],
  ['ranking', ['a', 'b'], copy.answers.rankingIncomplete],
  ['ranking', ['a', 'b', 'c', 'a'], copy.answers.duplicateOption],
  ['ranking', ['a', 'b', 'z'], copy.answers.invalidOption],
  ['ranking', 'a', copy.answers.invalidOption],
  ['multiselect', ['a', 'b', 'c'], copy.answers.tooManySelections(2)],
  ['multiselect', 'a', copy.answers.invalidOption],
  ['multiselect', ['a', 'z'], copy.answers.invalidOption],
  ['multiselect', ['b', 'b'], copy.answers.duplicateOption],
  ['boundedselect', ['a'], copy.answers.tooFewSelections(2)],
  ['imagechoice', ['a'], copy.answers.invalidOption],
  ['imagechoice', 'z', copy.answers.invalidOption],
  ['imagechoices', 'a', copy.answers.invalidOption],
  ['imagechoices', ['a', 'a'], copy.answers.duplicateOption],
  ['address', '1 Main St, Springfield', copy.answers.invalidAddress],
  ['address', ['1 Main St'], copy.answers.invalidAddress],
  ['address', { street: 1, city: 'Springfield' }, copy.answers.invalidAddress],
  ['address', { city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' }, copy.answers.addressPartMissing('street address')],
  ['address', { street: '1 Main St', state: 'IL', postalCode: '62704', country: 'US' }, copy.answers.addressPartMissing('city')],
  ['address', { street: '1 Main St', city: 'Springfield', postalCode: '62704', country: 'US' }, copy.answers.addressPartMissing('state or province')],
  ['address', { street: '1 Main St', city: 'Springfield', state: 'IL', country: 'US' }, copy.answers.addressPartMissing('postal code')],
  ['address', { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704' }, copy.answers.invalidCountry],
  ['address', { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'XX' }, copy.answers.invalidCountry],
  ['address', { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'USA' }, copy.answers.invalidCountry],
  [
    'address',
    { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '9'.repeat(ADDRESS_POSTAL_CODE_MAX_LENGTH + 1), country: 'US' },
    copy.answers.addressPartTooLong('postal code', ADDRESS_POSTAL_CODE_MAX_LENGTH),
  ],
  ['worldaddress', { street: 'x'.repeat(ADDRESS_LINE_MAX_LENGTH + 1), city: 'Berlin' }, copy.answers.addressPartTooLong('street address', ADDRESS_LINE_MAX_LENGTH)],
  ['worldaddress', { street: 'Hauptstr. 5', city: 'Berlin', country: 'Germany' }, copy.answers.invalidCountry],
  ['fileupload', [CV, LETTER, { ...CV, id: '0190a0b0-0000-7000-8000-0000000000c3' }], copy.uploads.tooManyFiles(2)],
  ['fileupload', [{ ...CV, name: 'setup.exe' }], copy.uploads.expectedTypes('pdf, doc, docx, xls, xlsx, ppt, pptx, odt, ods, odp, rtf, txt, csv')],
  ['fileupload', [{ ...CV, size: 1024 * 1024 + 1 }], copy.uploads.fileTooLarge('1 MB')],
  ['fileupload', [CV, CV], copy.uploads.invalidFile],
  ['fileupload', [{ ...CV, id: 'not-a-uuid' }], copy.uploads.invalidFile],
  ['fileupload', 'cv.pdf', copy.uploads.invalidFile],
  ['anyfile', [{ ...CV, size: 10 * 1024 * 1024 + 1 }], copy.uploads.fileTooLarge('10 MB')],
  ['anyfile', [{ ...CV, name: ' ' }], copy.uploads.invalidFile],
  ['signature', [SIGNED], copy.uploads.invalidFile],
  ['signature', { ...SIGNED, name: 'sign.pdf', contentType: 'application/pdf' }, copy.uploads.expectedTypes('png')],
  ['signature', { ...SIGNED, contentType: 'image/jpeg' }, copy.uploads.expectedTypes('png')],
  ['signature', { ...SIGNED, size: 1024 * 1024 + 1 }, copy.uploads.fileTooLarge('1 MB')],
];

describe('validateAnswers by widget type', () => {
  it('the fixture holds every widget type and is a valid template', () => {
    expect(validateFlowTemplate(template).ok).toBe(true);
    const types = Object.values(template.steps).flatMap((step) =>
      step.type === 'form' ? step.template.widgets.map((widget) => widget.type) : [],
    );
    expect(new Set(types).size).toBe(WIDGET_TYPES.length);
  });

  it.each(valid)('accepts %s = %j', (widgetId, input, normalized) => {
    expect(validOne(widgetId, input)).toEqual(normalized);
  });

  it.each(invalid)('refuses %s = %j', (widgetId, input, message) => {
    expect(errorsOfOne(widgetId, input)).toEqual([{ path: `answers.${widgetId}`, message }]);
  });

  it('covers every widget type with valid and invalid cases (a question that takes no answer has no invalid one)', () => {
    const widgets = Object.values(template.steps).flatMap((step) => (step.type === 'form' ? step.template.widgets : []));
    expect(new Set(valid.map(([id]) => id))).toEqual(new Set(widgets.map((widget) => widget.id)));
    expect(new Set(invalid.map(([id]) => id))).toEqual(new Set(widgets.filter((widget) => takesAnswer(widget)).map((widget) => widget.id)));
  });

  it('reports every invalid answer at once, in page order', () => {
    const result = validateAnswers(template, { starrating: 9, shortanswer: 1, emailinput: 'nope' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'answers.shortanswer', message: copy.answers.invalidText },
        { path: 'answers.emailinput', message: copy.answers.invalidEmail },
        { path: 'answers.starrating', message: copy.answers.invalidRating(STAR_RATING_MAX) },
      ],
    });
  });
});

describe('required questions', () => {
  const ids = [
    'shortanswer', 'longanswer', 'emailinput', 'urlinput', 'phonenumber', 'numberinput',
    'currencyinput', 'timepicker', 'datetimepicker', 'slider',
    'multiplechoice', 'dropdown', 'checkboxes', 'checkbox', 'datepicker', 'starrating',
    'opinionscale', 'matrix', 'ranking', 'multiselect', 'imagechoice', 'imagechoices', 'address',
    'fileupload', 'signature',
  ];
  const empties: Array<[string, unknown]> = [['missing', undefined], ['null', null], ['empty string', ''], ['whitespace', ' \t\n'], ['empty list', []]];

  describe.each(ids)('%s', (widgetId) => {
    it.each(empties)('is refused when %s', (_name, value) => {
      const answers = value === undefined ? {} : { [widgetId]: value };
      expect(validateAnswers(withRequired(widgetId), answers)).toEqual({
        ok: false,
        errors: [{ path: `answers.${widgetId}`, message: copy.answers.required }],
      });
    });
  });

  it('a required Checkbox must be true', () => {
    const required = withRequired('checkbox');
    expect(validateAnswers(required, { checkbox: false })).toEqual({
      ok: false,
      errors: [{ path: 'answers.checkbox', message: copy.answers.required }],
    });
    expect(validateAnswers(required, { checkbox: true })).toEqual({ ok: true, answers: { checkbox: true } });
  });

  it('a required Matrix needs an answer in every row', () => {
    const required = withRequired('matrix');
    expect(validateAnswers(required, { matrix: {} })).toEqual({
      ok: false,
      errors: [{ path: 'answers.matrix', message: copy.answers.required }],
    });
    expect(validateAnswers(required, { matrix: { r1: 'c1' } })).toEqual({
      ok: false,
      errors: [{ path: 'answers.matrix', message: copy.answers.matrixIncomplete }],
    });
    expect(validateAnswers(required, { matrix: { r1: 'c1', r2: 'c2' } })).toEqual({ ok: true, answers: { matrix: { r1: 'c1', r2: 'c2' } } });
  });

  it('a required Address needs some text, not just a country', () => {
    const required = withRequired('address');
    for (const empty of [{}, { country: 'US' }, { street: '  ', city: '', postalCode: null }]) {
      expect(validateAnswers(required, { address: empty })).toEqual({ ok: false, errors: [{ path: 'answers.address', message: copy.answers.required }] });
    }
  });

  it('a Statement is never required and keeps no answer, whatever is sent', () => {
    const required = withRequired('statement');
    expect(validateAnswers(required, {})).toEqual({ ok: true, answers: {} });
    expect(validateAnswers(required, { statement: 'read', shortanswer: 'Ada' })).toEqual({ ok: true, answers: { shortanswer: 'Ada' } });
    expect(validateAnswers(template, { statement: ['x'] }, { stepIds: ['p1'] })).toEqual({ ok: true, answers: {} });
  });

  it('an optional Matrix with no row answered is no answer', () => {
    expect(validateAnswers(template, { matrix: {} })).toEqual({ ok: true, answers: {} });
    expect(validateAnswers(template, { matrix: { r1: null } })).toEqual({ ok: true, answers: {} });
  });

  it('a required question with a wrongly typed answer reports the type error', () => {
    expect(validateAnswers(withRequired('numberinput'), { numberinput: 'lots' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.numberinput', message: copy.answers.invalidNumber }],
    });
  });

  it('optional empty answers are dropped from the normalized answers; false and 0 are kept', () => {
    const result = validateAnswers(template, {
      shortanswer: '   ',
      longanswer: null,
      checkboxes: [],
      checkbox: false,
      numberinput: 0,
      dropdown: 'b',
    });
    expect(result).toEqual({ ok: true, answers: { numberinput: 0, dropdown: 'b', checkbox: false } });
  });

  it('the example template requires name and email', () => {
    const example = validateFlowTemplate(exampleTemplateJson());
    if (!example.ok) throw new Error('fixture');
    expect(validateAnswers(example.template, { w3: 'o2' })).toEqual({
      ok: false,
      errors: [
        { path: 'answers.w1', message: copy.answers.required },
        { path: 'answers.w2', message: copy.answers.required },
      ],
    });
    expect(validateAnswers(example.template, { w1: 'Ada', w2: 'ada@example.com' })).toEqual({
      ok: true,
      answers: { w1: 'Ada', w2: 'ada@example.com' },
    });
  });
});

describe('unknown questions and malformed answers', () => {
  it('refuses an answer to a question not on the form', () => {
    expect(validateAnswers(template, { shortanswer: 'ok', ghost: 'boo' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.ghost', message: copy.answers.unknownQuestion }],
    });
  });

  it('does not treat inherited property names as questions', () => {
    expect(validateAnswers(template, JSON.parse('{"__proto__": "x", "constructor": 1}'))).toEqual({
      ok: false,
      errors: [
        { path: 'answers.__proto__', message: copy.answers.unknownQuestion },
        { path: 'answers.constructor', message: copy.answers.unknownQuestion },
      ],
    });
  });

  it.each([null, 'answers', 42, ['a']])('refuses answers that are not an object: %j', (answers) => {
    expect(validateAnswers(template, answers)).toEqual({
      ok: false,
      errors: [{ path: 'answers', message: copy.answers.notAnObject }],
    });
  });
});

describe('per-step validation', () => {
  const requiredOnBothPages: FlowTemplate = (() => {
    const t = withRequired('shortanswer');
    const p2 = t.steps.p2;
    if (p2?.type === 'form' && p2.template.widgets[0]) p2.template.widgets[0].template.required = true;
    return t;
  })();

  it('checks only the given steps', () => {
    expect(validateAnswers(requiredOnBothPages, { shortanswer: 'Ada' }, { stepIds: ['p1'] })).toEqual({
      ok: true,
      answers: { shortanswer: 'Ada' },
    });
    expect(validateAnswers(requiredOnBothPages, { shortanswer: 'Ada' }, { stepIds: ['p2'] })).toEqual({
      ok: false,
      errors: [{ path: 'answers.multiplechoice', message: copy.answers.required }],
    });
  });

  it('the server check (no stepIds) covers every page', () => {
    expect(validateAnswers(requiredOnBothPages, { shortanswer: 'Ada' })).toEqual({
      ok: false,
      errors: [{ path: 'answers.multiplechoice', message: copy.answers.required }],
    });
  });

  it('ignores answers of other pages, but still refuses unknown questions', () => {
    const answers = { shortanswer: 'Ada', starrating: 99, ghost: 1 };
    expect(validateAnswers(template, answers, { stepIds: ['p1'] })).toEqual({
      ok: false,
      errors: [{ path: 'answers.ghost', message: copy.answers.unknownQuestion }],
    });
    expect(validateAnswers(template, { shortanswer: 'Ada', starrating: 99 }, { stepIds: ['p1'] })).toEqual({
      ok: true,
      answers: { shortanswer: 'Ada' },
    });
  });

  it('several steps at once', () => {
    const result = validateAnswers(template, { shortanswer: 1, starrating: 99 }, { stepIds: ['p1', 'p2'] });
    expect(result.ok ? [] : result.errors.map((error) => error.path)).toEqual(['answers.shortanswer', 'answers.starrating']);
  });
});

describe('isEmptyAnswer', () => {
  it.each([undefined, null, '', '  ', []])('%j is empty', (value) => expect(isEmptyAnswer(value)).toBe(true));
  it.each([false, 0, 'a', ['a'], {}])('%j is an answer', (value) => expect(isEmptyAnswer(value)).toBe(false));
});

describe('limits used by answers', () => {
  it('an email address of exactly EMAIL_MAX_LENGTH characters is accepted when well-formed', () => {
    const labels = Array.from({ length: 5 }, () => 'd'.repeat(49)).join('.');
    const local = 'l'.repeat(64);
    const domain = `${labels}.${'e'.repeat(EMAIL_MAX_LENGTH - 64 - 1 - labels.length - 1)}`;
    const address = `${local}@${domain}`;
    expect(address).toHaveLength(EMAIL_MAX_LENGTH);
    expect(validOne('emailinput', address)).toBe(address);
    expect(errorsOfOne('emailinput', `${address}x`)).toEqual([{ path: 'answers.emailinput', message: copy.answers.invalidEmail }]);
  });
});
