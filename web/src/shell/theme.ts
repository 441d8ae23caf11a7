import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * A muted field green, light to dark; shade 6 is the primary. It carries text and controls on white and on its own
 * light tint (subtle and light buttons), so it is dark enough for 4.5:1 on both (WCAG AA): 5.4:1 on white, 4.7:1
 * on the light tint.
 */
const fieldGreen: MantineColorsTuple = [
  '#eef7f0',
  '#dcebdf',
  '#b6d6bd',
  '#8dc099',
  '#6aad7a',
  '#54a166',
  '#347745',
  '#2e6d3f',
  '#29653a',
  '#1c4f2c',
];

export const theme = createTheme({
  primaryColor: 'fieldGreen',
  primaryShade: 6,
  colors: { fieldGreen },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Mantine's dimmed text and placeholders are its gray 6, 3.3:1 on white: secondary text is drawn in gray 7
 * instead, which reads at 4.5:1 and more.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-placeholder': resolved.colors.gray[7],
  },
  dark: {},
});
