/**
 * Form themes (spec 000 §2 choose_theme, §3 Flow `featuredThemeId` / `themePublicId`; spec 001 §3 "Theme"): how a
 * public form looks — its colours, font, corner roundness, button shape, page background and logo. A theme is a
 * featured one (ours, by id: `rules/themes.ts` `FEATURED_THEMES`) or an organization's own (made with 'Make your
 * own' or the AI theme designer, stored by the flows service under a public id). The public form turns a
 * definition into CSS variables with `rules/themes.ts` `themeCssVariables`, which keeps every text readable.
 */
import { z } from 'zod';
import * as copy from '../copy';
import { THEME_NAME_MAX_LENGTH } from '../limits';

/** A colour as `#rrggbb` (lower or upper case). */
export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');
/** `#rrggbb`. */
export type HexColor = z.infer<typeof HexColor>;

/**
 * The curated fonts a theme may use (ours): each is bundled with the web app (no font is fetched from a third
 * party), their families and fallbacks are `rules/themes.ts` `THEME_FONTS`.
 */
export const THEME_FONT_IDS = [
  'inter',
  'dmSans',
  'manrope',
  'workSans',
  'montserrat',
  'nunito',
  'spaceGrotesk',
  'lora',
  'playfairDisplay',
  'sourceSerif4',
  'fraunces',
  'jetbrainsMono',
] as const;
/** One of {@link THEME_FONT_IDS}. */
export const ThemeFontId = z.enum(THEME_FONT_IDS);
/** A curated font's id. */
export type ThemeFontId = z.infer<typeof ThemeFontId>;

/** The shape of buttons: square corners, the theme's `radius`, or fully round ends. */
export const ButtonShape = z.enum(['square', 'rounded', 'pill']);
/** `square` | `rounded` | `pill`. */
export type ButtonShape = z.infer<typeof ButtonShape>;

/** The largest corner radius of inputs and cards a theme takes, in CSS px. */
export const THEME_RADIUS_MAX_PX = 24;

/**
 * An image a theme shows (its logo or page background): an address the public form may load — our own theme
 * image (`/public/themes/images/{id}`, uploaded with `POST /admin/themes/images`) or any `https://` address (the
 * public form's CSP allows `img-src https:`). Never `data:` or `javascript:`.
 */
export const ThemeImageUrl = z
  .string()
  .max(2048)
  .refine((url) => /^\/public\/themes\/images\/[0-9a-f-]{36}$/.test(url) || /^https:\/\/[^\s"'()\\]+$/.test(url), {
    message: 'An https:// address or an uploaded theme image',
  });
/** A theme image address. */
export type ThemeImageUrl = z.infer<typeof ThemeImageUrl>;

/**
 * A theme's design: every value the public form is drawn with.
 * - `colors.primary`: buttons, selected choices, focus rings and links; `colors.background`: the page behind the
 *   form card; `colors.surface`: the card the questions sit on; `colors.text`: questions and answers. Readable
 *   variants (button text, muted text, borders) are derived, `rules/themes.ts` `themeCssVariables`.
 * - `backgroundGradientTo`: the page background fades from `colors.background` at the top to this colour; null: flat.
 * - `font`: a curated font's id; `radius`: corners of inputs in CSS px (0–{@link THEME_RADIUS_MAX_PX}; the card's
 *   corners are twice this, at most 24 px); `buttonShape`.
 * - `backgroundImageUrl`: a picture covering the page background (over the colour); `logoUrl`: shown above the form.
 */
export const ThemeDefinition = z.object({
  colors: z.object({ primary: HexColor, background: HexColor, surface: HexColor, text: HexColor }),
  backgroundGradientTo: HexColor.nullable().default(null),
  font: ThemeFontId,
  radius: z.number().int().min(0).max(THEME_RADIUS_MAX_PX),
  buttonShape: ButtonShape,
  backgroundImageUrl: ThemeImageUrl.nullable().default(null),
  logoUrl: ThemeImageUrl.nullable().default(null),
});
/** A theme's design (see {@link ThemeDefinition}). */
export type ThemeDefinition = z.infer<typeof ThemeDefinition>;
/** A theme's design as a caller may send it (`backgroundGradientTo`, `backgroundImageUrl`, `logoUrl` optional). */
export type ThemeDefinitionInput = z.input<typeof ThemeDefinition>;

/** A theme's name: trimmed, 1 to {@link THEME_NAME_MAX_LENGTH} characters. */
export const ThemeName = z
  .string()
  .max(THEME_NAME_MAX_LENGTH)
  .transform((name) => name.trim())
  .pipe(z.string().min(1, copy.themes.editor.nameRequired));

/**
 * An organization's own theme (spec 001 §3 "Theme: publicIdentifier"): `publicIdentifier` (the id a flow's
 * `themePublicId` holds), `name` (unique in the organization), `theme` (its design), who made it and when (ISO 8601).
 */
export const Theme = z
  .object({
    publicIdentifier: z.string(),
    name: z.string(),
    theme: ThemeDefinition,
    createdBy: z.number().int().positive().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Theme' });
/** An organization's own theme. */
export type Theme = z.infer<typeof Theme>;

/**
 * What the public form needs to draw a theme (`rules/themes.ts` `themeLook`): its CSS variables (`--fl-*`, every
 * text already made readable), its font's id and stylesheet (served by our own site) and its logo. Computed where
 * the colour maths runs (the flows service, the app), so the public form's bundle carries none of it.
 */
export const ThemeLook = z.object({
  cssVariables: z.record(z.string().regex(/^--fl-[a-z-]+$/), z.string()),
  font: ThemeFontId,
  /** The font's `@font-face` stylesheet on our own site: `/fonts/<font>.css` (`web/vite.config.ts` `themeFonts`). */
  fontStylesheet: z.string().regex(/^\/fonts\/[A-Za-z0-9]+\.css$/),
  logoUrl: ThemeImageUrl.nullable(),
});
/** `{cssVariables, font, fontStylesheet, logoUrl}`. */
export type ThemeLook = z.infer<typeof ThemeLook>;

/**
 * The theme a public form is drawn with (spec 000 §7 `GET /public/flows/templates/{id}` `theme.theme`): the id it
 * was chosen by (`featuredThemeId` for a featured theme, `themePublicId` for an organization's own; the other
 * null), its name, its design and its {@link ThemeLook}, resolved by the flows service so the form needs no second
 * call.
 */
export const ResolvedTheme = z
  .object({
    featuredThemeId: z.string().nullable(),
    themePublicId: z.string().nullable(),
    name: z.string(),
    theme: ThemeDefinition,
    look: ThemeLook,
  })
  .meta({ id: 'ResolvedTheme' });
/** `{featuredThemeId, themePublicId, name, theme, look}`. */
export type ResolvedTheme = z.infer<typeof ResolvedTheme>;
