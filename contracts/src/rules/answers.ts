/**
 * Answer validation: a respondent's answers checked against the questions (widgets) of a flow template.
 * The public form validates one page at a time (`stepIds`); the flows service validates every page on
 * submit. Widget types follow issue 2 (`entities/flow-template.ts`); messages are `copy.answers`; bounds are
 * in `limits.ts`. Pure; runs in the browser and the services.
 */
import type { FieldError } from '../errors';
import type { FlowTemplate, Widget, WidgetOption } from '../entities/flow-template';
import { copy } from '../copy';
import {
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LONG_ANSWER_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  SHORT_ANSWER_MAX_LENGTH,
  STAR_RATING_MAX,
  URL_MAX_LENGTH,
} from '../limits';
import { formWidgets } from './flow-template';

/** The outcome of {@link validateAnswers}: the normalized answers by widget id, or every error found. */
export type AnswersResult = { ok: true; answers: Record<string, unknown> } | { ok: false; errors: FieldError[] };

/** Options of {@link validateAnswers}. */
export interface ValidateAnswersOptions {
  /** Validate only the questions of these steps (one page of the public form). Unknown ids match nothing. */
  stepIds?: readonly string[];
}

/**
 * One answer's outcome: `{ok: true, value}` with the normalized value (`undefined`: no answer, leave it out)
 * or `{ok: false, message}` with a `copy.answers` text.
 */
export type AnswerCheck = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * True for a value that counts as "not answered": `undefined`, `null`, a string that is empty or only
 * whitespace, or an empty array. `false` and `0` are answers.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * Validates `answers` (an object keyed by widget id) against the template's questions.
 *
 * - Scope: every form widget, or only those of `options.stepIds`. Answers to questions of other steps are
 *   neither checked nor returned; answers whose key is no widget of the template at all always fail with
 *   `copy.answers.unknownQuestion`.
 * - Each question in scope is checked with {@link checkAnswer}.
 * - Errors have `path` `answers.<widgetId>` (or `answers` when `answers` is not an object); questions in page
 *   order first, then unknown keys in input order.
 *
 * Returns `{ok: true, answers}` with the normalized answers of the questions in scope (optional empty answers
 * dropped), or `{ok: false, errors}`. Never throws.
 */
export function validateAnswers(
  template: FlowTemplate,
  answers: unknown,
  options: ValidateAnswersOptions = {},
): AnswersResult {
  if (!isRecord(answers)) return { ok: false, errors: [{ path: 'answers', message: copy.answers.notAnObject }] };
  const placed = formWidgets(template);
  const { stepIds } = options;
  const inScope = stepIds ? placed.filter(({ stepId }) => stepIds.includes(stepId)) : placed;
  const errors: FieldError[] = [];
  const normalized: Array<[string, unknown]> = [];
  for (const { widget } of inScope) {
    const check = checkAnswer(widget, ownValue(answers, widget.id));
    if (!check.ok) errors.push({ path: answerPath(widget.id), message: check.message });
    else if (check.value !== undefined) normalized.push([widget.id, check.value]);
  }
  const known = new Set(placed.map(({ widget }) => widget.id));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) errors.push({ path: answerPath(key), message: copy.answers.unknownQuestion });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers: Object.fromEntries(normalized) };
}

/**
 * Checks one answer against its widget:
 * - empty ({@link isEmptyAnswer}): `copy.answers.required` when the question is required, otherwise no answer
 *   (`value: undefined`); a required Checkbox must also be `true`;
 * - otherwise by type (see the per-type checks below), returning the normalized value.
 */
export function checkAnswer(widget: Widget, value: unknown): AnswerCheck {
  const required = widget.template.required === true;
  if (isEmptyAnswer(value)) return required ? fail(copy.answers.required) : pass(undefined);
  const check = checkValue(widget, value);
  if (check.ok && required && widget.type === 'Checkbox' && check.value === false) return fail(copy.answers.required);
  return check;
}

function checkValue(widget: Widget, value: unknown): AnswerCheck {
  switch (widget.type) {
    case 'ShortAnswer':
      return checkText(value, SHORT_ANSWER_MAX_LENGTH);
    case 'LongAnswer':
      return checkText(value, LONG_ANSWER_MAX_LENGTH);
    case 'EmailInput':
      return checkEmail(value);
    case 'URLInput':
      return checkUrl(value);
    case 'PhoneNumber':
      return checkPhone(value);
    case 'NumberInput':
      return checkNumber(value, widget.template);
    case 'MultipleChoice':
    case 'Dropdown':
      return checkOption(value, widget.template.options);
    case 'Checkboxes':
      return checkOptions(value, widget.template.options);
    case 'Checkbox':
      return typeof value === 'boolean' ? pass(value) : fail(copy.answers.invalidBoolean);
    case 'DatePicker':
      return checkDate(value);
    case 'StarRating':
      return checkRating(value);
  }
}

/**
 * ShortAnswer / LongAnswer: a string of at most `max` characters (counted in Unicode code points, so an
 * emoji counts once). Kept as typed (not trimmed).
 */
function checkText(value: unknown, max: number): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidText);
  return [...value].length <= max ? pass(value) : fail(copy.answers.textTooLong(max));
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * EmailInput: a practical subset of RFC 5322 — `local@domain.tld`, trimmed, at most `EMAIL_MAX_LENGTH` (320)
 * characters. The local part (≤ 64) is dot-separated atoms of letters, digits and ``!#$%&'*+/=?^_`{|}~-``
 * (no quoted strings, no comments, no spaces); the domain has at least two labels of letters, digits and
 * inner hyphens, and an alphabetic (or `xn--`) top-level label. Non-ASCII addresses (RFC 6531) are refused.
 * The answer is stored trimmed.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  return local.length <= EMAIL_LOCAL_PART_MAX_LENGTH && EMAIL_LOCAL.test(local) && DOMAIN.test(domain);
}

function checkEmail(value: unknown): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidEmail);
  const trimmed = value.trim();
  return isValidEmail(trimmed) ? pass(trimmed) : fail(copy.answers.invalidEmail);
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:(?!\d)/;

/**
 * URLInput: an `http://` or `https://` URL whose host contains a dot (`https://example.com/a?b`, an IPv4
 * address), or a bare domain without a scheme (`example.com`, `www.example.com/path`), which is read as
 * `https://…`. Other schemes (`ftp:`, `mailto:`, `javascript:`), whitespace, hosts without a dot
 * (`localhost`) and more than `URL_MAX_LENGTH` characters are refused. The answer is stored trimmed, as typed
 * (a bare domain stays bare).
 */
export function isValidUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH || /\s/.test(value)) return false;
  const hasScheme = value.includes('://') || SCHEME.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return false;
  }
  const labels = url.hostname.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

function checkUrl(value: unknown): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidUrl);
  const trimmed = value.trim();
  return isValidUrl(trimmed) ? pass(trimmed) : fail(copy.answers.invalidUrl);
}

/**
 * PhoneNumber (E.164-like): an optional leading `+`, then digits with spaces, dashes, dots and parentheses
 * allowed between them; `PHONE_MIN_DIGITS`..`PHONE_MAX_DIGITS` (7–15) digits. Stored trimmed, as typed.
 */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

function checkPhone(value: unknown): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidPhone);
  const trimmed = value.trim();
  return isValidPhone(trimmed) ? pass(trimmed) : fail(copy.answers.invalidPhone);
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number, or a decimal numeric string (`'12'`, `'-3.5'`, `'1e3'`) as a number; otherwise `null`. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMERIC.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** NumberInput: {@link toFiniteNumber}, then the widget's inclusive `min`/`max`. Stored as a number. */
function checkNumber(value: unknown, bounds: { min?: number; max?: number }): AnswerCheck {
  const parsed = toFiniteNumber(value);
  if (parsed === null) return fail(copy.answers.invalidNumber);
  if (bounds.min !== undefined && parsed < bounds.min) return fail(copy.answers.numberTooSmall(bounds.min));
  if (bounds.max !== undefined && parsed > bounds.max) return fail(copy.answers.numberTooLarge(bounds.max));
  return pass(parsed);
}

/** MultipleChoice / Dropdown: the id of one of the widget's options. */
function checkOption(value: unknown, options: readonly WidgetOption[]): AnswerCheck {
  return typeof value === 'string' && options.some((option) => option.id === value)
    ? pass(value)
    : fail(copy.answers.invalidOption);
}

/** Checkboxes: a non-empty array of distinct option ids, stored in the order given. */
function checkOptions(value: unknown, options: readonly WidgetOption[]): AnswerCheck {
  if (!Array.isArray(value)) return fail(copy.answers.invalidOption);
  const ids = new Set(options.map((option) => option.id));
  if (!value.every((item) => typeof item === 'string' && ids.has(item))) return fail(copy.answers.invalidOption);
  return new Set(value).size === value.length ? pass(value) : fail(copy.answers.duplicateOption);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a real calendar date (proleptic Gregorian, years 0001–9999). */
export function isValidDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** DatePicker: {@link isValidDate}; stored trimmed. */
function checkDate(value: unknown): AnswerCheck {
  if (typeof value !== 'string') return fail(copy.answers.invalidDate);
  const trimmed = value.trim();
  return isValidDate(trimmed) ? pass(trimmed) : fail(copy.answers.invalidDate);
}

/** StarRating: an integer 1..`STAR_RATING_MAX` (a numeric string such as `'4'` is accepted); stored as a number. */
function checkRating(value: unknown): AnswerCheck {
  const parsed = toFiniteNumber(value);
  return parsed !== null && Number.isInteger(parsed) && parsed >= 1 && parsed <= STAR_RATING_MAX
    ? pass(parsed)
    : fail(copy.answers.invalidRating(STAR_RATING_MAX));
}

function pass(value: unknown): AnswerCheck {
  return { ok: true, value };
}

function fail(message: string): AnswerCheck {
  return { ok: false, message };
}

function answerPath(widgetId: string): string {
  return `answers.${widgetId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
