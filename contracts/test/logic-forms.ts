/** Test data for conditional logic: small builders of pages and questions, and a branching form. */
import type { EndingStep, FlowTemplate, FormStep, PageRule, Widget } from '../src/entities/flow-template';
import type { LogicRef } from '../src/logic';
import type { Condition } from '../src/rules/conditions';

/** `{var: 'answers.<id>'}`. */
export const q = (id: string): LogicRef => ({ var: `answers.${id}` });

/** A form page `id` holding `widgets`, going to `next` unless one of `rules` holds. */
export function page(id: string, widgets: Widget[], next: string, rules?: PageRule[]): FormStep {
  return { id, name: id, type: 'form', template: { widgets }, nextStep: rules ? { defaultNextStep: next, rules } : { defaultNextStep: next } };
}

/** An ending `id`. */
export function ending(id: string): EndingStep {
  return { id, name: id, type: 'ending', template: { title: `Ending ${id}`, body: '' }, nextStep: null };
}

/** A template starting at `first` with `steps`. */
export function form(first: string, ...steps: Array<FormStep | EndingStep>): FlowTemplate {
  return { firstStep: first, steps: Object.fromEntries(steps.map((step) => [step.id, step])) };
}

/** Options of every choice question built here. */
export const choiceOptions = (...ids: string[]) => ids.map((id) => ({ id, label: id.toUpperCase() }));

/** The template settings every question built here has. */
function base(label: string, required: boolean, visibleIf?: Condition) {
  return visibleIf ? { label, required, visibleIf } : { label, required };
}

/** Question builders: `text('name', {required: true, visibleIf})`. */
export const ask = {
  text: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'ShortAnswer', template: base(id, o.required ?? false, o.visibleIf),
  }),
  email: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'EmailInput', template: base(id, o.required ?? false, o.visibleIf),
  }),
  phone: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'PhoneNumber', template: base(id, o.required ?? false, o.visibleIf),
  }),
  number: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'NumberInput', template: base(id, o.required ?? false, o.visibleIf),
  }),
  stars: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'StarRating', template: base(id, o.required ?? false, o.visibleIf),
  }),
  date: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'DatePicker', template: base(id, o.required ?? false, o.visibleIf),
  }),
  yesNo: (id: string, o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'Checkbox', template: base(id, o.required ?? false, o.visibleIf),
  }),
  choice: (id: string, options: string[], o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'MultipleChoice', template: { ...base(id, o.required ?? false, o.visibleIf), options: choiceOptions(...options) },
  }),
  choices: (id: string, options: string[], o: { required?: boolean; visibleIf?: Condition } = {}): Widget => ({
    id, name: id, type: 'Checkboxes', template: { ...base(id, o.required ?? false, o.visibleIf), options: choiceOptions(...options) },
  }),
};

/**
 * A sign-up form that branches on the plan:
 * - `start`: plan (free / pro / team, required), seats (a number, shown for pro and team, required);
 *   pro or team → `business`, else → `feedback`;
 * - `feedback`: why (text, required) → ending `bye`;
 * - `business`: company (required) → ending `welcome`, or → `sales` when seats > 100;
 * - `sales`: phone (required) → ending `welcome`.
 */
export function planForm(): FlowTemplate {
  const paid: Condition = { in: [q('plan'), ['pro', 'team']] };
  return form(
    'start',
    page(
      'start',
      [ask.choice('plan', ['free', 'pro', 'team'], { required: true }), ask.number('seats', { required: true, visibleIf: paid })],
      'feedback',
      [{ condition: paid, nextStep: 'business' }],
    ),
    page('feedback', [ask.text('why', { required: true })], 'bye'),
    page('business', [ask.text('company', { required: true })], 'welcome', [{ condition: { gt: [q('seats'), 100] }, nextStep: 'sales' }]),
    page('sales', [ask.phone('phone', { required: true })], 'welcome'),
    ending('bye'),
    ending('welcome'),
  );
}
