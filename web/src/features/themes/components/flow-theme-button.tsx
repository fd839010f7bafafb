/**
 * The editor's theme control (spec 000 §3 Flow `featuredThemeId` / `themePublicId`; ours): a 'Theme: {name}' button
 * beside 'Preview' that opens the theme gallery for the form; 'Apply' saves the choice
 * (`PUT /admin/flows/:publicIdentifier/theme`), which the live form shows at once, as the preview does. Read-only
 * members see the theme's name only.
 */
import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Flow } from '@formloom/contracts/entities/flow';
import type { Theme, ThemeDefinition } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { FEATURED_THEMES, isFeaturedThemeId } from '@formloom/contracts/rules/themes';
import { errorMessage } from '../../../lib/api-client';
import { IconSparkles } from '../../../ui/icons';
import { useSetFlowTheme, useThemeName, useThemes } from '../api/themes';
import { ThemePicker } from './theme-picker';

/** The id a flow's theme was chosen by (`featuredThemeId` or `themePublicId`), or null for the default look. */
export function flowThemeId(flow: Pick<Flow, 'featuredThemeId' | 'themePublicId'>): string | null {
  return flow.themePublicId ?? flow.featuredThemeId ?? null;
}

/**
 * The design of theme `id` — a featured theme's, or one of `themes` (the organization's) — or null for no theme or
 * one not (or no longer) known.
 */
export function themeDefinitionOf(id: string | null, themes: readonly Theme[] | undefined): ThemeDefinition | null {
  if (!id) return null;
  if (isFeaturedThemeId(id)) return FEATURED_THEMES[id];
  return themes?.find((theme) => theme.publicIdentifier === id)?.theme ?? null;
}

/** The design form `flow` is drawn with (null: the default look), for the editor's preview. */
export function useFlowThemeDefinition(flow: Pick<Flow, 'featuredThemeId' | 'themePublicId'> | undefined): ThemeDefinition | null {
  const themes = useThemes();
  return flow ? themeDefinitionOf(flowThemeId(flow), themes.data) : null;
}

/** 'Theme: {name}' and its dialog for form `flow` (see the module doc). */
export function FlowThemeButton({ flow }: { flow: Flow }) {
  const themeName = useThemeName();
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const setTheme = useSetFlowTheme(flow.publicIdentifier);
  const current = flowThemeId(flow);
  const name = (current && themeName(current)) ?? copy.themes.design.defaultLook;
  const canWrite = flow.accessLevel === 'write';

  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSparkles size={14} />}
        onClick={() => {
          setSelected(current);
          setOpened(true);
        }}
        disabled={!canWrite}
        data-testid="flow-theme-button"
      >
        {copy.themes.design.title}: {name}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size={1100}
        title={copy.themes.design.change}
        closeOnEscape={!modalOpen}
        centered
        data-testid="flow-theme-dialog"
      >
        {opened && (
          <ThemePicker
            selected={selected}
            onSelect={setSelected}
            confirmLabel={copy.themes.design.apply}
            confirming={setTheme.isPending}
            onModalOpen={setModalOpen}
            onConfirm={(id) =>
              setTheme.mutate(id, {
                onSuccess: () => {
                  setOpened(false);
                  notifications.show({ color: 'green', message: copy.themes.design.saved });
                },
                onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
              })
            }
          />
        )}
      </Modal>
    </>
  );
}
