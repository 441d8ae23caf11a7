import {
  type MenuProps,
  createTheme,
  DEFAULT_THEME,
  Loader,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

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

/**
 * Mantine's own red, orange, yellow, green and blue are too light for text: error messages, alerts and badges draw
 * their words in shade 6, on white or on the colour's light tint, and white words on it. Shades 6 to 9 are
 * replaced by darker tones that read at 4.5:1 or more in all three places; shades 0 to 5 (tints, borders) stay.
 */
const readable = (
  tints: readonly string[],
  darks: readonly [string, string, string, string],
): MantineColorsTuple => [...tints.slice(0, 6), ...darks] as unknown as MantineColorsTuple;
const red = readable(DEFAULT_THEME.colors.red, ['#c92a2a', '#b52525', '#a11f1f', '#8a1a1a']);
const orange = readable(DEFAULT_THEME.colors.orange, ['#ad4208', '#9c3b07', '#8a3406', '#762c05']);
const yellow = readable(DEFAULT_THEME.colors.yellow, ['#8a6100', '#7a5600', '#6b4b00', '#5c4000']);
const green = readable(DEFAULT_THEME.colors.green, ['#2b7a3b', '#266d34', '#21602e', '#1b5227']);
const blue = readable(DEFAULT_THEME.colors.blue, ['#1864ab', '#155a9a', '#125089', '#0f4578']);

export const theme = createTheme({
  primaryColor: 'fieldGreen',
  primaryShade: 6,
  colors: { fieldGreen, red, orange, yellow, green, blue },
  defaultRadius: 'sm',
  // People who asked their system for less motion get dialogs and menus that appear without sliding or fading.
  respectReducedMotion: true,
  components: {
    // The focus placeholder is a focusable element with no role inside role="menu", which screen readers cannot
    // place; the menus move the focus to their first item themselves.
    // Written out rather than with Menu.extend: importing Menu here would put the menus' code (and their
    // positioning library) into the sign-in page, which shows none.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // A spinner's label ("Loading") is said only on an element with a role: it is a picture of the wait.
    Loader: Loader.extend({ defaultProps: { role: 'img' } }),
  },
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
