/** The options of a MultipleChoice or Checkboxes question as bordered cards, the chosen ones outlined. */
import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import type { WidgetOption } from '@formloom/contracts/entities/flow-template';
import classes from './choice-cards.module.css';

/** One card per option, each holding `control(option)` (a Radio or a Checkbox); `isChecked` outlines it. */
export function ChoiceCards({
  options,
  isChecked,
  control,
}: {
  options: readonly WidgetOption[];
  isChecked: (optionId: string) => boolean;
  control: (option: WidgetOption) => ReactNode;
}) {
  return (
    <Stack gap="xs" mt="xs">
      {options.map((option) => (
        <Paper key={option.id} withBorder p="sm" radius="md" className={classes.choice} data-checked={isChecked(option.id) || undefined}>
          {control(option)}
        </Paper>
      ))}
    </Stack>
  );
}
