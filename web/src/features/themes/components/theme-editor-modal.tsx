/**
 * 'Make your own' (spec 000 §2 choose_theme; ours: the editor itself): a theme's name, its four colours (buttons
 * and accents, page background with an optional fade, question card, text), its font from the curated list, corner
 * roundness, button shape, a background picture and a logo — beside a live preview drawn as the form will be. Saving
 * creates the theme (`POST /admin/themes/create`) or, when editing one, changes it (`PATCH /admin/themes/:id`).
 * Colours that would make text unreadable are adjusted when drawn; the editor says so.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { THEME_FONT_IDS, THEME_RADIUS_MAX_PX, type ButtonShape, type Theme, type ThemeDefinition } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { FEATURED_THEMES, THEME_FONTS, themeColorsAdjusted } from '@formloom/contracts/rules/themes';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert, IconUpload } from '../../../ui/icons';
import { uploadThemePicture, useCreateTheme, useUpdateTheme } from '../api/themes';
import { ThemePreview } from './theme-preview';

/** Props of {@link ThemeEditorModal}. */
export interface ThemeEditorModalProps {
  opened: boolean;
  onClose: () => void;
  /** The theme to change; absent: a new theme, starting from `startFrom` (default the plain look). */
  editing?: Theme;
  /** The design a new theme starts from (the chosen featured theme, say). */
  startFrom?: ThemeDefinition;
  /** The theme was saved (created or changed). */
  onSaved: (theme: Theme) => void;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The theme editor (see the module doc). Mounted afresh each time it opens, so it starts from its props. */
export function ThemeEditorModal(props: ThemeEditorModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size={960}
      title={props.editing ? copy.themes.editor.editTitle : copy.themes.editor.title}
      centered
      data-testid="theme-editor"
    >
      {props.opened && <ThemeEditorForm {...props} />}
    </Modal>
  );
}

function ThemeEditorForm({ editing, startFrom, onSaved }: ThemeEditorModalProps) {
  const { editor } = copy.themes;
  const [name, setName] = useState(editing?.name ?? editor.defaultName);
  const [theme, setTheme] = useState<ThemeDefinition>(editing?.theme ?? startFrom ?? FEATURED_THEMES.plain);
  const [nameError, setNameError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<'logo' | 'background' | null>(null);
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const saving = create.isPending || update.isPending;

  function setColor(key: keyof ThemeDefinition['colors'], value: string) {
    setTheme((current) => ({ ...current, colors: { ...current.colors, [key]: value } }));
  }

  async function upload(kind: 'logo' | 'background', file: File | null) {
    if (!file) return;
    setUploading(kind);
    try {
      const url = await uploadThemePicture(file);
      setTheme((current) => (kind === 'logo' ? { ...current, logoUrl: url } : { ...current, backgroundImageUrl: url }));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setUploading(null);
    }
  }

  function save() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(editor.nameRequired);
      return;
    }
    const onError = (error: unknown) => {
      if (isApiError(error, 409)) setNameError(errorMessage(error));
      else notifications.show({ color: 'red', message: errorMessage(error) });
    };
    if (editing) update.mutate({ themePublicId: editing.publicIdentifier, name: trimmed, theme }, { onSuccess: onSaved, onError });
    else create.mutate({ name: trimmed, theme }, { onSuccess: onSaved, onError });
  }

  const colorField = (key: keyof ThemeDefinition['colors'], label: string) => (
    <HexColorField label={label} value={theme.colors[key]} onChange={(value) => setColor(key, value)} testId={`theme-color-${key}`} />
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Stack gap="sm">
          <TextInput
            label={editor.name}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            maxLength={100}
            data-testid="theme-name"
          />
          <Text fw={600} fz="sm">
            {editor.colors}
          </Text>
          {colorField('primary', editor.primary)}
          {colorField('background', editor.background)}
          <Switch
            label={editor.fade}
            checked={theme.backgroundGradientTo !== null}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setTheme((current) => ({ ...current, backgroundGradientTo: on ? current.colors.surface : null }));
            }}
          />
          {theme.backgroundGradientTo !== null && (
            <HexColorField
              label={editor.fadesTo}
              value={theme.backgroundGradientTo}
              onChange={(value) => setTheme((current) => ({ ...current, backgroundGradientTo: value }))}
              testId="theme-color-fade"
            />
          )}
          {colorField('surface', editor.surface)}
          {colorField('text', editor.text)}
          {themeColorsAdjusted(theme) && (
            <Alert variant="light" color="blue" icon={<IconAlert />} data-testid="theme-contrast-note">
              {editor.contrastAdjusted}
            </Alert>
          )}
          <Select
            label={editor.font}
            data={THEME_FONT_IDS.map((id) => ({ value: id, label: THEME_FONTS[id].label }))}
            value={theme.font}
            onChange={(value) => value && setTheme((current) => ({ ...current, font: value as ThemeDefinition['font'] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="theme-font"
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="theme-radius-label">
              {editor.radius}
            </Text>
            <Slider
              min={0}
              max={THEME_RADIUS_MAX_PX}
              value={theme.radius}
              onChange={(radius) => setTheme((current) => ({ ...current, radius }))}
              label={(value) => `${value} px`}
              thumbProps={{ 'aria-labelledby': 'theme-radius-label' }}
            />
          </Stack>
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="theme-shape-label">
              {editor.buttonShape}
            </Text>
            <SegmentedControl
              aria-labelledby="theme-shape-label"
              value={theme.buttonShape}
              onChange={(value) => setTheme((current) => ({ ...current, buttonShape: value as ButtonShape }))}
              data={(['square', 'rounded', 'pill'] as const).map((shape) => ({ value: shape, label: editor.buttonShapes[shape] }))}
            />
          </Stack>
          <PictureField
            label={editor.backgroundImage}
            url={theme.backgroundImageUrl}
            loading={uploading === 'background'}
            onPick={(file) => void upload('background', file)}
            onRemove={() => setTheme((current) => ({ ...current, backgroundImageUrl: null }))}
            testId="theme-background-image"
          />
          <PictureField
            label={editor.logo}
            url={theme.logoUrl}
            loading={uploading === 'logo'}
            onPick={(file) => void upload('logo', file)}
            onRemove={() => setTheme((current) => ({ ...current, logoUrl: null }))}
            testId="theme-logo"
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="sm">
          <Text fw={600} fz="sm">
            {editor.preview}
          </Text>
          <ThemePreview theme={theme} size="lg" />
          <Group justify="flex-end">
            <Button onClick={save} loading={saving} data-testid="theme-save">
              {editor.save}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * A colour as `#rrggbb`, typed or picked: the field keeps what is typed, and the theme takes it (lower-cased) once it
 * is a whole colour; leaving the field with a partial one puts the theme's colour back.
 */
function HexColorField({ label, value, onChange, testId }: { label: string; value: string; onChange: (hex: string) => void; testId: string }) {
  const [text, setText] = useState(value);
  return (
    <ColorInput
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        if (HEX.test(next)) onChange(next.toLowerCase());
      }}
      onBlur={() => !HEX.test(text) && setText(value)}
      format="hex"
      withEyeDropper={false}
      data-testid={testId}
    />
  );
}

/** A picture of the theme (background or logo): its thumbnail with 'Remove', or 'Upload image'. */
function PictureField({
  label,
  url,
  loading,
  onPick,
  onRemove,
  testId,
}: {
  label: string;
  url: string | null;
  loading: boolean;
  onPick: (file: File | null) => void;
  onRemove: () => void;
  testId: string;
}) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      {url ? (
        <Group gap="sm">
          <Image src={url} alt="" h={40} w={64} fit="contain" radius="sm" />
          <Button variant="subtle" size="xs" color="red" onClick={onRemove} aria-label={`${copy.themes.editor.remove}: ${label}`}>
            {copy.themes.editor.remove}
          </Button>
        </Group>
      ) : (
        <FileButton onChange={onPick} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={loading} aria-label={`${copy.editor.uploadImage}: ${label}`} data-testid={testId}>
              {copy.editor.uploadImage}
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
