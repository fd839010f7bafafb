/**
 * Form themes as rules (`rules/themes.ts`; spec 000 §2 choose_theme, spec 001 §3, §9): the featured themes, the CSS
 * variables a public form is drawn with — every text readable whatever colours a theme picks (WCAG 2.2 1.4.3 and
 * 1.4.11) — unique theme names, and the design made from an image's palette.
 */
import fc from 'fast-check';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { ThemeDefinition, ThemeImageUrl, THEME_FONT_IDS } from '../src/entities/theme';
import {
  FEATURED_THEME_IDS,
  FEATURED_THEMES,
  featuredThemeName,
  isFeaturedThemeId,
  readableOn,
  themeColorsAdjusted,
  themeCssVariables,
  themeFromPalette,
  THEME_FONTS,
  uniqueThemeName,
} from '../src/rules/themes';

extend([a11yPlugin]);

const contrast = (a: string, b: string) => colord(a).contrast(b);

/** The contrasts a respondent depends on, for the variables of one theme. */
function contrasts(variables: Record<string, string>) {
  const on = (name: string, background = '--fl-color-surface') => contrast(variables[name]!, variables[background]!);
  return {
    text: on('--fl-color-text'),
    muted: on('--fl-color-muted'),
    placeholder: on('--fl-color-placeholder'),
    primary: on('--fl-color-primary'),
    button: on('--fl-color-primary-contrast', '--fl-color-primary'),
    border: on('--fl-color-border'),
    error: on('--fl-color-error'),
    success: on('--fl-color-success'),
    textOnSelected: on('--fl-color-text', '--fl-color-primary-light'),
  };
}

function expectReadable(variables: Record<string, string>) {
  const c = contrasts(variables);
  for (const key of ['text', 'muted', 'placeholder', 'primary', 'button', 'error', 'success'] as const) expect(c[key]).toBeGreaterThanOrEqual(4.5);
  expect(c.border).toBeGreaterThanOrEqual(3);
  expect(c.textOnSelected).toBeGreaterThanOrEqual(4.5);
}

const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(
  ([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`,
);

describe('featured themes', () => {
  it("are the spec's fourteen of the choose_theme stage and the two more of spec 001 §9, each with a name", () => {
    for (const id of ['dark', 'wallFlower', 'plain', 'serene', 'navyPop', 'rose', 'charcoal', 'dreamy', 'bold', 'simplePurple', 'futuristic', 'ecofriendly', 'coral', 'formalGray'])
      expect(FEATURED_THEME_IDS.slice(0, 14)).toContain(id);
    for (const id of ['plain', 'dark', 'ecofriendly', 'charcoal', 'quietSand', 'calm', 'bold', 'navyPop', 'coral', 'formalGray', 'futuristic', 'simplePurple'])
      expect(FEATURED_THEME_IDS).toContain(id);
    for (const id of FEATURED_THEME_IDS) {
      expect(isFeaturedThemeId(id)).toBe(true);
      expect(featuredThemeName(id)).not.toBe('');
      expect(ThemeDefinition.parse(FEATURED_THEMES[id])).toEqual(FEATURED_THEMES[id]);
    }
    expect(isFeaturedThemeId('toString')).toBe(false);
    expect(isFeaturedThemeId('nope')).toBe(false);
  });

  it('are real designs: no two alike, light and dark ones, several fonts and button shapes', () => {
    const designs = FEATURED_THEME_IDS.map((id) => JSON.stringify(FEATURED_THEMES[id]));
    expect(new Set(designs).size).toBe(designs.length);
    const dark = FEATURED_THEME_IDS.filter((id) => colord(FEATURED_THEMES[id].colors.surface).isDark());
    expect(dark).toEqual(expect.arrayContaining(['dark', 'charcoal', 'futuristic', 'navyPop']));
    expect(new Set(FEATURED_THEME_IDS.map((id) => FEATURED_THEMES[id].font)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(FEATURED_THEME_IDS.map((id) => FEATURED_THEMES[id].buttonShape))).toEqual(new Set(['square', 'rounded', 'pill']));
  });

  it.each(FEATURED_THEME_IDS)('%s keeps every text readable, with its own colours unchanged', (id) => {
    expectReadable(themeCssVariables(FEATURED_THEMES[id]));
    expect(themeColorsAdjusted(FEATURED_THEMES[id])).toBe(false);
  });
});

describe('a theme’s CSS variables', () => {
  it('keep text, buttons, borders and messages readable for any colours a theme picks', () => {
    fc.assert(
      fc.property(hex, hex, hex, hex, (primary, background, surface, text) => {
        expectReadable(themeCssVariables({ ...FEATURED_THEMES.plain, colors: { primary, background, surface, text } }));
      }),
      { numRuns: 300 },
    );
  });

  it('say when a chosen colour had to change: yellow buttons on a white card are darkened', () => {
    const theme = { ...FEATURED_THEMES.plain, colors: { ...FEATURED_THEMES.plain.colors, primary: '#ffe066' } };
    expect(themeColorsAdjusted(theme)).toBe(true);
    expect(themeCssVariables(theme)['--fl-color-primary']).not.toBe('#ffe066');
    expect(contrast(themeCssVariables(theme)['--fl-color-primary']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('draw the font, the radius, the button shape, a fade and a background picture', () => {
    const variables = themeCssVariables({
      ...FEATURED_THEMES.plain,
      font: 'lora',
      radius: 14,
      buttonShape: 'pill',
      backgroundGradientTo: '#ffd8c9',
      backgroundImageUrl: '/public/themes/images/0b7c4e8a-3d1f-4a55-9c8e-2f1d7b6a5e4c',
    });
    expect(variables['--fl-font']).toContain('Lora Variable');
    expect(variables['--fl-radius']).toBe('14px');
    expect(variables['--fl-card-radius']).toBe('24px');
    expect(variables['--fl-button-radius']).toBe('999px');
    expect(variables['--fl-background']).toBe(
      'url("/public/themes/images/0b7c4e8a-3d1f-4a55-9c8e-2f1d7b6a5e4c") center / cover no-repeat, linear-gradient(180deg, #f8f9fa 0%, #ffd8c9 100%), #f8f9fa',
    );
    expect(themeCssVariables({ ...FEATURED_THEMES.plain, buttonShape: 'square' })['--fl-button-radius']).toBe('0px');
    expect(themeCssVariables(FEATURED_THEMES.dark)['--fl-color-scheme']).toBe('dark');
    expect(themeCssVariables(FEATURED_THEMES.plain)['--fl-color-scheme']).toBe('light');
  });

  it('take images only from our own theme images or https (nothing that could break out of url(""))', () => {
    expect(ThemeImageUrl.safeParse('https://cdn.example.com/logo.png').success).toBe(true);
    expect(ThemeImageUrl.safeParse('/public/themes/images/0b7c4e8a-3d1f-4a55-9c8e-2f1d7b6a5e4c').success).toBe(true);
    for (const bad of ['http://example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://x.com/a.png") , url("https://evil', "https://x.com/a'.png", '/public/themes/images/../../x'])
      expect(ThemeImageUrl.safeParse(bad).success).toBe(false);
  });

  it('offer a bundled family with a fallback of its kind for every curated font', () => {
    for (const id of THEME_FONT_IDS) {
      expect(THEME_FONTS[id].family).toMatch(/Variable", /);
      expect(THEME_FONTS[id].family).toMatch(THEME_FONTS[id].kind === 'serif' ? /serif$/ : THEME_FONTS[id].kind === 'mono' ? /monospace$/ : /sans-serif$/);
    }
  });

  it('move a colour only as far as needed', () => {
    expect(readableOn('#000000', '#ffffff', 4.5)).toBe('#000000');
    const moved = readableOn('#8899aa', '#ffffff', 4.5);
    expect(contrast(moved, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(moved, '#ffffff')).toBeLessThan(6);
    expect(contrast(readableOn('#333333', '#111111', 4.5), '#111111')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme names', () => {
  it("number a taken name as flows do: 'AI Theme', 'AI Theme (2)', 'AI Theme (3)'", () => {
    expect(uniqueThemeName('AI Theme', [])).toBe('AI Theme');
    expect(uniqueThemeName('AI Theme', ['ai theme'])).toBe('AI Theme (2)');
    expect(uniqueThemeName('AI Theme', ['AI Theme', 'AI Theme (2)'])).toBe('AI Theme (3)');
    expect(uniqueThemeName('x'.repeat(100), ['x'.repeat(100)])).toHaveLength(100);
  });
});

describe('a theme from an image’s palette', () => {
  it('makes a light theme with the vibrant colour as the primary from a mostly light image', () => {
    const theme = themeFromPalette({
      Vibrant: { hex: '#e4572e', population: 120 },
      LightVibrant: { hex: '#f7a98b', population: 80 },
      LightMuted: { hex: '#d8c8b8', population: 900 },
      DarkMuted: { hex: '#3a2f2a', population: 60 },
    });
    expect(theme.colors.primary).toBe('#e4572e');
    expect(colord(theme.colors.surface).isLight()).toBe(true);
    expect(colord(theme.colors.background).isLight()).toBe(true);
    expect(ThemeDefinition.parse(theme)).toEqual(theme);
    expectReadable(themeCssVariables(theme));
  });

  it('makes a dark theme from a mostly dark image', () => {
    const theme = themeFromPalette({
      Vibrant: { hex: '#22a7f0', population: 50 },
      DarkVibrant: { hex: '#0b3d5c', population: 700 },
      DarkMuted: { hex: '#1b2430', population: 900 },
      LightMuted: { hex: '#c9d6df', population: 40 },
    });
    expect(colord(theme.colors.surface).isDark()).toBe(true);
    expect(colord(theme.colors.text).isLight()).toBe(true);
    expectReadable(themeCssVariables(theme));
  });

  it("goes by the picture's brightness and most common colour when it has them, and ignores made-up swatches", () => {
    // A beige picture with an orange stripe: node-vibrant's roles alone look dark (the orange counts as dark).
    const palette = {
      Vibrant: { hex: '#e2532c', population: 472 },
      DarkVibrant: { hex: '#742510', population: 0 },
      LightVibrant: { hex: '#f4ccb4', population: 32 },
      DarkMuted: { hex: '#3e2d2c', population: 120 },
      LightMuted: { hex: '#853e13', population: 0 },
    };
    expect(colord(themeFromPalette(palette).colors.surface).isDark()).toBe(true);
    const theme = themeFromPalette({ ...palette, dominant: { hex: '#f6e7d8', population: 2000 }, brightness: 0.71 });
    expect(colord(theme.colors.surface).isLight()).toBe(true);
    expect(colord(theme.colors.background).isLight()).toBe(true);
    expect(theme.colors.primary).toBe('#e2532c');
    // The background is a tint of the picture's beige, not of the made-up brown 'LightMuted'.
    expect(colord(theme.colors.background).toHsl().h).toBeGreaterThan(20);
    expect(colord(theme.colors.background).toHsl().h).toBeLessThan(40);
    expect(colord(themeFromPalette({ ...palette, dominant: { hex: '#1b2430', population: 2000 }, brightness: 0.2 }).colors.surface).isDark()).toBe(true);
  });

  it('gives a readable theme for any palette, and refuses an empty one', () => {
    const swatch = fc.option(fc.record({ hex, population: fc.integer({ min: 1, max: 10_000 }) }), { nil: undefined });
    fc.assert(
      fc.property(swatch, swatch, swatch, swatch, swatch, swatch, swatch, fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }), (Vibrant, DarkVibrant, LightVibrant, Muted, DarkMuted, LightMuted, dominant, brightness) => {
        const palette = { Vibrant, DarkVibrant, LightVibrant, Muted, DarkMuted, LightMuted, dominant, brightness };
        if (![Vibrant, DarkVibrant, LightVibrant, Muted, DarkMuted, LightMuted, dominant].some(Boolean)) return;
        const theme = themeFromPalette(palette);
        expect(ThemeDefinition.safeParse(theme).success).toBe(true);
        expectReadable(themeCssVariables(theme));
      }),
      { numRuns: 200 },
    );
    expect(() => themeFromPalette({})).toThrow();
  });
});
