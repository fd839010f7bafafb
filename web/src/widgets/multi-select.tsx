/**
 * The editor's settings of a MultiSelect question: the placeholder ('Select options' when empty), the options, and
 * the optional bounds of how many the respondent chooses ('Minimum choices', 'Maximum choices').
 */
import { Group, NumberInput, Stack } from '@mantine/core';
import { MAX_OPTIONS } from '@formloom/contracts/widgets/shared/options';
import { patchWidgetTemplate } from './shared/field-props';
import { OptionsSetting } from './shared/options-editor';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type MultiSelectWidget = WidgetOf<'MultiSelect'>;

/** One bound: a whole number from 1; an empty field means no bound. */
function SelectionBound({ label, empty, value, onChange }: { label: string; empty: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  return (
    <NumberInput
      label={label}
      size="xs"
      placeholder={empty}
      min={1}
      max={MAX_OPTIONS}
      allowDecimal={false}
      allowNegative={false}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' && next >= 1 ? next : undefined)}
    />
  );
}

/** Placeholder, the options, then 'Minimum choices' ('No minimum' when empty) and 'Maximum choices' ('No maximum'). */
export function MultiSelectSettings(props: WidgetSettingsProps<MultiSelectWidget>) {
  const { widget, onChange } = props;
  const patch = (settings: Partial<MultiSelectWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  return (
    <Stack gap="sm">
      <PlaceholderSetting {...props} />
      <OptionsSetting {...props} />
      <Group grow gap="sm">
        <SelectionBound label="Minimum choices" empty="No minimum" value={widget.template.minSelections} onChange={(minSelections) => patch({ minSelections })} />
        <SelectionBound label="Maximum choices" empty="No maximum" value={widget.template.maxSelections} onChange={(maxSelections) => patch({ maxSelections })} />
      </Group>
    </Stack>
  );
}
