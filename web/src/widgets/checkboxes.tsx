/** Checkboxes in the web app: a group of checkboxes, one card per option; the answer is the checked ids. */
import { Checkbox } from '@mantine/core';
import { ChoiceCards } from './shared/choice-cards';
import { OptionsSetting } from './shared/options-editor';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';

function CheckboxesField({ widget, value, error, onChange, inputId }: WidgetFieldProps<WidgetOf<'Checkboxes'>>) {
  const { label, required, options } = widget.template;
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return (
    <Checkbox.Group id={inputId} label={label} withAsterisk={required} error={error} size="md" value={selected} onChange={onChange}>
      <ChoiceCards options={options} isChecked={(id) => selected.includes(id)} control={(option) => <Checkbox value={option.id} label={option.label} />} />
    </Checkbox.Group>
  );
}

/** The Checkboxes web module. */
export const checkboxes: WebWidget<WidgetOf<'Checkboxes'>> = { Field: CheckboxesField, Settings: OptionsSetting };
