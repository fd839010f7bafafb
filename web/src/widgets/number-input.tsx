/**
 * NumberInput in the web app: a number input with the bounds as its description ('Between 0 and 120'); its
 * settings are the placeholder and the optional minimum and maximum.
 */
import { Group, NumberInput, Stack } from '@mantine/core';
import { patchWidgetTemplate } from './shared/field-props';
import { PlaceholderSetting } from './shared/placeholder-setting';
import { TextField } from './shared/text-field';
import type { WebWidget, WidgetFieldProps, WidgetOf, WidgetSettingsProps } from './shared/types';

type NumberWidget = WidgetOf<'NumberInput'>;

/** The description of a number question's bounds (ours), or `undefined` without bounds. */
export function boundsHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `Between ${min} and ${max}`;
  if (min !== undefined) return `At least ${min}`;
  return max !== undefined ? `At most ${max}` : undefined;
}

function NumberInputField(props: WidgetFieldProps<NumberWidget>) {
  const { min, max } = props.widget.template;
  return <TextField field={props} type="number" inputMode="decimal" step="any" min={min} max={max} description={boundsHint(min, max)} />;
}

/** One bound of a number question: an empty field means no bound. */
function BoundSetting({ label, empty, value, onChange }: { label: string; empty: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  return (
    <NumberInput
      label={label}
      aria-label={label}
      size="xs"
      placeholder={empty}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
    />
  );
}

function NumberInputSettings(props: WidgetSettingsProps<NumberWidget>) {
  const { widget, onChange } = props;
  return (
    <Stack gap="sm">
      <PlaceholderSetting {...props} />
      <Group grow gap="sm">
        <BoundSetting label="Minimum" empty="No minimum" value={widget.template.min} onChange={(min) => onChange(patchWidgetTemplate(widget, { min }))} />
        <BoundSetting label="Maximum" empty="No maximum" value={widget.template.max} onChange={(max) => onChange(patchWidgetTemplate(widget, { max }))} />
      </Group>
    </Stack>
  );
}

/** The NumberInput web module. */
export const numberInput: WebWidget<NumberWidget> = { Field: NumberInputField, Settings: NumberInputSettings };
