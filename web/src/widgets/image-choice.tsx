/**
 * The editor's settings of an ImageChoice question: 'Allow several choices' (`multiple`) and its cards, each with
 * its label, its image address (`https://` only: the field says so as soon as it holds anything else, as saving
 * would) and the image's description for screen readers (alt text). Rename, remove (a question keeps at least one
 * card), add ('Add option', or Enter in a label); in a quiz, each card's points (`rules/quiz.ts`). The pictures
 * themselves show in the live preview.
 */
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { IMAGE_ALT_MAX_LENGTH, URL_MAX_LENGTH } from '@formloom/contracts/limits';
import { isImageUrl, type ImageOption } from '@formloom/contracts/widgets/image-choice';
import { IconPlus, IconTrash } from '../ui/icons';
import { patchWidgetTemplate } from './shared/field-props';
import { PointsInput, withPoints } from './shared/options-editor';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type ImageChoiceWidget = WidgetOf<'ImageChoice'>;

/** The problem of an image address as typed: none while blank (a draft may lack it), else https only. */
export function imageUrlProblem(imageUrl: string | undefined): string | undefined {
  const text = imageUrl?.trim() ?? '';
  return text === '' || isImageUrl(text) ? undefined : copy.flows.imageUrlNotHttps;
}

/** 'Allow several choices', then one block per card: 'Option N', 'Image address N', 'Alt text N', in a quiz 'Points for option N', delete. */
export function ImageChoiceSettings({ widget, onChange, onAddOption, quiz = false }: WidgetSettingsProps<ImageChoiceWidget>) {
  const { options, multiple } = widget.template;
  const setOptions = (next: ImageOption[]) => onChange(patchWidgetTemplate(widget, { options: next }));
  const patchOption = (id: string, patch: Partial<ImageOption>) =>
    setOptions(options.map((option) => (option.id === id ? { ...option, ...patch } : option)));

  return (
    <Stack gap="sm">
      <Switch
        size="sm"
        label="Allow several choices"
        checked={multiple === true}
        onChange={(event) => onChange(patchWidgetTemplate(widget, { multiple: event.currentTarget.checked || undefined }))}
      />
      <Stack gap={10} data-testid="image-options-editor">
        <Text fz="xs" fw={600} c="dimmed">
          Options
        </Text>
        {options.map((option, index) => (
          <Group key={option.id} gap={6} wrap="nowrap" align="flex-start">
            <Text fz="xs" c="dimmed" w={18} ta="right" mt={6}>
              {index + 1}.
            </Text>
            <Stack gap={4} flex={1}>
              <TextInput
                aria-label={`Option ${index + 1}`}
                placeholder="Label"
                size="xs"
                value={option.label}
                onChange={(event) => patchOption(option.id, { label: event.currentTarget.value })}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    onAddOption('options');
                  }
                }}
                data-testid="option-input"
              />
              <TextInput
                aria-label={`Image address ${index + 1}`}
                placeholder="https://…"
                size="xs"
                type="url"
                maxLength={URL_MAX_LENGTH}
                value={option.imageUrl ?? ''}
                error={imageUrlProblem(option.imageUrl)}
                onChange={(event) => patchOption(option.id, { imageUrl: event.currentTarget.value.trim() || undefined })}
              />
              <TextInput
                aria-label={`Alt text ${index + 1}`}
                placeholder="Describe the image (optional)"
                size="xs"
                maxLength={IMAGE_ALT_MAX_LENGTH}
                value={option.alt ?? ''}
                onChange={(event) => patchOption(option.id, { alt: event.currentTarget.value || undefined })}
              />
            </Stack>
            {quiz && (
              <PointsInput
                option={option}
                label={`Points for option ${index + 1}`}
                onChange={(points) => setOptions(options.map((item) => (item.id === option.id ? withPoints(item, points) : item)))}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Delete choice ${index + 1}`}
              disabled={options.length <= 1}
              onClick={() => setOptions(options.filter((item) => item.id !== option.id))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => onAddOption('options')} w="fit-content">
          Add option
        </Button>
      </Stack>
    </Stack>
  );
}
