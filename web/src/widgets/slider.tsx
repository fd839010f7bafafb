/** The editor's settings of a Slider question: its minimum, maximum and step (0, 100 and 1 when empty) and its unit. */
import { Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { SLIDER_DEFAULTS } from '@formloom/contracts/answers/slider';
import { SLIDER_UNIT_MAX_LENGTH } from '@formloom/contracts/limits';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type SliderWidget = WidgetOf<'Slider'>;

/** One number of the slider: an empty field means the default, shown as the placeholder. */
function NumberSetting({ label, fallback, value, onChange }: { label: string; fallback: number; value: number | undefined; onChange: (value: number | undefined) => void }) {
  return (
    <NumberInput
      label={label}
      size="xs"
      placeholder={String(fallback)}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
    />
  );
}

/** 'Minimum', 'Maximum', 'Step' and 'Unit' ('km', '%'; written after the number). */
export function SliderSettings({ widget, onChange }: WidgetSettingsProps<SliderWidget>) {
  const { min, max, step, unit } = widget.template;
  const patch = (settings: Partial<SliderWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  return (
    <Stack gap="sm">
      <Group grow gap="sm">
        <NumberSetting label="Minimum" fallback={SLIDER_DEFAULTS.min} value={min} onChange={(next) => patch({ min: next })} />
        <NumberSetting label="Maximum" fallback={SLIDER_DEFAULTS.max} value={max} onChange={(next) => patch({ max: next })} />
        <NumberSetting label="Step" fallback={SLIDER_DEFAULTS.step} value={step} onChange={(next) => patch({ step: next })} />
      </Group>
      <TextInput
        label="Unit"
        size="xs"
        w={160}
        placeholder="e.g. km or %"
        maxLength={SLIDER_UNIT_MAX_LENGTH}
        value={unit ?? ''}
        onChange={(event) => patch({ unit: event.currentTarget.value || undefined })}
      />
    </Stack>
  );
}
