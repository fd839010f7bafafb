/**
 * Form themes as rules (spec 000 §2 choose_theme, spec 001 §3 "Theme", §9 "Form themes available for AI or featured
 * use"): the featured themes and their designs, the curated fonts, a theme's CSS variables with every text kept
 * readable (WCAG 2.2 1.4.3 text 4.5:1, 1.4.11 controls 3:1), unique theme names, and the design generated from an
 * image's palette (`POST /admin/themes/generate`). Pure functions, shared by the flows service and the web app.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import * as copy from '../copy';
import type { ThemeDefinition, ThemeFontId, ThemeLook } from '../entities/theme';
import { THEME_NAME_MAX_LENGTH } from '../limits';
import { dedupeFlowName } from './flow-name';
import { THEME_FONTS, themeFontStylesheet } from './theme-fonts';

export { THEME_FONTS, themeFontStylesheet, type ThemeFont } from './theme-fonts';

extend([a11yPlugin, mixPlugin]);

/**
 * spec 000 §2 choose_theme: the featured themes, in the order the stage shows them, and spec 001 §9's two more
 * (quietSand, calm). The designs are ours.
 */
export const FEATURED_THEME_IDS = [
  'dark',
  'wallFlower',
  'plain',
  'serene',
  'navyPop',
  'rose',
  'charcoal',
  'dreamy',
  'bold',
  'simplePurple',
  'futuristic',
  'ecofriendly',
  'coral',
  'formalGray',
  'quietSand',
  'calm',
] as const;
/** A featured theme's id. */
export type FeaturedThemeId = (typeof FEATURED_THEME_IDS)[number];

/** The look of a form with no theme chosen: {@link FEATURED_THEMES}' `plain`. */
export const DEFAULT_THEME_ID: FeaturedThemeId = 'plain';

const flat = { backgroundGradientTo: null, backgroundImageUrl: null, logoUrl: null } as const;

/** Each featured theme's design (ours): colours, font, roundness and button shape, and a page gradient for some. */
export const FEATURED_THEMES: Readonly<Record<FeaturedThemeId, ThemeDefinition>> = {
  plain: { ...flat, colors: { primary: '#5b4bff', background: '#f8f9fa', surface: '#ffffff', text: '#1a1b1e' }, font: 'inter', radius: 8, buttonShape: 'rounded' },
  dark: { ...flat, colors: { primary: '#8b7dff', background: '#0e1014', surface: '#1a1d24', text: '#f1f3f5' }, font: 'inter', radius: 8, buttonShape: 'rounded' },
  wallFlower: { ...flat, colors: { primary: '#be185d', background: '#fdf2f8', surface: '#ffffff', text: '#3b0a24' }, backgroundGradientTo: '#fbcfe8', font: 'lora', radius: 12, buttonShape: 'pill' },
  serene: { ...flat, colors: { primary: '#2a7565', background: '#e6f2ef', surface: '#ffffff', text: '#12312b' }, backgroundGradientTo: '#cfe7e1', font: 'dmSans', radius: 12, buttonShape: 'rounded' },
  navyPop: { ...flat, colors: { primary: '#fca311', background: '#14213d', surface: '#1c2c4f', text: '#f8f9fa' }, font: 'montserrat', radius: 6, buttonShape: 'rounded' },
  rose: { ...flat, colors: { primary: '#be123c', background: '#fff1f2', surface: '#ffffff', text: '#4c0519' }, font: 'playfairDisplay', radius: 10, buttonShape: 'rounded' },
  charcoal: { ...flat, colors: { primary: '#e9ecef', background: '#25272b', surface: '#313338', text: '#f2f3f5' }, font: 'workSans', radius: 4, buttonShape: 'square' },
  dreamy: { ...flat, colors: { primary: '#7c3aed', background: '#ede9fe', surface: '#ffffff', text: '#2e1065' }, backgroundGradientTo: '#fed7aa', font: 'nunito', radius: 16, buttonShape: 'pill' },
  bold: { ...flat, colors: { primary: '#000000', background: '#ffde03', surface: '#ffffff', text: '#000000' }, font: 'spaceGrotesk', radius: 0, buttonShape: 'square' },
  simplePurple: { ...flat, colors: { primary: '#6d28d9', background: '#f5f3ff', surface: '#ffffff', text: '#1e1b4b' }, font: 'inter', radius: 8, buttonShape: 'rounded' },
  futuristic: { ...flat, colors: { primary: '#22d3ee', background: '#05070f', surface: '#0c1226', text: '#e0f2fe' }, backgroundGradientTo: '#1b1f4b', font: 'spaceGrotesk', radius: 2, buttonShape: 'square' },
  ecofriendly: { ...flat, colors: { primary: '#3a7034', background: '#eaf2e3', surface: '#fbfdf8', text: '#1f3a1f' }, font: 'manrope', radius: 10, buttonShape: 'rounded' },
  coral: { ...flat, colors: { primary: '#c2410c', background: '#fff4ef', surface: '#ffffff', text: '#3d1d14' }, backgroundGradientTo: '#ffd8c9', font: 'dmSans', radius: 10, buttonShape: 'pill' },
  formalGray: { ...flat, colors: { primary: '#37474f', background: '#eceff1', surface: '#ffffff', text: '#263238' }, font: 'sourceSerif4', radius: 2, buttonShape: 'square' },
  quietSand: { ...flat, colors: { primary: '#7a5c2e', background: '#f4eee3', surface: '#fffdf8', text: '#3e3427' }, font: 'fraunces', radius: 8, buttonShape: 'rounded' },
  calm: { ...flat, colors: { primary: '#2f6fad', background: '#eef4fb', surface: '#ffffff', text: '#1c2b3a' }, backgroundGradientTo: '#dbe8f6', font: 'nunito', radius: 12, buttonShape: 'pill' },
};

/** Whether `id` names a featured theme. */
export function isFeaturedThemeId(id: string | null | undefined): id is FeaturedThemeId {
  return typeof id === 'string' && Object.hasOwn(FEATURED_THEMES, id);
}

/** A featured theme's name (`copy.themes.featuredNames`). */
export function featuredThemeName(id: FeaturedThemeId): string {
  return copy.themes.featuredNames[id];
}

/** WCAG 2.2 contrast minimums: 1.4.3 text, 1.4.11 controls' borders and focus rings. */
export const TEXT_CONTRAST_MIN = 4.5;
/** WCAG 2.2 1.4.11: the least contrast of a control's boundary against its background. */
export const UI_CONTRAST_MIN = 3;

/**
 * `foreground` moved toward black (on a light `background`) or white (on a dark one) just far enough to reach
 * `min`:1 contrast with `background` (WCAG 2.2 relative luminance); unchanged when it already does. `#rrggbb` in,
 * `#rrggbb` out.
 */
export function readableOn(foreground: string, background: string, min: number): string {
  return readableOnAll(foreground, [background], min);
}

/**
 * `foreground` moved toward black or white — the end that reads best on the first of `backgrounds` — just far enough
 * to reach `min`:1 with every one of `backgrounds`; that end itself when no step between does.
 */
function readableOnAll(foreground: string, backgrounds: readonly string[], min: number): string {
  const towards = bestEnd(backgrounds[0]!);
  for (let step = 0; step <= 40; step += 1) {
    // Checked as the `#rrggbb` it is returned as (rounding a channel can cost a hundredth of contrast).
    const candidate = colord(foreground).mix(towards, step / 40).toHex();
    if (backgrounds.every((background) => colord(candidate).contrast(background) >= min)) return candidate;
  }
  return towards;
}

/** Black or white, whichever contrasts more with `background`. */
function bestEnd(background: string): '#000000' | '#ffffff' {
  const bg = colord(background);
  return bg.contrast('#000000') >= bg.contrast('#ffffff') ? '#000000' : '#ffffff';
}

/** Near-black button text: softer than pure black, 19:1 on white. */
const INK = '#111111';

/** The button text on `primary`: white, near-black, or black — the first that reads (4.5:1), else the best. */
function buttonTextOn(primary: string): string {
  const candidates = ['#ffffff', INK, '#000000'];
  const readable = candidates.find((candidate) => colord(candidate).contrast(primary) >= TEXT_CONTRAST_MIN);
  return readable ?? (colord('#ffffff').contrast(primary) >= colord('#000000').contrast(primary) ? '#ffffff' : '#000000');
}

/** `a` mixed with `b`: `ratio` 0 is `a`, 1 is `b`. */
function mix(a: string, b: string, ratio: number): string {
  return colord(a).mix(b, ratio).toHex();
}

/**
 * The public form's CSS variables (`web/src/respondent/form.module.css` `.root`: `--fl-color-primary` …) for a
 * theme's design. Colours are adjusted so that, on the question card, text,
 * muted text and the placeholder reach 4.5:1, control borders 3:1, the primary colour 4.5:1 (it colours links and
 * selected answers) and the button text 4.5:1 on the primary colour; error and success colours suit a light or a
 * dark card. `--fl-background` is the page: the background image (covering) over the colour or the gradient.
 * Lengths are CSS px.
 */
export function themeCssVariables(theme: ThemeDefinition): Record<`--fl-${string}`, string> {
  const surface = colord(theme.colors.surface).toHex();
  const dark = colord(surface).isDark();
  const end = bestEnd(surface);
  // The primary colour reads on the card (links, selected answers) and carries readable button text; a mid-tone
  // that does not is pushed further from the card.
  let primary = readableOn(theme.colors.primary, surface, TEXT_CONTRAST_MIN);
  for (let step = 1; step <= 40 && colord(buttonTextOn(primary)).contrast(primary) < TEXT_CONTRAST_MIN; step += 1) {
    primary = colord(readableOn(theme.colors.primary, surface, TEXT_CONTRAST_MIN)).mix(end, step / 40).toHex();
  }
  const primaryContrast = buttonTextOn(primary);
  // A selected answer's background: a tint of the primary colour on which the text reads as on the card (the tint
  // fades toward the card until the text's best end still reaches 4.5:1 on it).
  const primaryLight =
    [dark ? 0.8 : 0.9, 0.9, 0.95].map((ratio) => mix(primary, surface, ratio)).find((tint) => colord(end).contrast(tint) >= TEXT_CONTRAST_MIN) ?? surface;
  const text = readableOnAll(theme.colors.text, [surface, primaryLight], TEXT_CONTRAST_MIN);
  const buttonHover = primaryContrast === '#ffffff' ? colord(primary).darken(0.06).toHex() : colord(primary).lighten(0.06).toHex();
  const error = readableOn(dark ? '#ff8787' : '#c92a2a', surface, TEXT_CONTRAST_MIN);
  const success = readableOn(dark ? '#63e6be' : '#087f5b', surface, TEXT_CONTRAST_MIN);
  const border = readableOn(mix(text, surface, 0.55), surface, UI_CONTRAST_MIN);
  const background = colord(theme.colors.background).toHex();
  const page = theme.backgroundGradientTo
    ? `linear-gradient(180deg, ${background} 0%, ${colord(theme.backgroundGradientTo).toHex()} 100%), ${background}`
    : background;
  const radius = theme.radius;
  return {
    '--fl-font': THEME_FONTS[theme.font].family,
    '--fl-color-scheme': dark ? 'dark' : 'light',
    '--fl-color-primary': primary,
    '--fl-color-primary-hover': buttonHover,
    '--fl-color-primary-contrast': primaryContrast,
    '--fl-color-primary-light': primaryLight,
    '--fl-color-text': text,
    '--fl-color-muted': readableOn(mix(text, surface, 0.3), surface, TEXT_CONTRAST_MIN),
    '--fl-color-placeholder': readableOn(mix(text, surface, 0.42), surface, TEXT_CONTRAST_MIN),
    '--fl-color-border': border,
    '--fl-color-card-border': mix(text, surface, dark ? 0.8 : 0.86),
    '--fl-color-error': error,
    '--fl-color-error-light': mix(error, surface, 0.9),
    '--fl-color-success': success,
    '--fl-color-success-light': mix(success, surface, 0.9),
    '--fl-color-surface': surface,
    '--fl-color-star': '#f59f00',
    '--fl-color-star-empty': border,
    '--fl-background': theme.backgroundImageUrl ? `url("${theme.backgroundImageUrl}") center / cover no-repeat, ${page}` : page,
    '--fl-radius': `${radius}px`,
    '--fl-card-radius': `${Math.min(Math.max(radius * 2, radius), 24)}px`,
    '--fl-button-radius': theme.buttonShape === 'square' ? '0px' : theme.buttonShape === 'pill' ? '999px' : `${radius}px`,
  };
}

/** The {@link ThemeLook} of design `theme`: what the public form draws it with. */
export function themeLook(theme: ThemeDefinition): ThemeLook {
  return { cssVariables: themeCssVariables(theme), font: theme.font, fontStylesheet: themeFontStylesheet(theme.font), logoUrl: theme.logoUrl };
}

/**
 * Whether {@link themeCssVariables} had to change one of the theme's chosen colours to keep text readable (the
 * theme editor says so: `copy.themes.editor.contrastAdjusted`).
 */
export function themeColorsAdjusted(theme: ThemeDefinition): boolean {
  const variables = themeCssVariables(theme);
  return (
    variables['--fl-color-primary'] !== colord(theme.colors.primary).toHex() ||
    variables['--fl-color-text'] !== colord(theme.colors.text).toHex()
  );
}

/**
 * A theme's name made unique among `existingNames` of the organization, as flow names are (`rules/flow-name.ts`):
 * 'AI Theme', 'AI Theme (2)', … (spec 001 §3 "an AI theme is created with the name 'AI Theme', made unique").
 */
export function uniqueThemeName(name: string, existingNames: Iterable<string>): string {
  return dedupeFlowName(name, existingNames, THEME_NAME_MAX_LENGTH);
}

/** A colour of an image's palette and how much of the image it covers (`population`, any positive scale). */
export interface PaletteSwatch {
  /** `#rrggbb`. */
  hex: string;
  /** The number of (sampled) pixels of this colour; only ratios between swatches matter. */
  population: number;
}

/**
 * The palette of an image as a colour-extraction library reads it (node-vibrant's roles): each may be missing when
 * the image has no such colour.
 */
export interface ImagePalette {
  Vibrant?: PaletteSwatch | null;
  DarkVibrant?: PaletteSwatch | null;
  LightVibrant?: PaletteSwatch | null;
  Muted?: PaletteSwatch | null;
  DarkMuted?: PaletteSwatch | null;
  LightMuted?: PaletteSwatch | null;
  /** The picture's most common colour (of all its quantized colours, not only the six roles). */
  dominant?: PaletteSwatch | null;
  /** The picture's average perceived brightness, 0 (black) to 1 (white). */
  brightness?: number | null;
}

/** The six roles of a palette (node-vibrant's names). */
const PALETTE_ROLES = ['Vibrant', 'DarkVibrant', 'LightVibrant', 'Muted', 'DarkMuted', 'LightMuted'] as const;

/**
 * The theme the AI theme designer makes from an image's palette (spec 001 §2, §9 "AI theme"; ours: no external AI,
 * the palette is read locally). A dark picture (average brightness under 0.45, or — without it — mostly dark swatches)
 * gets a dark page and card tinted by its dark colours, a light one a page and card tinted by its most common light
 * colour; the most vibrant colour becomes the primary colour; the font follows the picture's mood (dark and muted: a
 * serif; boldly vibrant: a geometric sans; washed-out: a book serif; else a friendly sans). Swatches with no pixels
 * (node-vibrant makes up missing roles) are ignored. The result passes through {@link themeCssVariables}' contrast
 * rules when drawn, so any palette gives a readable form.
 * @throws Error when the palette has no colour at all.
 */
export function themeFromPalette(palette: ImagePalette): ThemeDefinition {
  const real = (swatch: PaletteSwatch | null | undefined): PaletteSwatch | undefined => (swatch && swatch.population > 0 ? swatch : undefined);
  const roles = Object.fromEntries(PALETTE_ROLES.map((role) => [role, real(palette[role])])) as Record<(typeof PALETTE_ROLES)[number], PaletteSwatch | undefined>;
  const swatches = PALETTE_ROLES.map((role) => roles[role]).filter((swatch): swatch is PaletteSwatch => swatch !== undefined);
  const dominant = real(palette.dominant);
  if (swatches.length === 0 && !dominant) throw new Error('The image has no colours to read');
  const total = swatches.reduce((sum, swatch) => sum + swatch.population, 0) || 1;
  const darkShare = swatches.filter((swatch) => colord(swatch.hex).isDark()).reduce((sum, swatch) => sum + swatch.population, 0) / total;
  const dark = typeof palette.brightness === 'number' ? palette.brightness < 0.45 : darkShare > 0.6;
  const vibrant = roles.Vibrant ?? roles.LightVibrant ?? roles.DarkVibrant ?? roles.Muted ?? swatches[0] ?? dominant!;
  const vibrantShare = [roles.Vibrant, roles.LightVibrant, roles.DarkVibrant]
    .filter((swatch): swatch is PaletteSwatch => swatch !== undefined)
    .reduce((sum, swatch) => sum + swatch.population, 0) / total;

  let background: string;
  let surface: string;
  let text: string;
  let gradientTo: string | null;
  if (dark) {
    const base = (dominant && colord(dominant.hex).isDark() ? dominant : (roles.DarkMuted ?? roles.DarkVibrant ?? vibrant)).hex;
    background = colord(base).darken(0.08).toHex();
    surface = mix(base, '#ffffff', 0.08);
    text = mix(roles.LightMuted?.hex ?? '#ffffff', '#ffffff', 0.7);
    gradientTo = roles.DarkVibrant ? colord(roles.DarkVibrant.hex).darken(0.05).toHex() : null;
  } else {
    const base = (dominant && colord(dominant.hex).isLight() ? dominant : (roles.LightMuted ?? roles.LightVibrant ?? vibrant)).hex;
    background = mix(base, '#ffffff', 0.25);
    surface = mix(base, '#ffffff', 0.88);
    text = mix(roles.DarkMuted?.hex ?? '#000000', '#000000', 0.6);
    gradientTo = roles.LightVibrant ? mix(roles.LightVibrant.hex, '#ffffff', 0.35) : null;
  }
  const saturation = colord(vibrant.hex).toHsl().s;
  const font: ThemeFontId = dark && saturation < 45 ? 'lora' : vibrantShare > 0.35 && saturation > 60 ? 'spaceGrotesk' : saturation < 30 ? 'sourceSerif4' : 'dmSans';
  return {
    colors: { primary: colord(vibrant.hex).toHex(), background, surface, text },
    backgroundGradientTo: gradientTo,
    font,
    radius: saturation > 60 ? 12 : 8,
    buttonShape: saturation > 60 ? 'pill' : 'rounded',
    backgroundImageUrl: null,
    logoUrl: null,
  };
}
