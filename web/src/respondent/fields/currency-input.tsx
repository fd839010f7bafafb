/**
 * CurrencyInput on the public form: a text field with the currency's code before it ('USD', part of the field's
 * description for screen readers), a decimal keypad on phones and the bounds as the hint ('Between USD 10.00 and
 * USD 500.00'). The respondent may type `1234.5` or `1,234.50`; once they leave the field a valid amount is
 * written back with its thousands and every minor digit (`1,234.50`).
 */
import { currencyOf, fitsCurrency, formatAmount, formatAmountDigits, minorDigits, parseAmount, type CurrencyCode } from '@formloom/contracts/answers/currency-input';
import { Question } from './question';
import { asString, useDescribedBy, type FieldProps, type WidgetOf } from './types';
import fields from './fields.module.css';
import classes from './currency-input.module.css';

/** The hint of an amount question's bounds ('Between USD 10.00 and USD 500.00'), or `undefined` without bounds. */
export function amountBoundsHint(min: number | undefined, max: number | undefined, currency: CurrencyCode): string | undefined {
  if (min !== undefined && max !== undefined) return `Between ${formatAmount(min, currency)} and ${formatAmount(max, currency)}`;
  if (min !== undefined) return `At least ${formatAmount(min, currency)}`;
  return max !== undefined ? `At most ${formatAmount(max, currency)}` : undefined;
}

/** The CurrencyInput renderer; the answer is the typed text, which the answer rules parse. */
export function CurrencyInputField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'CurrencyInput'>>) {
  const { label, required, placeholder, min, max } = widget.template;
  const currency = currencyOf(widget.template);
  const hint = amountBoundsHint(min, max, currency);
  const described = useDescribedBy(inputId, hint, error);
  const codeId = `${inputId}-currency`;
  return (
    <Question inputId={inputId} label={label} required={required} hint={hint} error={error}>
      <div className={classes.field}>
        <span id={codeId} className={classes.code}>
          {currency}
        </span>
        <input
          id={inputId}
          type="text"
          inputMode={minorDigits(currency) === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          className={`${fields.input} ${classes.input}`}
          placeholder={placeholder ?? formatAmountDigits(0, currency)}
          value={asString(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={(event) => {
            const amount = parseAmount(event.currentTarget.value);
            if (amount !== null && fitsCurrency(amount, currency)) onChange(formatAmountDigits(amount, currency));
          }}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[codeId, described].filter(Boolean).join(' ')}
        />
      </div>
    </Question>
  );
}
