import { useEffect } from 'react';

/** Marks the history entry the guard puts on top of the page's own. */
const guardKey = 'headlandLeaveGuard';

function isGuardEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[guardKey] === true;
}

/**
 * Warns before unsaved changes are lost: reloading or closing the tab asks the browser's own question, and the
 * browser's Back and the app's own links (menus included) ask `message` first. For Back, an entry with the same address is put on top of the page's
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
    // Links inside the app (the main menu, breadcrumbs, lists) change the address without unloading the page:
    // the question is asked before the router sees the click, which is dropped when the user stays.
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      // Another site unloads the page: the browser's own question covers it.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    if (!isGuardEntry(window.history.state)) pushGuard();
    window.addEventListener('popstate', handlePopState);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('popstate', handlePopState);
      document.removeEventListener('click', handleClick, true);
      // Still on the guard's entry (changes saved or dropped without leaving): step off it quietly.
      if (isGuardEntry(window.history.state)) window.history.back();
    };
  }, [unsaved, message]);
}
