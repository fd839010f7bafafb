/**
 * The small builders the built-in template catalogue (spec 000 §2 "template", §3 "Cloneable template") is written
 * with: one function a question type (`q.email('email', 'Work email', { required: true })`), a page, an ending,
 * and {@link flow}, which chains the pages into a {@link FlowTemplate} (ids `page1`, `page2`, … and `ending`).
 * They only fill in what every template would repeat (the `name` from the label, `required: false`, choice ids
 * from their labels, the page links); every label, choice and setting stays written out in the template files.
 *
 * ZOD-FREE AT RUNTIME: types are imported as types only, so the catalogue can be bundled by the web app's
 * new-form dialog without zod (`contracts/test/zod-free.test.ts`).
 */
import type { Condition } from '../rules/conditions';
import type { EndingStep, FlowTemplate, FormStep, PageRule, Widget, WidgetType } from '../entities/flow-template';
import { NPS_LABELS, OPINION_SCALE_DEFAULTS } from '../answers/opinion-scale';
import { answerRef } from '../logic';
import { kebabCase } from '../rules/slug';

/** The step id of every catalogue template's ending. */
export const ENDING_STEP_ID = 'ending';

/** The template (settings) of a widget of type `T`. */
type SettingsOf<T extends WidgetType> = Extract<Widget, { type: T }>['template'];

/**
 * What a question builder takes besides its id and label: any of the type's own settings (`required`,
 * `placeholder`, `min`, …; the choice lists come from the builder's own argument) and an optional short `name`
 * (the Results' column; the label when omitted).
 */
export type QuestionExtra<T extends WidgetType> = Partial<Omit<SettingsOf<T>, 'label' | 'options' | 'rows' | 'columns'>> & { name?: string };

/**
 * A question of type `type`: `required` false unless `settings` says otherwise, `name` the label unless given.
 * The typed builders of {@link q} check `settings` against the type.
 */
function question(type: WidgetType, id: string, label: string, settings: { name?: string; [setting: string]: unknown } = {}): Widget {
  const { name, ...rest } = settings;
  // Each builder pairs `type` with that type's own settings; the union member cannot be narrowed from `type` here.
  return { id, name: name ?? label, type, template: { label, required: false, ...rest } } as Widget;
}

/**
 * The items of a choice list: `{id: '<questionId>-<label in kebab case>', label}` (`['Yes, I'll be there']` of
 * question `attending` → `attending-yes-i-ll-be-there`), so item ids are unique across a template as the editor
 * keeps them (`widgets/shared/options.ts`) and readable in conditions. Cut to the 64 characters an id may have.
 */
export function choiceItems(questionId: string, labels: readonly string[]): Array<{ id: string; label: string }> {
  return labels.map((label) => ({ id: `${questionId}-${kebabCase(label)}`.slice(0, 64), label }));
}

/** A question type whose only special setting is a list of choices. */
type ChoiceType = 'MultipleChoice' | 'Dropdown' | 'Checkboxes' | 'MultiSelect' | 'Ranking';

/** The builder of a choice type: `(id, label, choice labels, extra?)`. */
function choiceQuestion<T extends ChoiceType>(type: T) {
  return (id: string, label: string, options: readonly string[], extra?: QuestionExtra<T>): Widget =>
    question(type, id, label, { ...extra, options: choiceItems(id, options) });
}

/**
 * A scored quiz question (`rules/quiz.ts`): with one right answer a MultipleChoice whose right option is worth 1
 * point; with several a Checkboxes whose right options are worth 1 and wrong ones -1 (ticking every box never
 * earns full marks). Required. `correct` names the right option(s) by label.
 * @throws Error when a label of `correct` is not among `options` (a mistake in the catalogue; its tests run this).
 */
function quizQuestion(id: string, label: string, options: readonly string[], correct: string | readonly string[]): Widget {
  const right = typeof correct === 'string' ? [correct] : correct;
  for (const answer of right) if (!options.includes(answer)) throw new Error(`Quiz question ${id}: "${answer}" is not an option`);
  const several = typeof correct !== 'string';
  const items = choiceItems(id, options).map((item) => ({ ...item, points: right.includes(item.label) ? 1 : several ? -1 : 0 }));
  return question(several ? 'Checkboxes' : 'MultipleChoice', id, label, { required: true, options: items });
}

/**
 * One builder a question type, each `(id, label, extra?)`; the choice types take their choices' labels before
 * `extra`, a Matrix its rows and columns, a Statement its text. `nps` is the Net Promoter Score scale (0–10,
 * 'Not likely' … 'Extremely likely'); `quiz` a scored question (see {@link quizQuestion}).
 */
export const q = {
  short: (id: string, label: string, extra?: QuestionExtra<'ShortAnswer'>) => question('ShortAnswer', id, label, extra),
  long: (id: string, label: string, extra?: QuestionExtra<'LongAnswer'>) => question('LongAnswer', id, label, extra),
  email: (id: string, label: string, extra?: QuestionExtra<'EmailInput'>) => question('EmailInput', id, label, extra),
  number: (id: string, label: string, extra?: QuestionExtra<'NumberInput'>) => question('NumberInput', id, label, extra),
  currency: (id: string, label: string, extra?: QuestionExtra<'CurrencyInput'>) => question('CurrencyInput', id, label, extra),
  phone: (id: string, label: string, extra?: QuestionExtra<'PhoneNumber'>) => question('PhoneNumber', id, label, extra),
  url: (id: string, label: string, extra?: QuestionExtra<'URLInput'>) => question('URLInput', id, label, extra),
  address: (id: string, label: string, extra?: QuestionExtra<'Address'>) => question('Address', id, label, extra),
  checkbox: (id: string, label: string, extra?: QuestionExtra<'Checkbox'>) => question('Checkbox', id, label, extra),
  date: (id: string, label: string, extra?: QuestionExtra<'DatePicker'>) => question('DatePicker', id, label, extra),
  time: (id: string, label: string, extra?: QuestionExtra<'TimePicker'>) => question('TimePicker', id, label, extra),
  dateTime: (id: string, label: string, extra?: QuestionExtra<'DateTimePicker'>) => question('DateTimePicker', id, label, extra),
  stars: (id: string, label: string, extra?: QuestionExtra<'StarRating'>) => question('StarRating', id, label, extra),
  scale: (id: string, label: string, extra?: QuestionExtra<'OpinionScale'>) => question('OpinionScale', id, label, extra),
  nps: (id: string, label: string, extra?: QuestionExtra<'OpinionScale'>) =>
    question('OpinionScale', id, label, { ...OPINION_SCALE_DEFAULTS, ...NPS_LABELS, ...extra }),
  slider: (id: string, label: string, extra?: QuestionExtra<'Slider'>) => question('Slider', id, label, extra),
  file: (id: string, label: string, extra?: QuestionExtra<'FileUpload'>) => question('FileUpload', id, label, extra),
  signature: (id: string, label: string, extra?: QuestionExtra<'Signature'>) => question('Signature', id, label, extra),
  statement: (id: string, label: string, body: string) => question('Statement', id, label, { body }),
  choice: choiceQuestion('MultipleChoice'),
  dropdown: choiceQuestion('Dropdown'),
  checkboxes: choiceQuestion('Checkboxes'),
  multiSelect: choiceQuestion('MultiSelect'),
  ranking: choiceQuestion('Ranking'),
  matrix: (id: string, label: string, rows: readonly string[], columns: readonly string[], extra?: QuestionExtra<'Matrix'>) =>
    question('Matrix', id, label, { ...extra, rows: choiceItems(`${id}-row`, rows), columns: choiceItems(`${id}-col`, columns) }),
  quiz: quizQuestion,
} as const;

/** The condition "question `questionId`'s answer is `value`" (a choice id of {@link choiceItems}, a number…). */
export function answerIs(questionId: string, value: string | number | boolean): Condition {
  return { equals: [answerRef(questionId), value] };
}

/** A page of questions as the templates write it: its name, its questions and, optionally, navigation rules. */
export interface PageSpec {
  name: string;
  widgets: Widget[];
  rules?: PageRule[];
}

/** A page named `name` holding `widgets`, in order. */
export function page(name: string, widgets: Widget[], rules?: PageRule[]): PageSpec {
  return rules ? { name, widgets, rules } : { name, widgets };
}

/** The thank-you page: its title and message (`{{answers.<id>}}` may pipe an answer, `rules/piping.ts`). */
export interface EndingSpec {
  title: string;
  body: string;
}

/**
 * The flow template of `pages` in order (ids `page1`, `page2`, …, each leading to the next, the last to the
 * ending `ending`, named 'Thank you'), with `extras`' quiz settings and calculations when given. A new object on every
 * call.
 */
export function flow(pages: readonly PageSpec[], ending: EndingSpec, extras: Pick<FlowTemplate, 'quizzes' | 'calculations'> = {}): FlowTemplate {
  const steps: Record<string, FormStep | EndingStep> = {};
  pages.forEach((spec, index) => {
    const id = `page${index + 1}`;
    const defaultNextStep = index + 1 < pages.length ? `page${index + 2}` : ENDING_STEP_ID;
    steps[id] = { id, name: spec.name, type: 'form', template: { widgets: spec.widgets }, nextStep: spec.rules ? { defaultNextStep, rules: spec.rules } : { defaultNextStep } };
  });
  steps[ENDING_STEP_ID] = { id: ENDING_STEP_ID, name: 'Thank you', type: 'ending', template: { ...ending }, nextStep: null };
  return { firstStep: 'page1', steps, ...extras };
}
