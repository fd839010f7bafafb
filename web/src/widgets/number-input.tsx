/** The editor's settings of a NumberInput question: the placeholder and the optional minimum and maximum. */
import { Group, NumberInput, Stack } from '@mantine/core';
import { patchWidgetTemplate } from './shared/field-props';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type NumberWidget = WidgetOf<'NumberInput'>;

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

/** Placeholder, 'Minimum' ('No minimum' when empty) and 'Maximum' ('No maximum'). */
export function NumberInputSettings(props: WidgetSettingsProps<NumberWidget>) {
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
