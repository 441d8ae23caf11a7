import type { CSSProperties } from 'react';

/**
 * The style of a dialog's button row (Save and Cancel, Refresh and Close): it sticks to the bottom of the
 * dialog's scrolling content, so that it stays in view however long the form is (a laptop's 1366×768 included).
 */
export const dialogFooterStyle: CSSProperties = {
  position: 'sticky',
  bottom: 0,
  zIndex: 3,
  paddingBlock: 'var(--mantine-spacing-sm)',
  marginBottom: 'calc(-1 * var(--mantine-spacing-md))',
  backgroundColor: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-default-border)',
};
