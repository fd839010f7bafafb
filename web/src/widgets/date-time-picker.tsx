/** The editor's settings of a DateTimePicker question: the earliest and latest date and time a respondent may pick. */
import { Group, TextInput } from '@mantine/core';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type DateTimeWidget = WidgetOf<'DateTimePicker'>;

/** 'Earliest' and 'Latest' (the browser's date-and-time fields, `YYYY-MM-DDTHH:MM`); empty for no bound. */
export function DateTimePickerSettings({ widget, onChange }: WidgetSettingsProps<DateTimeWidget>) {
  const patch = (settings: Partial<DateTimeWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  return (
    <Group grow gap="sm">
      <TextInput
        label="Earliest"
        size="xs"
        type="datetime-local"
        value={widget.template.min ?? ''}
        onChange={(event) => patch({ min: event.currentTarget.value || undefined })}
      />
      <TextInput
        label="Latest"
        size="xs"
        type="datetime-local"
        value={widget.template.max ?? ''}
        onChange={(event) => patch({ max: event.currentTarget.value || undefined })}
      />
    </Group>
  );
}
