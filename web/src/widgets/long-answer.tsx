/** LongAnswer in the web app: a text area that grows with its text (3 to 12 rows); its setting is the placeholder. */
import { Textarea } from '@mantine/core';
import { asString, inputProps } from './shared/field-props';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';

function LongAnswerField(props: WidgetFieldProps<WidgetOf<'LongAnswer'>>) {
  return (
    <Textarea
      {...inputProps(props)}
      placeholder={props.widget.template.placeholder}
      autosize
      minRows={3}
      maxRows={12}
      value={asString(props.value)}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** The LongAnswer web module. */
export const longAnswer: WebWidget<WidgetOf<'LongAnswer'>> = { Field: LongAnswerField, Settings: PlaceholderSetting };
