/**
 * The AI theme designer (spec 001 §2 "Create with AI modal (themes)", §3 "Theme", §9 "AI theme"; spec 000 §7):
 * 'AI Theme Designer', 'Choose an image', 'A theme will be generated based on your selection'. Once an image is
 * picked: 'Generating theme' with dots advancing every 600 ms while the image — scaled down in the browser to
 * `THEME_GENERATE_IMAGE_EDGE_PX` on its longer edge — goes to `POST /admin/themes/generate`, the design comes back and
 * is created as 'AI Theme' made unique (`POST /admin/themes/create`); after 750 ms the theme is handed over. The
 * generation error is not shown (spec 000 §6): the designer returns to its first state.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, FileButton, Modal, Stack, Text } from '@mantine/core';
import type { Theme } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { AI_THEME_HANDOVER_WAIT_MS, LOADING_DOTS_INTERVAL_MS, THEME_GENERATE_IMAGE_EDGE_PX } from '@formloom/contracts/limits';
import { track } from '../../../lib/analytics';
import { IconSparkles } from '../../../ui/icons';
import { generateThemeFromImage, useCreateTheme } from '../api/themes';
import classes from './themes.module.css';

/** Props of {@link AiThemeModal}. */
export interface AiThemeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The created theme, 750 ms after it was created. */
  onCreated: (theme: Theme) => void;
}

/**
 * `file` drawn on a canvas at most `edge` px on its longer side, as a PNG `data:` URL (any image type the browser
 * decodes — WebP, HEIC on Safari — becomes a PNG the server reads).
 * @throws Error when the browser cannot decode the file.
 */
export async function scaledImageDataUrl(file: Blob, edge = THEME_GENERATE_IMAGE_EDGE_PX): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error(copy.themes.imageUnreadable);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/png');
}

/** Dots that advance every `LOADING_DOTS_INTERVAL_MS` (spec 001 §9): '', '.', '..', '...', ''… */
function useLoadingDots(active: boolean): string {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setCount((n) => (n + 1) % 4), LOADING_DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active]);
  return active ? '.'.repeat(count) : '';
}

/** The designer (see the module doc). Its content mounts afresh each time it opens. */
export function AiThemeModal({ opened, onClose, onCreated }: AiThemeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={copy.themes.aiDesigner} centered size="md" data-testid="ai-theme-modal">
      {opened && <AiThemeDesigner onCreated={onCreated} />}
    </Modal>
  );
}

function AiThemeDesigner({ onCreated }: Pick<AiThemeModalProps, 'onCreated'>) {
  const [picture, setPicture] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const dots = useLoadingDots(generating);
  const create = useCreateTheme();
  const closed = useRef(false);

  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
    };
  }, []);

  async function generate(file: File | null) {
    if (!file) return;
    setGenerating(true);
    try {
      const imageUrl = await scaledImageDataUrl(file);
      setPicture(imageUrl);
      const design = await generateThemeFromImage(imageUrl);
      const theme = await create.mutateAsync({ theme: design, name: copy.themes.aiThemeName, makeNameUnique: true });
      track('ai_theme_created', { font: design.font });
      await new Promise((resolve) => setTimeout(resolve, AI_THEME_HANDOVER_WAIT_MS));
      if (!closed.current) onCreated(theme);
    } catch {
      // spec 000 §6: the theme-generation error is not shown; the designer starts over.
      if (!closed.current) setPicture(null);
    } finally {
      if (!closed.current) setGenerating(false);
    }
  }

  return (
      <Stack gap="md" align="center">
        {picture && <img src={picture} alt="" className={classes.aiPicture} />}
        {generating ? (
          <Text fw={600} role="status" data-testid="ai-theme-generating">
            {copy.themes.generating}
            <span className={classes.dots} aria-hidden>
              {dots}
            </span>
          </Text>
        ) : (
          <>
            <Text c="dimmed" ta="center">
              {copy.themes.aiHint}
            </Text>
            <FileButton onChange={(file) => void generate(file)} accept="image/png,image/jpeg,image/gif,image/webp">
              {(props) => (
                <Button {...props} leftSection={<IconSparkles size={16} />} data-testid="ai-theme-choose">
                  {copy.themes.chooseImage}
                </Button>
              )}
            </FileButton>
          </>
        )}
      </Stack>
  );
}
