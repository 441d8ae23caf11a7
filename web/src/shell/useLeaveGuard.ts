import { useEffect } from 'react';

/** Marks the history entry the guard puts on top of the page's own. */
const guardKey = 'headlandLeaveGuard';

function isGuardEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[guardKey] === true;
}

/**
 * Warns before unsaved changes are lost: reloading or closing the tab asks the browser's own question, and the
 * browser's Back asks `message` first. For Back, an entry with the same address is put on top of the page's
 * own while there are changes: Back then lands on the page's entry (the same screen), and the question decides
 * whether to go on back or to put the entry back. Once the changes are saved or dropped, an entry still on top
 * is taken away again.
 */
export function useLeaveGuard(unsaved: boolean, message: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to ask.
      event.returnValue = '';
    };
    const pushGuard = () => {
      const state: unknown = window.history.state;
      window.history.pushState(
        { ...(typeof state === 'object' && state !== null ? state : {}), [guardKey]: true },
        '',
        window.location.href,
      );
    };
    const handlePopState = (event: PopStateEvent) => {
      if (isGuardEntry(event.state)) return;
      if (window.confirm(message)) {
        window.removeEventListener('popstate', handlePopState);
        window.history.back();
      } else {
        pushGuard();
      }
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    if (!isGuardEntry(window.history.state)) pushGuard();
    window.addEventListener('popstate', handlePopState);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('popstate', handlePopState);
      // Still on the guard's entry (changes saved or dropped without leaving): step off it quietly.
      if (isGuardEntry(window.history.state)) window.history.back();
    };
  }, [unsaved, message]);
}
