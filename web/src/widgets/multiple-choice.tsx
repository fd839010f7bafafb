/** MultipleChoice in the web app: a radio group (arrow keys move between options), one card per option. */
import { Radio } from '@mantine/core';
import { asString } from './shared/field-props';
import { ChoiceCards } from './shared/choice-cards';
import { OptionsSetting } from './shared/options-editor';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';

function MultipleChoiceField({ widget, value, error, onChange, inputId }: WidgetFieldProps<WidgetOf<'MultipleChoice'>>) {
  const { label, required, options } = widget.template;
  return (
    <Radio.Group id={inputId} label={label} withAsterisk={required} error={error} size="md" value={asString(value) || null} onChange={onChange}>
      <ChoiceCards options={options} isChecked={(id) => value === id} control={(option) => <Radio value={option.id} label={option.label} />} />
    </Radio.Group>
  );
}

/** The MultipleChoice web module. */
export const multipleChoice: WebWidget<WidgetOf<'MultipleChoice'>> = { Field: MultipleChoiceField, Settings: OptionsSetting };
