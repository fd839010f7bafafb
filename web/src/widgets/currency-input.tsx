/** The editor's settings of a CurrencyInput question: the placeholder, the currency and the optional minimum and maximum. */
import { Group, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { CURRENCY_CODES, currencyOf, isCurrencyCode, minorDigits } from '@formloom/contracts/answers/currency-input';
import { patchWidgetTemplate } from './shared/field-props';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type CurrencyWidget = WidgetOf<'CurrencyInput'>;

/** Placeholder, 'Currency' (USD, EUR, …), 'Minimum' ('No minimum' when empty) and 'Maximum' ('No maximum'). */
export function CurrencyInputSettings(props: WidgetSettingsProps<CurrencyWidget>) {
  const { widget, onChange } = props;
  const currency = currencyOf(widget.template);
  const patch = (settings: Partial<CurrencyWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  const bound = (label: string, empty: string, value: number | undefined, set: (value: number | undefined) => void) => (
    <NumberInput
      label={label}
      size="xs"
      placeholder={empty}
      decimalScale={minorDigits(currency)}
      thousandSeparator=","
      value={value ?? ''}
      onChange={(next) => set(typeof next === 'number' ? next : undefined)}
    />
  );
  return (
    <Stack gap="sm">
      <PlaceholderSetting {...props} />
      <Group grow gap="sm" align="flex-start">
        <NativeSelect
          label="Currency"
          size="xs"
          data={CURRENCY_CODES}
          value={currency}
          onChange={(event) => {
            const code = event.currentTarget.value;
            if (isCurrencyCode(code)) patch({ currency: code });
          }}
        />
        {bound('Minimum', 'No minimum', widget.template.min, (min) => patch({ min }))}
        {bound('Maximum', 'No maximum', widget.template.max, (max) => patch({ max }))}
      </Group>
    </Stack>
  );
}
