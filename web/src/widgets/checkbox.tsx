/** Checkbox in the web app: one checkbox labelled by the question (a required one shows the asterisk); no settings. */
import { Checkbox, Text } from '@mantine/core';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';

function CheckboxField({ widget, value, error, onChange, inputId }: WidgetFieldProps<WidgetOf<'Checkbox'>>) {
  const { label, required } = widget.template;
  return (
    <Checkbox
      id={inputId}
      size="md"
      label={
        <>
          {label}
          {required && (
            <Text component="span" c="red" aria-hidden="true">
              {' '}*
            </Text>
          )}
        </>
      }
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      aria-required={required || undefined}
    />
  );
}

/** The Checkbox web module. */
export const checkbox: WebWidget<WidgetOf<'Checkbox'>> = { Field: CheckboxField };
