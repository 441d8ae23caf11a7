/**
 * Stacking of the holdings dialogs: the edit dialog opens over the Manage holdings dialog and message boxes
 * over both. Above Mantine's default modal layer (200), below its popovers (300) so drop-downs stay on top.
 */
export const holdingsLayers = {
  manage: 200,
  edit: 210,
  messageBox: 220,
} as const;
