/**
 * The public form's page drawn with a form theme (spec 000 §2 choose_theme, §3 `featuredThemeId` /
 * `themePublicId`): the theme's look (`entities/theme.ts` `ThemeLook`: CSS variables with every text already made
 * readable, computed by the flows service or the app with `rules/themes.ts` `themeLook` — the colour maths stays out
 * of this bundle) set on the page's root, its font's stylesheet linked from our own site (no third-party font host;
 * a `<link>` inside the page — not React's hoisted kind, which holds the page back until it loads), and its logo
 * above the form. With no theme the page keeps `form.module.css`'s defaults, Formloom's look. The live form,
 * the editor's preview and the theme previews of the app all draw through here.
 */
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ThemeLook } from '@formloom/contracts/entities/theme';
import classes from './form.module.css';

/**
 * Sets look `look`'s CSS variables on the element of `ref` (and removes those of the previous look); `null` leaves
 * the stylesheet's defaults. Properties are set through the CSSOM, not a `style` attribute in
 * markup. Only `--fl-*` names are set.
 */
export function useThemeVariables(ref: RefObject<HTMLElement | null>, look: ThemeLook | null | undefined): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !look) return undefined;
    const names = Object.keys(look.cssVariables).filter((name) => name.startsWith('--fl-'));
    for (const name of names) element.style.setProperty(name, look.cssVariables[name]!);
    return () => {
      for (const name of names) element.style.removeProperty(name);
    };
  }, [ref, look]);
}

/** Props of {@link ThemedPage}. */
export interface ThemedPageProps {
  /** The look to draw with; null or absent: Formloom's default look. */
  look?: ThemeLook | null;
  children: ReactNode;
}

/**
 * The public form's page (`.root` and its centred `main`) in look `look`, with the theme's logo (decorative: the
 * form's title names the form) above the content.
 */
export function ThemedPage({ look, children }: ThemedPageProps) {
  const root = useRef<HTMLDivElement>(null);
  useThemeVariables(root, look);
  return (
    <div className={classes.root} ref={root}>
      {look && <link rel="stylesheet" href={look.fontStylesheet} />}
      <main className={classes.container}>
        {look?.logoUrl && (
          <div className={classes.logo}>
            <img src={look.logoUrl} alt="" className={classes.logoImage} data-testid="form-logo" />
          </div>
        )}
        {children}
      </main>
    </div>
  );
}
