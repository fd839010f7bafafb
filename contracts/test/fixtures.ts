/** Shared test data: the example template and a template with one widget of every type. */
import type { FlowTemplate, Widget } from '../src/entities/flow-template';

/** The example template of the issue, verbatim (JSON as the editor sends it). */
export function exampleTemplateJson(): unknown {
  return JSON.parse(`{ "firstStep": "s1", "steps": { "s1": { "id": "s1", "name": "Page 1", "type": "form", "template": { "widgets": [ { "id": "w1", "name": "Name", "type": "ShortAnswer", "template": { "label": "Your name", "required": true } }, { "id": "w2", "name": "Email", "type": "EmailInput", "template": { "label": "Email", "required": true } }, { "id": "w3", "name": "Plan", "type": "MultipleChoice", "template": { "label": "Plan", "required": false, "options": [ { "id": "o1", "label": "Free" }, { "id": "o2", "label": "Pro" } ] } } ] }, "nextStep": { "defaultNextStep": "end" } }, "end": { "id": "end", "name": "Thank you", "type": "ending", "template": { "title": "Thanks!", "body": "We've received your submission." }, "nextStep": null } } }`);
}

const options = [
  { id: 'a', label: 'A' },
  { id: 'b', label: 'B' },
  { id: 'c', label: 'C' },
];

/** The ImageChoice cards: the same ids, with https images (one without alt text). */
const imageOptions = options.map((option) => ({ ...option, imageUrl: `https://images.example.com/${option.id}.png`, ...(option.id === 'a' ? { alt: 'The letter A' } : {}) }));

/**
 * One optional widget of every type, ids `<type>` in lower case (plus a few second questions of a type with other
 * settings: `yencurrency`, `defaultslider`, `tenstars`, `onetofive`, `worldaddress`, `boundedselect`,
 * `imagechoices`). Page `p1` holds the typed ones and the Statement.
 */
export const pageOneWidgets: Widget[] = [
  { id: 'shortanswer', name: 'Short', type: 'ShortAnswer', template: { label: 'Short', required: false } },
  { id: 'longanswer', name: 'Long', type: 'LongAnswer', template: { label: 'Long', required: false } },
  { id: 'emailinput', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: false } },
  { id: 'urlinput', name: 'Site', type: 'URLInput', template: { label: 'Site', required: false } },
  { id: 'phonenumber', name: 'Phone', type: 'PhoneNumber', template: { label: 'Phone', required: false } },
  { id: 'numberinput', name: 'Age', type: 'NumberInput', template: { label: 'Age', required: false, min: 0, max: 120 } },
  { id: 'currencyinput', name: 'Budget', type: 'CurrencyInput', template: { label: 'Budget', required: false, currency: 'USD', min: 10, max: 5000 } },
  { id: 'yencurrency', name: 'Yen', type: 'CurrencyInput', template: { label: 'Yen', required: false, currency: 'JPY' } },
  { id: 'timepicker', name: 'Time', type: 'TimePicker', template: { label: 'Time', required: false } },
  { id: 'datetimepicker', name: 'When', type: 'DateTimePicker', template: { label: 'When', required: false, min: '2026-01-01T09:00', max: '2026-12-31T17:30' } },
  { id: 'slider', name: 'Distance', type: 'Slider', template: { label: 'Distance', required: false, min: 0, max: 10, step: 0.5, unit: 'km' } },
  { id: 'defaultslider', name: 'Percent', type: 'Slider', template: { label: 'Percent', required: false } },
  { id: 'address', name: 'Home', type: 'Address', template: { label: 'Home', required: false, requirePostalCode: true, requireState: true } },
  { id: 'worldaddress', name: 'Office', type: 'Address', template: { label: 'Office', required: false, defaultCountry: 'DE' } },
  { id: 'fileupload', name: 'CV', type: 'FileUpload', template: { label: 'CV', required: false, allowedTypes: 'documents', maxSizeMb: 1, maxFiles: 2 } },
  { id: 'anyfile', name: 'Attachment', type: 'FileUpload', template: { label: 'Attachment', required: false } },
  { id: 'signature', name: 'Signature', type: 'Signature', template: { label: 'Sign', required: false } },
  { id: 'statement', name: 'Note', type: 'Statement', template: { label: 'Please read', required: false, body: 'Take your time.\n\nThanks!' } },
];

/** Page `p2`: the choice-like widgets (a pick of options, stars, a scale, a grid, an order). */
export const pageTwoWidgets: Widget[] = [
  { id: 'multiplechoice', name: 'Pick', type: 'MultipleChoice', template: { label: 'Pick', required: false, options } },
  { id: 'dropdown', name: 'Drop', type: 'Dropdown', template: { label: 'Drop', required: false, options } },
  { id: 'checkboxes', name: 'Many', type: 'Checkboxes', template: { label: 'Many', required: false, options } },
  { id: 'checkbox', name: 'Agree', type: 'Checkbox', template: { label: 'Agree', required: false } },
  { id: 'datepicker', name: 'Day', type: 'DatePicker', template: { label: 'Day', required: false } },
  { id: 'starrating', name: 'Stars', type: 'StarRating', template: { label: 'Stars', required: false } },
  { id: 'tenstars', name: 'Ten stars', type: 'StarRating', template: { label: 'Ten stars', required: false, max: 10 } },
  { id: 'opinionscale', name: 'Recommend', type: 'OpinionScale', template: { label: 'Recommend', required: false } },
  { id: 'onetofive', name: 'Ease', type: 'OpinionScale', template: { label: 'Ease', required: false, start: 1, end: 5 } },
  {
    id: 'matrix',
    name: 'Grid',
    type: 'Matrix',
    template: {
      label: 'Grid',
      required: false,
      rows: [{ id: 'r1', label: 'Speed' }, { id: 'r2', label: 'Price' }],
      columns: [{ id: 'c1', label: 'Poor' }, { id: 'c2', label: 'Good' }],
    },
  },
  { id: 'ranking', name: 'Order', type: 'Ranking', template: { label: 'Order', required: false, options } },
  { id: 'multiselect', name: 'Tags', type: 'MultiSelect', template: { label: 'Tags', required: false, options, maxSelections: 2 } },
  { id: 'boundedselect', name: 'Two tags', type: 'MultiSelect', template: { label: 'Two tags', required: false, options, minSelections: 2 } },
  { id: 'imagechoice', name: 'Picture', type: 'ImageChoice', template: { label: 'Picture', required: false, options: imageOptions } },
  { id: 'imagechoices', name: 'Pictures', type: 'ImageChoice', template: { label: 'Pictures', required: false, options: imageOptions, multiple: true } },
];

/** A two-page template holding {@link pageOneWidgets} and {@link pageTwoWidgets}, then an ending. */
export function allWidgetsTemplate(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      end: { id: 'end', name: 'End', type: 'ending', template: { title: 'Thanks', body: 'Bye' }, nextStep: null },
      p2: { id: 'p2', name: 'Two', type: 'form', template: { widgets: structuredClone(pageTwoWidgets) }, nextStep: { defaultNextStep: 'end' } },
      p1: { id: 'p1', name: 'One', type: 'form', template: { widgets: structuredClone(pageOneWidgets) }, nextStep: { defaultNextStep: 'p2' } },
    },
  };
}

/** `allWidgetsTemplate()` with the widget `widgetId` marked required. */
export function withRequired(widgetId: string): FlowTemplate {
  const template = allWidgetsTemplate();
  for (const step of Object.values(template.steps)) {
    if (step.type !== 'form') continue;
    for (const widget of step.template.widgets) if (widget.id === widgetId) widget.template.required = true;
  }
  return template;
}

/** Sets `value` at a dotted path inside plain JSON (`'steps.s1.template.widgets.2.type'`); creates no parents. */
export function setAt(root: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
  if (typeof parent !== 'object' || parent === null) throw new Error(`no parent at ${path}`);
  (parent as Record<string, unknown>)[last] = value;
}

/** Deletes the property at a dotted path inside plain JSON. */
export function deleteAt(root: unknown, path: string): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
  delete (parent as Record<string, unknown>)[last];
}
