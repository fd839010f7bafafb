/**
 * A theme drawn as a small form (spec 000 §2 choose_theme cards; the theme editor's live preview): a question, an
 * answer box and a button in the theme's background, card, font, colours, roundness and button shape — with the
 * public form's own variables (`respondent/theme.tsx`), so it looks exactly as a form in that theme will.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ThemeDefinition } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { themeLook } from '@formloom/contracts/rules/themes';
import classes from './themes.module.css';

/** Props of {@link ThemePreview}. */
export interface ThemePreviewProps {
  /** The design to draw. */
  theme: ThemeDefinition;
  /** `sm`: a gallery card (16:10); `lg`: the theme editor's preview. */
  size?: 'sm' | 'lg';
}

/** A small form drawn in theme `theme` (decorative: its texts are a sample, hidden from assistive technology at `sm`). */
export function ThemePreview({ theme, size = 'sm' }: ThemePreviewProps) {
  const root = useRef<HTMLDivElement>(null);
  const look = useMemo(() => themeLook(theme), [theme]);
  // As the public form sets them (`respondent/theme.tsx`), here without that module: the public form's first chunk
  // stays its own (its paint budget, docs/architecture.md "The public form's bundle").
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    for (const [name, value] of Object.entries(look.cssVariables)) element.style.setProperty(name, value);
  }, [look]);
  const { editor } = copy.themes;
  return (
    <div ref={root} className={classes.preview} data-size={size} aria-hidden={size === 'sm' ? true : undefined} data-testid="theme-preview">
      <link rel="stylesheet" href={look.fontStylesheet} />
      <div className={classes.previewCard}>
        {theme.logoUrl && <img src={theme.logoUrl} alt="" className={classes.previewLogo} />}
        <p className={classes.previewQuestion}>{editor.previewQuestion}</p>
        <div className={classes.previewInput}>{editor.previewPlaceholder}</div>
        <span className={classes.previewButton}>{editor.previewButton}</span>
      </div>
    </div>
  );
}
