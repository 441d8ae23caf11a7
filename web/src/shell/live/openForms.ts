import { useEffect } from 'react';

/** How many forms on screen hold back the automatic data refresh (fields-croppings-maps §4). */
let openForms = 0;

/**
 * True while a modal dialog or a form that holds back the automatic refresh is open: the user's unsaved input
 * is never replaced by someone else's change under their hands.
 */
export function isDialogOrFormOpen(): boolean {
  return openForms > 0 || document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/** Holds back the automatic data refresh while `active` (a form open for editing); it runs once released. */
export function useHoldsAutoRefresh(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    openForms += 1;
    return () => {
      openForms -= 1;
    };
  }, [active]);
}
