/**
 * Address's answer rules: a postal address in parts — street, an optional second line, city, state (or province,
 * region), postal code and country (an ISO 3166-1 alpha-2 code of `countries.ts`). Zod-free (`answers/define.ts`).
 */
import * as copy from '../copy';
import { countryName, isCountryCode } from '../countries';
import { ADDRESS_LINE_MAX_LENGTH, ADDRESS_POSTAL_CODE_MAX_LENGTH } from '../limits';
import { formatValue } from '../logic';
import { defineAnswerRules, fail, pass, type AnswerCheck } from './define';

/** The parts of an address, in the order a respondent fills them and a stored answer keeps them. */
export const ADDRESS_PARTS = ['street', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
/** A part of an address. */
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/**
 * A stored Address answer: every part trimmed; `line2` and `state` only when given; `postalCode` always ('' when
 * the question does not require one and none was given); `country` an ISO 3166-1 alpha-2 code (`'DE'`).
 */
export interface AddressAnswer {
  street: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
}

/** The template fields Address's rules read. */
export interface AddressTemplateLike {
  required?: boolean;
  /** A postal code must be given (street, city and country always must). */
  requirePostalCode?: boolean;
  /** A state (province, region) must be given. */
  requireState?: boolean;
  /** The country chosen before the respondent picks one (an ISO 3166-1 alpha-2 code); unset: none. */
  defaultCountry?: string;
}

/** The most characters of each part (`ADDRESS_LINE_MAX_LENGTH`; a postal code `ADDRESS_POSTAL_CODE_MAX_LENGTH`). */
export function addressPartMaxLength(part: AddressPart): number {
  return part === 'postalCode' ? ADDRESS_POSTAL_CODE_MAX_LENGTH : ADDRESS_LINE_MAX_LENGTH;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts of `value` a respondent must give under `template` (street, city and country always). */
export function requiredAddressParts(template: AddressTemplateLike): AddressPart[] {
  return ADDRESS_PARTS.filter(
    (part) =>
      part === 'street' ||
      part === 'city' ||
      part === 'country' ||
      (part === 'state' && template.requireState === true) ||
      (part === 'postalCode' && template.requirePostalCode === true),
  );
}

/**
 * An Address answer `{street, line2?, city, state?, postalCode?, country}`, each part a string (or absent, or
 * `null`); other keys are dropped.
 * - Not an object, or a part that is not text: `copy.answers.invalidAddress`.
 * - No text in any part but the country (the country list starts on the default): no answer —
 *   `copy.answers.required` when the question is required.
 * - Else, part by part in {@link ADDRESS_PARTS} order, the first problem: a required part left blank
 *   (`copy.answers.addressPartMissing(name)`; street, city, country always, state and postal code when the
 *   question says so), a part longer than {@link addressPartMaxLength} (`addressPartTooLong(name, max)`), a country
 *   that is no ISO 3166-1 alpha-2 code of `countries.ts` (`invalidCountry`; lower case is accepted). A blank country
 *   is the question's `defaultCountry`, when it has one.
 * Stored as {@link AddressAnswer}.
 */
export function checkAddress(value: unknown, template: AddressTemplateLike): AnswerCheck {
  if (!isRecord(value)) return fail(copy.answers.invalidAddress);
  const text: Partial<Record<AddressPart, string>> = {};
  for (const part of ADDRESS_PARTS) {
    const raw = Object.prototype.hasOwnProperty.call(value, part) ? value[part] : undefined;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') return fail(copy.answers.invalidAddress);
    text[part] = typeof raw === 'string' ? raw.trim() : '';
  }
  const answered = ADDRESS_PARTS.some((part) => part !== 'country' && text[part] !== '');
  if (!answered) return template.required === true ? fail(copy.answers.required) : pass(undefined);
  if (!text.country && template.defaultCountry) text.country = template.defaultCountry;
  const required = new Set(requiredAddressParts(template));
  for (const part of ADDRESS_PARTS) {
    const given = text[part] ?? '';
    const name = copy.answers.addressPartNames[part];
    if (given === '') {
      if (required.has(part)) return fail(part === 'country' ? copy.answers.invalidCountry : copy.answers.addressPartMissing(name));
      continue;
    }
    const max = addressPartMaxLength(part);
    if ([...given].length > max) return fail(copy.answers.addressPartTooLong(name, max));
  }
  const country = (text.country ?? '').toUpperCase();
  if (!isCountryCode(country)) return fail(copy.answers.invalidCountry);
  const answer: AddressAnswer = {
    street: text.street ?? '',
    ...(text.line2 ? { line2: text.line2 } : {}),
    city: text.city ?? '',
    ...(text.state ? { state: text.state } : {}),
    postalCode: text.postalCode ?? '',
    country,
  };
  return pass(answer);
}

/**
 * An address as one line: 'street, line2, city, state postalCode, Country name' ('1 Main St, Apt 4, Springfield,
 * IL 62704, United States'), blank parts left out; a country code no country has shows as itself; a value that is
 * not an object reads as `formatValue` gives it.
 */
export function displayAddress(value: unknown): string {
  if (!isRecord(value)) return formatValue(value);
  const part = (key: AddressPart) => (typeof value[key] === 'string' ? (value[key] as string).trim() : '');
  const country = part('country');
  const region = [part('state'), part('postalCode')].filter(Boolean).join(' ');
  return [part('street'), part('line2'), part('city'), region, country ? countryName(country.toUpperCase()) : '']
    .filter(Boolean)
    .join(', ');
}

/** Address: the parts of a postal address ({@link checkAddress}); its text is {@link displayAddress}'s one line. */
export const addressRules = defineAnswerRules({
  type: 'Address',
  checkAnswer: (value, template: AddressTemplateLike) => checkAddress(value, template),
  displayAnswer: (value) => displayAddress(value),
});
