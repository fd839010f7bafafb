/**
 * Hidden fields (spec 000 §3 "Flow template": `urlParams`): values a form takes from its link — `?utm_source=ads&ref=42`
 * — stored with the submission but never shown to the respondent, the way Typeform's hidden fields and Fillout's
 * URL parameters work. The template declares them (`urlParams: [{id, name}]`, `name` = the query parameter); the
 * public form reads the declared ones from its URL and sends them (`SubmitBody.urlParameters`); the flows service
 * keeps them in the submission's answers under their ids and gives them back in Fillout's response shape
 * (`urlParameters: [{id, name, value}]`). Labels and endings may show one: `{{urlParams.<name>}}`
 * (`rules/piping.ts`).
 *
 * ZOD-FREE AT RUNTIME (the public form runs it). Pure.
 */
import type { FlowTemplate } from '../entities/flow-template';
import { URL_PARAM_NAME_MAX_LENGTH, URL_PARAM_VALUE_MAX_LENGTH } from '../limits';

/** A hidden field's query parameter name: letters, digits, `_`, `-` and `.`, at most `URL_PARAM_NAME_MAX_LENGTH`. */
export const URL_PARAM_NAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${URL_PARAM_NAME_MAX_LENGTH}}$`);

/** A declared hidden field: its id (unique across the template) and its query parameter name. */
export interface UrlParamDefinition {
  id: string;
  name: string;
}

/** A hidden field's value in a submission (Fillout's `urlParameters` item). */
export interface UrlParameter {
  id: string;
  name: string;
  value: string;
}

/** The template's hidden fields (`[]` when it declares none). */
export function urlParamsOf(template: FlowTemplate): readonly UrlParamDefinition[] {
  return template.urlParams ?? [];
}

/**
 * The values of the template's hidden fields in a query string (`location.search`, with or without `?`): name →
 * value for each declared name present, the first occurrence when repeated. Values longer than
 * `URL_PARAM_VALUE_MAX_LENGTH` are cut to it; undeclared parameters are ignored.
 */
export function readUrlParams(template: FlowTemplate, search: string): Record<string, string> {
  const declared = urlParamsOf(template);
  if (declared.length === 0) return {};
  const query = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const { name } of declared) {
    const value = query.get(name);
    if (value !== null) values[name] = value.slice(0, URL_PARAM_VALUE_MAX_LENGTH);
  }
  return values;
}

/**
 * The answers to store for the hidden fields of `template` given `values` (name → value, as sent): id → value for
 * each declared name with a string value; anything undeclared is dropped.
 */
export function urlParamAnswers(template: FlowTemplate, values: Record<string, unknown> | undefined): Record<string, string> {
  const answers: Record<string, string> = {};
  if (!values) return answers;
  for (const { id, name } of urlParamsOf(template)) {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    if (typeof value === 'string') answers[id] = value;
  }
  return answers;
}

/**
 * The hidden fields of a stored submission in Fillout's shape, in the template's order: `{id, name, value}` for
 * each declared field, `value` '' when the link did not carry it.
 */
export function toUrlParameters(template: FlowTemplate, answers: Record<string, unknown>): UrlParameter[] {
  return urlParamsOf(template).map(({ id, name }) => {
    const value = Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
    return { id, name, value: typeof value === 'string' ? value : '' };
  });
}
