/** The Mantine theme: an indigo-violet brand colour, Inter-like system font, rounded controls. */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#f0eeff',
  '#ddd9ff',
  '#b9b0ff',
  '#9385ff',
  '#7461ff',
  '#604bff',
  '#5b4bff',
  '#4a3be0',
  '#4033c8',
  '#3328a8',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Tooltip: { defaultProps: { withArrow: true, multiline: true, maw: 320 } },
    // Toasts' close buttons are icon-only: they need an accessible name (WCAG 4.1.2).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine draws the description in gray 6 (3.3:1 on white); WCAG 1.4.3 asks 4.5:1.
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // A dialog's close button is icon-only too.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/**
 * CSS variables on top of Mantine's, for WCAG 2.2 AA contrast (1.4.3: 4.5:1 for normal text on white): dimmed
 * text (descriptions, hints, secondary lines) is gray 7 instead of Mantine's gray 6 (3.3:1), and error text
 * (under a question, a field) is red 8 instead of red 6 (3.6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7], '--mantine-color-error': mantineTheme.colors.red[8] },
  dark: {},
});
