/** The editor's settings of a Dropdown question: the placeholder ('Select an option' when empty) and the options. */
import { Stack } from '@mantine/core';
import { OptionsSetting } from './shared/options-editor';
import { PlaceholderSetting } from './shared/placeholder-setting';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

/** Placeholder, then the options. */
export function DropdownSettings(props: WidgetSettingsProps<WidgetOf<'Dropdown'>>) {
  return (
    <Stack gap="sm">
      <PlaceholderSetting {...props} />
      <OptionsSetting {...props} />
    </Stack>
  );
}
