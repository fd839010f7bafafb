/**
 * The options setting of the choice types (MultipleChoice, Dropdown, Checkboxes, MultiSelect) and Ranking: rename,
 * remove (a question keeps at least one), add ('Add option', or Enter in an option); in a quiz, each choice's points
 * (`rules/quiz.ts`). A Matrix edits its rows and columns with the same list.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { QUIZ_POINTS_MAX } from '@formloom/contracts/limits';
import { answerKindOf } from '@formloom/contracts/rules/conditions';
import type { ScoredOption } from '@formloom/contracts/widgets/shared/options';
import { IconPlus, IconTrash } from '../../ui/icons';
import { NumberField } from '../../ui/number-field';
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

/** True when a quiz scores `widget`'s choices: a question of one choice or of several (`answerKindOf`), not a Ranking. */
export function scoresChoices(widget: Parameters<typeof answerKindOf>[0]): boolean {
  const kind = answerKindOf(widget);
  return kind === 'choice' || kind === 'choices';
}

/** `option` with `points` (a number from −`QUIZ_POINTS_MAX` to `QUIZ_POINTS_MAX`), or without them for `undefined`. */
export function withPoints<T extends ScoredOption>(option: T, points: number | undefined): T {
  const { points: _old, ...rest } = option;
  return (points === undefined ? rest : { ...rest, points }) as T;
}

/**
 * A choice's quiz points ('Points for option N'): a number from −{@link QUIZ_POINTS_MAX} to {@link QUIZ_POINTS_MAX}
 * (kept within on leaving the field), empty for none (0).
 */
export function PointsInput({ option, label, onChange }: { option: ScoredOption; label: string; onChange: (points: number | undefined) => void }) {
  return (
    <NumberField
      aria-label={label}
      size="xs"
      w={76}
      placeholder="0"
      min={-QUIZ_POINTS_MAX}
      max={QUIZ_POINTS_MAX}
      allowEmpty
      value={option.points}
      onChange={onChange}
      data-testid="option-points"
    />
  );
}

/**
 * The list of a choice question's options (or a Matrix's rows or columns, by `names`): each one's label ('Option
 * N'), with `points` its quiz points ('Points for option N', {@link PointsInput}), 'Delete choice N' (disabled for
 * the last one) and 'Add option'; `onChange` gets the new list, `onAdd` adds one.
 */
export function OptionsEditor({
  options,
  onChange,
  onAdd,
  names = OPTION_NAMES,
  points = false,
}: {
  options: ScoredOption[];
  onChange: (options: ScoredOption[]) => void;
  onAdd: () => void;
  names?: ItemNames;
  points?: boolean;
}) {
  return (
    <Stack gap={6} data-testid="options-editor">
      <Group justify="space-between" wrap="nowrap">
        <Text fz="xs" fw={600} c="dimmed">
          {names.title}
        </Text>
        {points && (
          <Text fz="xs" fw={600} c="dimmed" aria-hidden>
            Points
          </Text>
        )}
      </Group>
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
          {points && (
            <PointsInput
              option={option}
              label={`Points for ${names.item.toLowerCase()} ${index + 1}`}
              onChange={(value) => onChange(options.map((item) => (item.id === option.id ? withPoints(item, value) : item)))}
            />
          )}
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

/** The settings panel of a choice question: its {@link OptionsEditor}, with the choices' points in a quiz (not a Ranking's). */
export function OptionsSetting({ widget, onChange, onAddOption, quiz = false }: WidgetSettingsProps<ChoiceWidget>) {
  return (
    <OptionsEditor
      options={widget.template.options}
      onChange={(options) => onChange(patchWidgetTemplate(widget, { options }))}
      onAdd={() => onAddOption('options')}
      points={quiz && scoresChoices(widget)}
    />
  );
}
