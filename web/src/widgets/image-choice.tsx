/**
 * The editor's settings of an ImageChoice question: 'Allow several choices' (`multiple`) and its cards, each with
 * its label, its image — an `https://` address typed in (the field says so as soon as it holds anything else, as
 * saving would), or a picture uploaded with 'Upload image' or dropped on the card (`ImageUploadContext`: the editor
 * sends it with `POST /admin/fileupload` and the card keeps the form image's path) — and the image's description for
 * screen readers (alt text). Rename, remove (a question keeps at least one card), add ('Add option', or Enter in a
 * label); in a quiz, each card's points (`rules/quiz.ts`). An uploaded picture shows as a thumbnail on its card (the
 * app's CSP loads images from our own origin only); every picture shows in the live preview.
 */
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Image, Stack, Switch, Text, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { IMAGE_ALT_MAX_LENGTH, URL_MAX_LENGTH } from '@formloom/contracts/limits';
import { isFormImagePath } from '@formloom/contracts/answers/image-choice';
import { isImageUrl, type ImageOption } from '@formloom/contracts/widgets/image-choice';
import { errorMessage } from '../lib/api-client';
import { IconPlus, IconTrash, IconUpload } from '../ui/icons';
import { patchWidgetTemplate } from './shared/field-props';
import { useImageUploader, type ImageUploader } from './shared/image-upload';
import classes from './image-choice.module.css';
import { PointsInput, withPoints } from './shared/options-editor';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type ImageChoiceWidget = WidgetOf<'ImageChoice'>;

/** The problem of an image address as typed: none while blank (a draft may lack it), else https only. */
export function imageUrlProblem(imageUrl: string | undefined): string | undefined {
  const text = imageUrl?.trim() ?? '';
  return text === '' || isImageUrl(text) ? undefined : copy.flows.imageUrlNotHttps;
}

/**
 * 'Allow several choices', then one block per card: 'Option N', 'Image address N' with 'Upload image' (when the
 * editor gives an uploader), 'Alt text N', in a quiz 'Points for option N', delete.
 */
export function ImageChoiceSettings({ widget, onChange, onAddOption, quiz = false }: WidgetSettingsProps<ImageChoiceWidget>) {
  const { options, multiple } = widget.template;
  const uploader = useImageUploader();
  // An upload answers later: its image goes into the question as it is then, not as it was when the file was chosen.
  const latest = useRef(widget);
  useEffect(() => {
    latest.current = widget;
  }, [widget]);
  const setOptions = (next: ImageOption[]) => onChange(patchWidgetTemplate(widget, { options: next }));
  const patchOption = (id: string, patch: Partial<ImageOption>) =>
    setOptions(options.map((option) => (option.id === id ? { ...option, ...patch } : option)));
  const setUploadedImage = (id: string, imageUrl: string) => {
    const current = latest.current;
    const next = current.template.options.map((option) => (option.id === id ? { ...option, imageUrl } : option));
    onChange(patchWidgetTemplate(current, { options: next }));
  };

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
            <ImageCard
              position={index + 1}
              uploader={uploader}
              widgetId={widget.id}
              imageUrl={option.imageUrl}
              onUploaded={(imageUrl) => setUploadedImage(option.id, imageUrl)}
              label={
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
              }
              renderAddress={(uploadError) => (
                <TextInput
                  aria-label={`Image address ${index + 1}`}
                  placeholder="https://…"
                  size="xs"
                  type="url"
                  maxLength={URL_MAX_LENGTH}
                  value={option.imageUrl ?? ''}
                  error={uploadError ?? imageUrlProblem(option.imageUrl)}
                  onChange={(event) => patchOption(option.id, { imageUrl: event.currentTarget.value.trim() || undefined })}
                  flex="1 1 180px"
                  miw={0}
                />
              )}
            >
              <TextInput
                aria-label={`Alt text ${index + 1}`}
                placeholder="Describe the image (optional)"
                size="xs"
                maxLength={IMAGE_ALT_MAX_LENGTH}
                value={option.alt ?? ''}
                onChange={(event) => patchOption(option.id, { alt: event.currentTarget.value || undefined })}
              />
            </ImageCard>
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

/** What {@link ImageCard} takes: the card's picture, its upload, and its fields (label, address, then `children`). */
interface ImageCardProps {
  /** 1-based, for the controls' names. */
  position: number;
  uploader: ImageUploader | null;
  widgetId: string;
  imageUrl: string | undefined;
  onUploaded: (imageUrl: string) => void;
  label: ReactNode;
  /** The address field, given the upload's error to show (undefined: none). */
  renderAddress: (uploadError: string | undefined) => ReactNode;
  children: ReactNode;
}

/**
 * One card's fields, with its picture upload when there is an uploader: 'Upload image' beside the address (a file
 * picker of images), a file dropped anywhere on the card, the upload's progress and outcome said in words (a polite
 * live region), its error on the address field, and the uploaded picture as a thumbnail.
 */
function ImageCard({ position, uploader, widgetId, imageUrl, onUploaded, label, renderAddress, children }: ImageCardProps) {
  const [uploading, setUploading] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [dragOver, setDragOver] = useState(false);

  async function upload(file: File | null) {
    if (!file || !uploader || uploading) return;
    setError(undefined);
    setUploading(file.name);
    setStatus(copy.editor.uploadingImage(file.name));
    try {
      onUploaded(await uploader.upload(file, widgetId));
      setStatus(copy.editor.imageUploaded(file.name));
    } catch (failure) {
      setError(errorMessage(failure));
      setStatus('');
    } finally {
      setUploading(null);
    }
  }

  const dropProps = uploader
    ? {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragOver(true);
        },
        onDragLeave: () => setDragOver(false),
        onDrop: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragOver(false);
          void upload(event.dataTransfer.files[0] ?? null);
        },
      }
    : {};

  return (
    <Stack
      gap={4}
      flex={1}
      miw={0}
      data-testid="image-option"
      data-drop-target={dragOver || undefined}
      className={classes.card}
      {...dropProps}
    >
      {label}
      <Group gap={6} wrap="wrap" align="flex-start">
        {imageUrl && isFormImagePath(imageUrl) && (
          <Image src={imageUrl} alt={copy.editor.imagePreview(position)} w={30} h={30} radius="sm" fit="cover" flex="none" data-testid="image-thumbnail" />
        )}
        {renderAddress(error)}
        {uploader && (
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} />}
                loading={uploading !== null}
                aria-label={copy.editor.uploadImageLabel(position)}
                flex="none"
              >
                {copy.editor.uploadImage}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {uploader && (
        <Box>
          <Text fz={11} c="dimmed" role="status" aria-live="polite">
            {status || copy.editor.imageDropHint}
          </Text>
        </Box>
      )}
      {children}
    </Stack>
  );
}
