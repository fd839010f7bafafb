/**
 * Address on the public form: a group of labelled fields — street address, a second line, city, state or
 * province, postal code (each an `<input>` with the browser's address autofill tokens) and the country (a native
 * `<select>` of every ISO 3166-1 country by its English name, on the question's `defaultCountry` until the
 * respondent picks one). Parts the respondent may leave blank say '(optional)'. Side by side where the question is
 * wide, one under another on a phone. The answer is `{street, line2, city, state, postalCode, country}` as typed;
 * `answers/address.ts` trims, checks and stores it.
 */
import * as copy from '@formloom/contracts/copy';
import { COUNTRIES } from '@formloom/contracts/countries';
import { requiredAddressParts, type AddressPart } from '@formloom/contracts/answers/address';
import { IconChevronDown } from '../../ui/icons';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import fieldClasses from './fields.module.css';
import classes from './address.module.css';

/** The text parts of the form, with their autofill token (HTML's `autocomplete` address fields). */
const TEXT_PARTS: ReadonlyArray<{ part: Exclude<AddressPart, 'country'>; autoComplete: string; wide?: boolean }> = [
  { part: 'street', autoComplete: 'address-line1', wide: true },
  { part: 'line2', autoComplete: 'address-line2', wide: true },
  { part: 'city', autoComplete: 'address-level2' },
  { part: 'state', autoComplete: 'address-level1' },
  { part: 'postalCode', autoComplete: 'postal-code' },
];

/** The parts of an answer in progress, as the fields show them ('' for a part not typed yet). */
function partsOf(value: unknown): Partial<Record<AddressPart, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The Address renderer. */
export function AddressField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Address'>>) {
  const { label, required, defaultCountry } = widget.template;
  const parts = partsOf(value);
  const country = parts.country ?? defaultCountry ?? '';
  const mustGive = new Set(requiredAddressParts(widget.template));
  const idOf = (part: AddressPart) => (part === 'street' ? inputId : `${inputId}-${part}`);
  const set = (part: AddressPart, text: string) => onChange({ ...parts, country, [part]: text });

  const partLabel = (part: AddressPart) => (
    <label htmlFor={idOf(part)} className={classes.partLabel}>
      {copy.answers.addressFieldLabels[part]}
      {!mustGive.has(part) && <span className={classes.optional}> (optional)</span>}
    </label>
  );

  return (
    <Question inputId={inputId} label={label} required={required} error={error} kind="group">
      <div className={classes.grid}>
        {TEXT_PARTS.map(({ part, autoComplete, wide }) => (
          <div key={part} className={wide ? `${classes.part} ${classes.wide}` : classes.part}>
            {partLabel(part)}
            <input
              id={idOf(part)}
              className={fieldClasses.input}
              value={parts[part] ?? ''}
              autoComplete={autoComplete}
              required={required && mustGive.has(part)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => set(part, event.currentTarget.value)}
            />
          </div>
        ))}
        <div className={classes.part}>
          {partLabel('country')}
          <div className={fieldClasses.selectWrap}>
            <select
              id={idOf('country')}
              className={`${fieldClasses.input} ${fieldClasses.select}`}
              value={country}
              autoComplete="country"
              required={required}
              aria-invalid={error ? true : undefined}
              onChange={(event) => set('country', event.currentTarget.value)}
            >
              {country === '' && <option value="">Select a country</option>}
              {COUNTRIES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            <IconChevronDown size={16} className={fieldClasses.selectIcon} />
          </div>
        </div>
      </div>
    </Question>
  );
}
