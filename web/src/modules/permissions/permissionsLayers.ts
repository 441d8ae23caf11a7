/**
 * Stacking of the permissions dialog and its confirmations: Mantine's default modal layer (200) for the dialog,
 * confirmations over it, both below popovers and tooltips (300) and the app's error dialogs (1100).
 */
export const permissionsLayers = {
  dialog: 200,
  confirm: 210,
} as const;
