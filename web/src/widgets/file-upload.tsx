/**
 * The editor's settings of a FileUpload question: the file types it takes (a preset — images, documents, any type —
 * or the editor's own list of extensions), the largest file in MB (10 when empty; at most `FILE_UPLOAD_MAX_MB_CAP`,
 * and the service's `FILE_UPLOAD_MAX_MB` caps it too) and how many files (1–10).
 */
import { Group, NativeSelect, NumberInput, Stack, TagsInput } from '@mantine/core';
import { FILE_UPLOAD_DEFAULTS } from '@formloom/contracts/answers/file-upload';
import { PRESET_EXTENSIONS, type FileTypePreset } from '@formloom/contracts/answers/shared/uploads';
import { FILE_UPLOAD_MAX_FILES, FILE_UPLOAD_MAX_MB_CAP, UPLOAD_EXTENSION_MAX_LENGTH, UPLOAD_EXTENSIONS_MAX } from '@formloom/contracts/limits';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type FileUploadWidget = WidgetOf<'FileUpload'>;

/** The choices of 'File types': the presets, and the editor's own list. */
const TYPE_CHOICES = [
  { value: 'any', label: 'Any type' },
  { value: 'images', label: `Images (${PRESET_EXTENSIONS.images.join(', ')})` },
  { value: 'documents', label: 'Documents (pdf, Word, Excel, PowerPoint, text …)' },
  { value: 'custom', label: 'Only these extensions…' },
];

/** An extension as the question keeps it: lower case, without a leading dot, letters and digits only. */
function cleanExtension(text: string): string {
  return text.trim().replace(/^\.+/, '').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, UPLOAD_EXTENSION_MAX_LENGTH);
}

/** 'File types' (and the extensions of 'Only these extensions…'), 'Largest file (MB)' and 'Files at most'. */
export function FileUploadSettings({ widget, onChange }: WidgetSettingsProps<FileUploadWidget>) {
  const { allowedTypes, maxSizeMb, maxFiles } = widget.template;
  const patch = (settings: Partial<FileUploadWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  const custom = Array.isArray(allowedTypes);
  const choice = custom ? 'custom' : (allowedTypes ?? FILE_UPLOAD_DEFAULTS.allowedTypes);
  return (
    <Stack gap="sm">
      <NativeSelect
        label="File types"
        size="xs"
        data={TYPE_CHOICES}
        value={choice}
        onChange={(event) => {
          const next = event.currentTarget.value;
          patch({ allowedTypes: next === 'custom' ? ['pdf'] : (next as FileTypePreset) });
        }}
      />
      {custom && (
        <TagsInput
          label="Extensions"
          description="Type an extension and press Enter (pdf, png …)"
          size="xs"
          maxTags={UPLOAD_EXTENSIONS_MAX}
          value={[...allowedTypes]}
          onChange={(values) => {
            const extensions = [...new Set(values.map(cleanExtension).filter(Boolean))];
            patch({ allowedTypes: extensions.length > 0 ? extensions : ['pdf'] });
          }}
        />
      )}
      <Group grow gap="sm">
        <NumberInput
          label="Largest file (MB)"
          size="xs"
          min={0.1}
          max={FILE_UPLOAD_MAX_MB_CAP}
          decimalScale={1}
          placeholder={String(FILE_UPLOAD_DEFAULTS.maxSizeMb)}
          value={maxSizeMb ?? ''}
          onChange={(next) => patch({ maxSizeMb: typeof next === 'number' && next > 0 ? Math.min(next, FILE_UPLOAD_MAX_MB_CAP) : undefined })}
        />
        <NumberInput
          label="Files at most"
          size="xs"
          min={1}
          max={FILE_UPLOAD_MAX_FILES}
          allowDecimal={false}
          placeholder={String(FILE_UPLOAD_DEFAULTS.maxFiles)}
          value={maxFiles ?? ''}
          onChange={(next) =>
            patch({ maxFiles: typeof next === 'number' ? Math.min(FILE_UPLOAD_MAX_FILES, Math.max(1, Math.round(next))) : undefined })
          }
        />
      </Group>
    </Stack>
  );
}
