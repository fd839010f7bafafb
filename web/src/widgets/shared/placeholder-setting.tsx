/** The placeholder setting of the types that show one (text-like types and Dropdown). */
import { TextInput } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { patchWidgetTemplate } from './field-props';
import type { WidgetSettingsProps } from './types';

/** 'Placeholder text (optional)': an empty text removes the placeholder. */
export function PlaceholderSetting({ widget, onChange }: WidgetSettingsProps<Widget>) {
  return (
    <TextInput
      aria-label="Placeholder"
      placeholder="Placeholder text (optional)"
      size="xs"
      value={widget.template.placeholder ?? ''}
      onChange={(event) => {
        const placeholder = event.currentTarget.value;
        onChange(patchWidgetTemplate(widget, { placeholder: placeholder || undefined }));
      }}
    />
  );
}
