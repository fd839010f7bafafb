/**
 * The widget registry (docs/architecture.md "Widget registry"): every type is one module listed once, the
 * `Widget` union and the answer rules derive from it, and each type's answer reads as one text.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Widget, WIDGET_TYPES } from '../src/entities/flow-template';
import { SubmissionQuestion } from '../src/entities/flow';
import { FormSubmittedData } from '../src/events/form-submitted';
import { validateAnswers } from '../src/rules/answers';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { toSubmissionQuestions } from '../src/rules/submission-questions';
import { displayAnswer, newWidget, takesAnswer, WIDGET_DEFINITIONS, widgetEditorCopy, type WidgetType } from '../src/widgets/registry';
import { everyWidget, everyWidgetAnswers, everyWidgetDisplay, everyWidgetTemplate } from '../src/widgets/samples';
import { formatCalendarDate } from '../src/widgets/date-picker';
import { allWidgetsTemplate } from './fixtures';

const WIDGETS_DIR = path.resolve(__dirname, '../src/widgets');
/** Files of `src/widgets` that are not a type module. */
const NOT_TYPES = new Set(['define-widget.ts', 'registry.ts', 'samples.ts']);

function widgetOf(type: WidgetType): Widget {
  const widget = everyWidget().find((candidate) => candidate.type === type);
  if (!widget) throw new Error(`no sample of ${type}`);
  return widget;
}

/** `displayAnswer` of the NORMALIZED answer (as the flows service stores it). */
function shown(type: WidgetType, answer: unknown): string {
  const widget = widgetOf(type);
  const template = everyWidgetTemplate();
  const result = validateAnswers(template, { [widget.id]: answer });
  if (!result.ok) throw new Error(`${type} ${JSON.stringify(answer)}: ${JSON.stringify(result.errors)}`);
  return displayAnswer(result.answers[widget.id], widget);
}

describe('the registry', () => {
  it('holds the types of docs/product-rules.md §2, in the Add question menu’s order', () => {
    expect(WIDGET_TYPES).toEqual([
      'ShortAnswer', 'LongAnswer', 'EmailInput', 'NumberInput', 'CurrencyInput', 'PhoneNumber', 'URLInput', 'Address',
      'MultipleChoice', 'Dropdown', 'Checkboxes', 'MultiSelect', 'ImageChoice', 'Checkbox', 'Ranking', 'Matrix',
      'DatePicker', 'TimePicker', 'DateTimePicker', 'StarRating', 'OpinionScale', 'Slider',
      'FileUpload', 'Signature',
      'Statement',
    ]);
    expect(new Set(WIDGET_TYPES).size).toBe(WIDGET_TYPES.length);
  });

  it('lists every type module of src/widgets exactly once, each in its kebab-case file', () => {
    const files = readdirSync(WIDGETS_DIR).filter((file) => file.endsWith('.ts') && !NOT_TYPES.has(file));
    const kebab = (type: string) =>
      type.replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').replace(/([a-z\d])([A-Z])/g, '$1-$2').toLowerCase();
    expect(WIDGET_DEFINITIONS.map((definition) => `${kebab(definition.type)}.ts`).sort()).toEqual(files.sort());
  });

  it('the Widget union accepts a question of every type and refuses the rest', () => {
    for (const widget of everyWidget()) expect(Widget.parse(widget)).toEqual(widget);
    const unknown = { id: 'x', name: 'X', type: 'Hologram', template: { label: 'X', required: false } };
    expect(Widget.safeParse(unknown).success).toBe(false);
    expect(validateFlowTemplate(everyWidgetTemplate()).ok).toBe(true);
  });

  it('the test fixture of contracts/test covers every registered type', () => {
    const template = allWidgetsTemplate();
    const types = Object.values(template.steps).flatMap((step) => (step.type === 'form' ? step.template.widgets.map((w) => w.type) : []));
    expect(new Set(types)).toEqual(new Set(WIDGET_TYPES));
  });
});

describe('the editor’s copy of each type', () => {
  it('is the product’s text for every type', () => {
    expect(Object.fromEntries(WIDGET_TYPES.map((type) => [type, widgetEditorCopy(type)]))).toEqual({
      ShortAnswer: { name: 'Short answer', defaultLabel: 'Your answer', hint: 'One line of text' },
      LongAnswer: { name: 'Long answer', defaultLabel: 'Tell us more', hint: 'Several lines of text' },
      EmailInput: { name: 'Email', defaultLabel: 'Email address', hint: 'A valid email address' },
      NumberInput: { name: 'Number', defaultLabel: 'Number', hint: 'A number, with optional bounds' },
      CurrencyInput: { name: 'Currency', defaultLabel: 'Amount', hint: 'An amount of money' },
      PhoneNumber: { name: 'Phone number', defaultLabel: 'Phone number', hint: 'A phone number' },
      URLInput: { name: 'URL', defaultLabel: 'Website', hint: 'A web address' },
      MultipleChoice: { name: 'Multiple choice', defaultLabel: 'Choose one', hint: 'Pick one option' },
      Dropdown: { name: 'Dropdown', defaultLabel: 'Select an option', hint: 'Pick one option from a list' },
      Checkboxes: { name: 'Checkboxes', defaultLabel: 'Select all that apply', hint: 'Pick several options' },
      Checkbox: { name: 'Checkbox', defaultLabel: 'I agree', hint: 'A single yes/no box' },
      Ranking: { name: 'Ranking', defaultLabel: 'Rank these in order of importance', hint: 'Put options in order' },
      Matrix: { name: 'Matrix', defaultLabel: 'Rate each of the following', hint: 'One choice in each row of a grid' },
      DatePicker: { name: 'Date picker', defaultLabel: 'Date', hint: 'A calendar date' },
      TimePicker: { name: 'Time picker', defaultLabel: 'Time', hint: 'A time of day' },
      DateTimePicker: { name: 'Date and time', defaultLabel: 'Date and time', hint: 'A date with a time of day' },
      StarRating: { name: 'Star rating', defaultLabel: 'How would you rate us?', hint: 'Rate with stars (5 by default)' },
      OpinionScale: { name: 'Opinion scale', defaultLabel: 'How likely are you to recommend us to a friend?', hint: 'A number on a scale, such as 0 to 10' },
      Slider: { name: 'Slider', defaultLabel: 'Pick a value', hint: 'A number picked on a slider' },
      FileUpload: { name: 'File upload', defaultLabel: 'Upload a file', hint: 'Files of the types and size you choose' },
      Signature: { name: 'Signature', defaultLabel: 'Sign here', hint: 'A signature drawn or typed by the respondent' },
      MultiSelect: { name: 'Multi-select', defaultLabel: 'Choose one or more', hint: 'Pick several options from a dropdown list' },
      ImageChoice: { name: 'Image choice', defaultLabel: 'Choose a picture', hint: 'Pick from options shown as images' },
      Address: { name: 'Address', defaultLabel: 'Address', hint: 'A postal address: street, city, postal code, country' },
      Statement: { name: 'Statement', defaultLabel: 'Before you continue', hint: 'Text to read, no answer' },
    });
  });
});

describe('newWidget', () => {
  it.each(WIDGET_TYPES)('makes a valid, optional %s question with the type’s default label', (type) => {
    let n = 0;
    const widget = newWidget(type, 'w1', (prefix) => `${prefix}${++n}`);
    expect(Widget.parse(widget)).toEqual(widget);
    expect(widget).toMatchObject({ id: 'w1', type, name: widgetEditorCopy(type).defaultLabel });
    expect(widget.template).toMatchObject({ label: widgetEditorCopy(type).defaultLabel, required: false });
  });

  it.each(['MultipleChoice', 'Dropdown', 'Checkboxes', 'Ranking', 'MultiSelect', 'ImageChoice'] as const)('gives a new %s three choices with fresh ids', (type) => {
    const ids = ['oA', 'oB', 'oC'];
    const widget = newWidget(type, 'w1', (prefix) => `${prefix}${ids.shift()?.slice(1)}`);
    expect(widget.template).toMatchObject({
      options: [
        { id: 'oA', label: 'Option 1' },
        { id: 'oB', label: 'Option 2' },
        { id: 'oC', label: 'Option 3' },
      ],
    });
  });

  it('gives a new Matrix three rows and three columns, every id fresh', () => {
    let n = 0;
    const widget = newWidget('Matrix', 'w1', (prefix) => `${prefix}${++n}`);
    expect(widget.template).toMatchObject({
      rows: [{ id: 'r1', label: 'Row 1' }, { id: 'r2', label: 'Row 2' }, { id: 'r3', label: 'Row 3' }],
      columns: [{ id: 'c4', label: 'Column 1' }, { id: 'c5', label: 'Column 2' }, { id: 'c6', label: 'Column 3' }],
    });
  });

  it('makes a new OpinionScale the Net Promoter Score question: 0 Not likely to 10 Extremely likely', () => {
    expect(newWidget('OpinionScale', 'w1', (prefix) => prefix).template).toEqual({
      label: 'How likely are you to recommend us to a friend?',
      required: false,
      start: 0,
      end: 10,
      leftLabel: 'Not likely',
      rightLabel: 'Extremely likely',
    });
  });

  it('makes a new Statement an empty text that is not required, and a new Address ask for no more than street, city and country', () => {
    expect(newWidget('Statement', 'w1', (prefix) => prefix).template).toEqual({ label: 'Before you continue', required: false, body: '' });
    expect(newWidget('Address', 'w1', (prefix) => prefix).template).toEqual({ label: 'Address', required: false });
  });

  it('makes a new Slider go from 0 to 100 in steps of 1, and a new CurrencyInput ask for US dollars', () => {
    expect(newWidget('Slider', 'w1', (prefix) => prefix).template).toMatchObject({ min: 0, max: 100, step: 1 });
    expect(newWidget('CurrencyInput', 'w1', (prefix) => prefix).template).toMatchObject({ currency: 'USD' });
  });
});

describe('displayAnswer: the text a person reads', () => {
  it.each(WIDGET_TYPES.filter((type) => takesAnswer({ type })))('%s: the sample answer reads as the sample text', (type) => {
    const widget = widgetOf(type);
    expect(shown(type, everyWidgetAnswers()[widget.id])).toBe(everyWidgetDisplay()[widget.id]);
  });

  it('a Statement takes no answer: it has no sample answer or text, a value sent for it is dropped and reads as nothing', () => {
    const widget = widgetOf('Statement');
    expect(takesAnswer(widget)).toBe(false);
    expect(WIDGET_TYPES.filter((type) => !takesAnswer({ type }))).toEqual(['Statement']);
    expect(everyWidgetAnswers()).not.toHaveProperty(widget.id);
    expect(everyWidgetDisplay()).not.toHaveProperty(widget.id);
    expect(validateAnswers(everyWidgetTemplate(), { [widget.id]: 'I read it' })).toEqual({ ok: true, answers: {} });
    expect(displayAnswer('I read it', widget)).toBe('');
  });

  it.each<[WidgetType, unknown, string]>([
    ['ShortAnswer', '  spaced  ', '  spaced  '],
    ['LongAnswer', 'line 1\nline 2', 'line 1\nline 2'],
    ['EmailInput', ' Ada@Example.com ', 'Ada@Example.com'],
    ['URLInput', 'https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['PhoneNumber', '(555) 123-4567', '(555) 123-4567'],
    ['NumberInput', 42, '42'],
    ['NumberInput', '0', '0'],
    ['NumberInput', '1e3', '1000'],
    ['NumberInput', 9999.25, '9999.25'],
    ['MultipleChoice', 'free', 'Free'],
    ['Dropdown', 'us', 'United States'],
    ['Checkboxes', ['green'], 'Green'],
    ['Checkboxes', ['red', 'green', 'blue'], 'Red, Green, Blue'],
    ['Checkbox', true, 'Yes'],
    ['Checkbox', false, 'No'],
    ['DatePicker', '2024-02-29', 'February 29, 2024'],
    ['DatePicker', '2026-12-01', 'December 1, 2026'],
    ['DatePicker', '1999-01-31', 'January 31, 1999'],
    ['StarRating', '5', '5'],
    ['StarRating', 1, '1'],
    ['StarRating', 10, '10'],
    ['OpinionScale', 0, '0'],
    ['OpinionScale', '10', '10'],
    ['Slider', 0, '0 km'],
    ['Slider', '45', '45 km'],
    ['TimePicker', '00:05', '12:05 AM'],
    ['TimePicker', '09:00', '9:00 AM'],
    ['TimePicker', '12:00', '12:00 PM'],
    ['TimePicker', '23:59', '11:59 PM'],
    ['DateTimePicker', '2026-12-31T00:00', 'December 31, 2026 at 12:00 AM'],
    ['DateTimePicker', '2027-01-09T12:30', 'January 9, 2027 at 12:30 PM'],
    ['CurrencyInput', 0, 'EUR 0.00'],
    ['CurrencyInput', '1234567.8', 'EUR 1,234,567.80'],
    ['CurrencyInput', 999.99, 'EUR 999.99'],
    ['Matrix', { speed: 'poor' }, 'Speed: Poor'],
    ['Matrix', { speed: 'good', quality: 'good' }, 'Speed: Good; Quality: Good'],
    ['Ranking', ['support', 'price', 'docs'], '1. Support, 2. Price, 3. Documentation'],
    ['MultiSelect', ['go'], 'Go'],
    ['MultiSelect', ['ts', 'rust'], 'TypeScript, Rust'],
    ['ImageChoice', ['city'], 'City'],
    ['ImageChoice', ['beach', 'city', 'hills'], 'Beach, City, Hills'],
    ['Address', { street: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA', country: 'gb' }, '10 Downing St, London, SW1A 2AA, United Kingdom'],
    ['Address', { street: 'Rue de Rivoli 1', city: 'Paris', postalCode: '75001', country: 'FR' }, 'Rue de Rivoli 1, Paris, 75001, France'],
    ['Address', { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62704' }, '1 Main St, Springfield, IL 62704, United States'],
  ])('%s %j reads as %j', (type, answer, text) => {
    expect(shown(type, answer)).toBe(text);
  });

  it.each(WIDGET_TYPES)('%s: no answer reads as an empty text', (type) => {
    for (const empty of [undefined, null, '', '  ', []]) expect(displayAnswer(empty, widgetOf(type))).toBe('');
  });

  it('choice answers show option labels, never ids; an id no option has reads as itself', () => {
    expect(displayAnswer('pro', widgetOf('MultipleChoice'))).toBe('Pro');
    expect(displayAnswer(['blue', 'gone'], widgetOf('Checkboxes'))).toBe('Blue, gone');
  });

  it.each(WIDGET_TYPES)('%s: a malformed stored value gives a text, never an exception', (type) => {
    for (const odd of [{ a: 1 }, [1, { b: 2 }], 7, 'text', true]) expect(typeof displayAnswer(odd, widgetOf(type))).toBe('string');
  });

  it('a Matrix names rows and columns by their labels, in row order; ids the question no longer has show as themselves', () => {
    expect(displayAnswer({ quality: 'great', speed: 'poor' }, widgetOf('Matrix'))).toBe('Speed: Poor; Quality: Great');
    expect(displayAnswer({ speed: 'gone', extra: 'good' }, widgetOf('Matrix'))).toBe('Speed: gone; extra: Good');
    expect(displayAnswer({}, widgetOf('Matrix'))).toBe('');
  });

  it('a single-choice ImageChoice answers with one id; an address without state or postal code leaves them out', () => {
    const single = { ...widgetOf('ImageChoice'), template: { ...widgetOf('ImageChoice').template, multiple: false } } as Widget;
    expect(displayAnswer('beach', single)).toBe('Beach');
    expect(displayAnswer({ street: 'Hauptstr. 5', city: 'Berlin', postalCode: '', country: 'DE' }, widgetOf('Address'))).toBe('Hauptstr. 5, Berlin, Germany');
    expect(displayAnswer({ street: 'Somewhere 1', city: 'Nowhere', country: 'ZZ' }, widgetOf('Address'))).toBe('Somewhere 1, Nowhere, ZZ');
  });

  it('amounts read with the currency code and all its minor digits: cents for most, none for yen', () => {
    const amount = (value: number, currency: string) =>
      displayAnswer(value, { ...widgetOf('CurrencyInput'), template: { label: 'A', required: false, currency } } as Widget);
    expect(amount(1234.5, 'USD')).toBe('USD 1,234.50');
    expect(amount(1234, 'JPY')).toBe('JPY 1,234');
    expect(amount(-5, 'GBP')).toBe('GBP -5.00');
    expect(amount(1000000, 'INR')).toBe('INR 1,000,000.00');
  });

  it('a Slider writes its unit after the number: a space before a word, none before a sign', () => {
    const withUnit = (unit: string | undefined) =>
      displayAnswer(75, { ...widgetOf('Slider'), template: { label: 'S', required: false, min: 0, max: 100, step: 5, unit } } as Widget);
    expect([withUnit('km'), withUnit('%'), withUnit('°C'), withUnit(undefined), withUnit('  ')]).toEqual(['75 km', '75%', '75°C', '75', '75']);
  });

  it('dates are one fixed format whatever the time zone or locale: no Date, no Intl', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('submission questions carry displayValue', () => {
  it('every question of a submission has the text of its answer, and parses as SubmissionQuestion', () => {
    const template = everyWidgetTemplate();
    const result = validateAnswers(template, everyWidgetAnswers());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const questions = toSubmissionQuestions(template, result.answers);
    expect(Object.fromEntries(questions.map((question) => [question.id, question.displayValue]))).toEqual(everyWidgetDisplay());
    for (const question of questions) expect(SubmissionQuestion.parse(question)).toEqual(question);
  });

  it('form.submitted events written before displayValue existed still parse', () => {
    const old = {
      flowId: 1,
      flowPublicIdentifier: 'abc',
      flowName: 'Form',
      submissionId: 's',
      submissionTime: '2026-03-05T10:00:00.000Z',
      answers: { w1: 'o2' },
      questions: [{ id: 'w1', name: 'Plan', type: 'MultipleChoice', value: 'o2' }],
    };
    expect(FormSubmittedData.parse(old).questions[0]?.displayValue).toBeUndefined();
  });
});
