/**
 * Choosing a theme (spec 000 §2 choose_theme, §5 "Theme stage needs a theme"): the theme gallery with its two
 * makers — 'Make your own' (the theme editor) and 'Create theme with AI' (the AI theme designer) — whose new theme is
 * chosen when made, and a confirm button that asks for a choice first ('Select a theme to continue'). The new-flow
 * dialog's choose_theme stage and the editor's theme dialog are this with their own buttons.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Theme } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { FEATURED_THEMES, isFeaturedThemeId } from '@formloom/contracts/rules/themes';
import { IconAlert } from '../../../ui/icons';
import { AiThemeModal } from './ai-theme-modal';
import { ThemeEditorModal } from './theme-editor-modal';
import { ThemeGallery } from './theme-gallery';
import classes from './themes.module.css';

/** Props of {@link ThemePicker}. */
export interface ThemePickerProps {
  /** The chosen theme's id (featured id or organization theme public id), or null. */
  selected: string | null;
  onSelect: (id: string) => void;
  /** The confirm button's label ('Continue', 'Apply'). */
  confirmLabel: string;
  /** Confirmed with a chosen theme. */
  onConfirm: (id: string) => void;
  /** The confirm button's busy state. */
  confirming?: boolean;
  /** A button left of the confirm button (Back). */
  secondary?: ReactNode;
  /** A modal of the picker is open over the dialog (the dialog should not close on Escape). */
  onModalOpen?: (open: boolean) => void;
}

/** The theme picker (see the module doc). */
export function ThemePicker({ selected, onSelect, confirmLabel, onConfirm, confirming, secondary, onModalOpen }: ThemePickerProps) {
  const [modal, setModal] = useState<{ kind: 'editor'; editing?: Theme } | { kind: 'ai' } | null>(null);
  const [missing, setMissing] = useState(false);
  // The card just clicked, shown and confirmed at once: `selected` may come back through a navigation (the URL's
  // theme segment), which React renders as a transition.
  const [picked, setPicked] = useState<string | null>(null);
  // A new `selected` from outside (Back, Forward) wins over the last click.
  const [shown, setShown] = useState(selected);
  if (shown !== selected) {
    setShown(selected);
    setPicked(null);
  }
  const chosen = picked ?? selected;

  function choose(id: string) {
    setMissing(false);
    setPicked(id);
    onSelect(id);
  }

  function open(next: typeof modal) {
    setModal(next);
    onModalOpen?.(next !== null);
  }

  function chooseNew(theme: Theme) {
    open(null);
    choose(theme.publicIdentifier);
  }

  return (
    <Stack gap="md">
      <ThemeGallery
        selected={chosen}
        onSelect={choose}
        onMakeYourOwn={() => open({ kind: 'editor' })}
        onCreateWithAi={() => open({ kind: 'ai' })}
        onEdit={(theme) => open({ kind: 'editor', editing: theme })}
      />
      {missing && (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="theme-missing">
          {copy.themes.selectToContinue}
        </Alert>
      )}
      <Group justify="space-between" className={classes.actions}>
        {secondary ?? <span />}
        <Button
          loading={confirming}
          onClick={() => {
            if (chosen) onConfirm(chosen);
            else setMissing(true);
          }}
          data-testid="theme-confirm"
        >
          {confirmLabel}
        </Button>
      </Group>
      <ThemeEditorModal
        opened={modal?.kind === 'editor'}
        editing={modal?.kind === 'editor' ? modal.editing : undefined}
        startFrom={chosen && isFeaturedThemeId(chosen) ? FEATURED_THEMES[chosen] : undefined}
        onClose={() => open(null)}
        onSaved={chooseNew}
      />
      <AiThemeModal opened={modal?.kind === 'ai'} onClose={() => open(null)} onCreated={chooseNew} />
    </Stack>
  );
}
