/**
 * The 'Add custom column' popover (spec 001 §2, §4, §5, §8): from the Results header's 'Add column' button, a small
 * form with the title 'Add custom column', the hint 'Track notes, categories or add a score', the column-type list
 * (Short text, Long text, Number, Checkbox, Dropdown, Multi-select), the name input, an options editor for Dropdown
 * and Multi-select (type an option, Enter or a comma adds it) and '+ Add column'. The rules are the service's
 * (`rules/custom-columns.ts` `customColumnProblems`): an empty or blank name shows 'Provide a column name', which
 * clears once typed; a type with options needs one ('At least one option is required'). A refused request shows
 * its error under the name input. On success the form resets and the popover closes; the new column appears in the
 * table (the flow's settings are updated in the cache).
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Popover, Radio, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { customColumns as texts } from '@formloom/contracts/copy/custom-columns';
import { CUSTOM_COLUMN_TYPES, type CustomColumnType } from '@formloom/contracts/entities/custom-column';
import { CUSTOM_COLUMN_NAME_MAX_LENGTH, CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH, CUSTOM_COLUMN_OPTIONS_MAX } from '@formloom/contracts/limits';
import { CUSTOM_COLUMN_KINDS, customColumnProblems } from '@formloom/contracts/rules/custom-columns';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconPlus } from '../../../ui/icons';
import { useCreateCustomColumn } from '../api/custom-columns';

/** Props of {@link AddCustomColumn}. */
export interface AddCustomColumnProps {
  publicIdentifier: string;
  /** The flow's numeric id (the call's `{flowId}`). */
  flowId: number;
}

/** The form's state: the chosen type, the name as typed, the options' labels. */
interface Draft {
  type: CustomColumnType;
  name: string;
  options: string[];
}

const EMPTY: Draft = { type: 'ShortAnswer', name: '', options: [] };

/** The errors shown: under the name input (the name's, or a refused request's) and under the options. */
type Errors = Partial<Record<'name' | 'options', string>>;

/** The button and its popover (see the module doc). */
export function AddCustomColumn({ publicIdentifier, flowId }: AddCustomColumnProps) {
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCustomColumn(publicIdentifier, flowId);
  const hasOptions = CUSTOM_COLUMN_KINDS[draft.type].hasOptions;

  const change = (next: Partial<Draft>, clears: keyof Errors) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => ({ ...current, [clears]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const column = { name: draft.name, type: draft.type, ...(hasOptions ? { options: draft.options.map((label) => ({ label })) } : {}) };
    const problems = customColumnProblems(column);
    if (problems.length > 0) {
      setErrors({
        name: problems.find(({ path }) => path === 'name')?.message,
        options: problems.find(({ path }) => path.startsWith('options'))?.message,
      });
      return;
    }
    try {
      await create.mutateAsync(column);
      setDraft(EMPTY);
      setErrors({});
      setOpened(false);
    } catch (error) {
      // Spec 001 §8: the request's error is shown under the name input (a field's own message when it names one).
      setErrors({ name: (isApiError(error) ? error.fieldErrors[0]?.message : undefined) ?? errorMessage(error) });
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} trapFocus shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setOpened((open) => !open)} data-testid="custom-column-add">
          {texts.openPopover}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} maw="calc(100vw - 16px)">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Stack gap={2}>
              <Title order={3} fz="md" id={titleId}>
                {texts.popoverTitle}
              </Title>
              <Text fz="sm" c="dimmed">
                {texts.popoverHint}
              </Text>
            </Stack>
            <Radio.Group label={texts.typeLabel} value={draft.type} onChange={(type) => change({ type: type as CustomColumnType }, 'options')}>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
                {CUSTOM_COLUMN_TYPES.map((type) => (
                  <Radio key={type} value={type} label={CUSTOM_COLUMN_KINDS[type].label} />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <TextInput
              label={texts.nameLabel}
              placeholder={texts.namePlaceholder}
              value={draft.name}
              maxLength={CUSTOM_COLUMN_NAME_MAX_LENGTH}
              onChange={(event) => change({ name: event.currentTarget.value }, 'name')}
              error={errors.name}
              data-autofocus
              data-testid="custom-column-name"
            />
            {hasOptions && (
              <TagsInput
                label={texts.optionsLabel}
                placeholder={texts.optionsPlaceholder}
                value={draft.options}
                onChange={(options) => change({ options: options.map((option) => option.slice(0, CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH)) }, 'options')}
                splitChars={[',']}
                acceptValueOnBlur
                maxTags={CUSTOM_COLUMN_OPTIONS_MAX}
                error={errors.options}
                comboboxProps={{ withinPortal: false }}
                data-testid="custom-column-options"
              />
            )}
            <Button type="submit" loading={create.isPending} data-testid="custom-column-submit">
              {texts.addColumn}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
