/**
 * Dropdown in the web app: the browser's select (keyboard and screen-reader friendly on every device), its
 * first entry the placeholder ('Select an option' by default); its settings are the placeholder and options.
 */
import { NativeSelect, Stack } from '@mantine/core';
import { asString, inputProps } from './shared/field-props';
import { OptionsSetting } from './shared/options-editor';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WebWidget, WidgetFieldProps, WidgetOf, WidgetSettingsProps } from './shared/types';

type DropdownWidget = WidgetOf<'Dropdown'>;

function DropdownField(props: WidgetFieldProps<DropdownWidget>) {
  const { placeholder, options } = props.widget.template;
  return (
    <NativeSelect
      {...inputProps(props)}
      value={asString(props.value)}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data={[{ value: '', label: placeholder || 'Select an option' }, ...options.map((option) => ({ value: option.id, label: option.label }))]}
    />
  );
}

function DropdownSettings(props: WidgetSettingsProps<DropdownWidget>) {
  return (
    <Stack gap="sm">
      <PlaceholderSetting {...props} />
      <OptionsSetting {...props} />
    </Stack>
  );
}

/** The Dropdown web module. */
export const dropdown: WebWidget<DropdownWidget> = { Field: DropdownField, Settings: DropdownSettings };
