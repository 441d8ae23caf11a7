import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A muted field green, light to dark; shade 6 is the primary. */
const fieldGreen: MantineColorsTuple = [
  '#eef7f0',
  '#dcebdf',
  '#b6d6bd',
  '#8dc099',
  '#6aad7a',
  '#54a166',
  '#3f8a52',
  '#347745',
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
