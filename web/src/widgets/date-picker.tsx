/** DatePicker in the web app: the browser's date input (`YYYY-MM-DD`, keyboard and calendar); no settings. */
import { TextField } from './shared/text-field';
import type { WebWidget, WidgetFieldProps, WidgetOf } from './shared/types';

function DatePickerField(props: WidgetFieldProps<WidgetOf<'DatePicker'>>) {
  return <TextField field={props} type="date" maw={260} />;
}

/** The DatePicker web module. */
export const datePicker: WebWidget<WidgetOf<'DatePicker'>> = { Field: DatePickerField };
