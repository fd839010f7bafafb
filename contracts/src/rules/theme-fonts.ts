/**
 * The curated fonts of form themes (`entities/theme.ts` `THEME_FONT_IDS`): labels, CSS families with fallbacks, the
 * packages their files come from, and the stylesheet path each is served at. No imports at runtime: the web build's
 * config reads it too (`web/vite.config.ts` `themeFonts`).
 */
import type { ThemeFontId } from '../entities/theme';

/** A curated font: its label, its CSS family (bundled with the web app) and a fallback stack of its kind. */
export interface ThemeFont {
  /** The font's name as the theme editor lists it. */
  label: string;
  /** The CSS `font-family` value: the bundled font first, then system fonts of the same kind. */
  family: string;
  /** `sans`, `serif` or `mono`: how the theme editor groups it. */
  kind: 'sans' | 'serif' | 'mono';
  /** The npm package its files come from (the web build copies them, `web/vite.config.ts` `themeFonts`). */
  package: string;
}

const SANS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * The curated fonts by id (`entities/theme.ts` `THEME_FONT_IDS`); their families are the `@fontsource-variable`
 * packages' names. The web build serves each as `/fonts/<id>.css` (`web/vite.config.ts` `themeFonts`), which a page
 * links when its theme uses the font (`web/src/lib/theme-fonts.ts`).
 */
export const THEME_FONTS: Readonly<Record<ThemeFontId, ThemeFont>> = {
  inter: { label: 'Inter', family: `"Inter Variable", Inter, ${SANS}`, kind: 'sans', package: '@fontsource-variable/inter' },
  dmSans: { label: 'DM Sans', family: `"DM Sans Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/dm-sans' },
  manrope: { label: 'Manrope', family: `"Manrope Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/manrope' },
  workSans: { label: 'Work Sans', family: `"Work Sans Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/work-sans' },
  montserrat: { label: 'Montserrat', family: `"Montserrat Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/montserrat' },
  nunito: { label: 'Nunito', family: `"Nunito Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/nunito' },
  spaceGrotesk: { label: 'Space Grotesk', family: `"Space Grotesk Variable", ${SANS}`, kind: 'sans', package: '@fontsource-variable/space-grotesk' },
  lora: { label: 'Lora', family: `"Lora Variable", ${SERIF}`, kind: 'serif', package: '@fontsource-variable/lora' },
  playfairDisplay: { label: 'Playfair Display', family: `"Playfair Display Variable", ${SERIF}`, kind: 'serif', package: '@fontsource-variable/playfair-display' },
  sourceSerif4: { label: 'Source Serif', family: `"Source Serif 4 Variable", ${SERIF}`, kind: 'serif', package: '@fontsource-variable/source-serif-4' },
  fraunces: { label: 'Fraunces', family: `"Fraunces Variable", ${SERIF}`, kind: 'serif', package: '@fontsource-variable/fraunces' },
  jetbrainsMono: { label: 'JetBrains Mono', family: `"JetBrains Mono Variable", ${MONO}`, kind: 'mono', package: '@fontsource-variable/jetbrains-mono' },
};

/**
 * The stylesheet of curated font `font` on our own site: `/fonts/<id>.css`, its `@font-face` rules (the web build
 * writes it from the font's package, `web/vite.config.ts` `themeFonts`).
 */
export function themeFontStylesheet(font: ThemeFontId): string {
  return `/fonts/${font}.css`;
}
