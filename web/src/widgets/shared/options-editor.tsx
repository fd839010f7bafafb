/**
 * The options setting of the choice types (MultipleChoice, Dropdown, Checkboxes) and Ranking: rename, remove (a
 * question keeps at least one), add ('Add option', or Enter in an option). A Matrix edits its rows and columns
 * with the same list.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { WidgetOption } from '@formloom/contracts/entities/flow-template';
import { IconPlus, IconTrash } from '../../ui/icons';
import { patchWidgetTemplate } from './field-props';
import type { WidgetOf, WidgetSettingsProps } from './types';

/** A question of a choice type (or a Ranking, a MultiSelect: options too). */
export type ChoiceWidget = WidgetOf<'MultipleChoice' | 'Dropdown' | 'Checkboxes' | 'Ranking' | 'MultiSelect'>;

/** How an {@link OptionsEditor} names its list and items: 'Options' / 'Option' / 'choice' by default. */
export interface ItemNames {
  /** The list's title ('Options', 'Rows'). */
  title: string;
  /** An item's field name, numbered ('Option 1', 'Row 1'). */
  item: string;
  /** What the delete button removes, numbered ('Delete choice 1', 'Delete row 1'). */
  deleteItem: string;
  /** The add button ('Add option', 'Add row'). */
  add: string;
}

/** The names of a choice question's options. */
const OPTION_NAMES: ItemNames = { title: 'Options', item: 'Option', deleteItem: 'choice', add: 'Add option' };

/**
 * The list of a choice question's options (or a Matrix's rows or columns, by `names`): each one's label ('Option
 * N'), 'Delete choice N' (disabled for the last one) and 'Add option'; `onChange` gets the new list, `onAdd` adds
 * one.
 */
export function OptionsEditor({
  options,
  onChange,
  onAdd,
  names = OPTION_NAMES,
}: {
  options: WidgetOption[];
  onChange: (options: WidgetOption[]) => void;
  onAdd: () => void;
  names?: ItemNames;
}) {
  return (
    <Stack gap={6} data-testid="options-editor">
      <Text fz="xs" fw={600} c="dimmed">
        {names.title}
      </Text>
      {options.map((option, index) => (
        <Group key={option.id} gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed" w={18} ta="right">
            {index + 1}.
          </Text>
          <TextInput
            aria-label={`${names.item} ${index + 1}`}
            size="xs"
            flex={1}
            value={option.label}
            onChange={(event) => {
              const label = event.currentTarget.value;
              onChange(options.map((item) => (item.id === option.id ? { ...item, label } : item)));
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onAdd();
              }
            }}
            data-testid="option-input"
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Delete ${names.deleteItem} ${index + 1}`}
            disabled={options.length <= 1}
            onClick={() => onChange(options.filter((item) => item.id !== option.id))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd} w="fit-content">
        {names.add}
      </Button>
    </Stack>
  );
}

/** The settings panel of a choice question: its {@link OptionsEditor}. */
export function OptionsSetting({ widget, onChange, onAddOption }: WidgetSettingsProps<ChoiceWidget>) {
  return (
    <OptionsEditor
      options={widget.template.options}
      onChange={(options) => onChange(patchWidgetTemplate(widget, { options }))}
      onAdd={() => onAddOption('options')}
    />
  );
}
