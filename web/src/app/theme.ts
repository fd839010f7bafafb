/** The Mantine theme: an indigo-violet brand colour, Inter-like system font, rounded controls. */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  },
});
