/** The one-line text input of the text-like types (short answer, email, phone, URL, number, date). */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { asString, inputProps } from './field-props';
import { PlaceholderSetting } from './placeholder-setting';
import type { WebWidget, WidgetFieldProps } from './types';

/**
 * A labelled Mantine `TextInput` for `field`'s question, showing its placeholder and handing the typed text to
 * `field.onChange`; `input` adds or overrides props (`type="email"`, a default placeholder…).
 */
export function TextField({ field, ...input }: { field: WidgetFieldProps<Widget> } & TextInputProps) {
  return (
    <TextInput
      {...inputProps(field)}
      placeholder={field.widget.template.placeholder}
      value={asString(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      {...input}
    />
  );
}

/**
 * The web module of a one-line text type: a {@link TextField} with `input` props (`type`, `inputMode`,
 * `autoComplete`), showing `defaultPlaceholder` while the question has no placeholder of its own; its setting
 * is the placeholder.
 */
export function textFieldWidget<W extends Widget>(input: TextInputProps = {}, defaultPlaceholder?: string): WebWidget<W> {
  function Field(props: WidgetFieldProps<W>) {
    return <TextField field={props} {...input} placeholder={props.widget.template.placeholder ?? defaultPlaceholder} />;
  }
  return { Field, Settings: PlaceholderSetting };
}
