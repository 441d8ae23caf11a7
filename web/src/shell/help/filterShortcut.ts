import { useEffect, useRef, type RefObject } from 'react';

/**
 * Ctrl+F (Cmd+F on a Mac) opens the filter of the screen or dialog in front (session-shell-connections §2): its
 * filter box takes the focus with its text selected. Where nothing on screen has a filter, the browser's own find
 * works as usual.
 */
const filters: RefObject<HTMLInputElement | null>[] = [];
let listening = false;

/** The filter in front: the one registered last (a dialog opens over the screen) that is on the page and shown. */
function frontFilter(): HTMLInputElement | null {
  for (let index = filters.length - 1; index >= 0; index -= 1) {
    const input = filters[index]!.current;
    if (input && input.isConnected && !input.disabled && input.getClientRects().length > 0) return input;
  }
  return null;
}

export function isFilterShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f';
}

function onKeyDown(event: KeyboardEvent): void {
  if (!isFilterShortcut(event)) return;
  const input = frontFilter();
  if (!input) return;
  event.preventDefault();
  input.focus();
  input.select();
}

/** A ref for a filter box: while it is mounted, Ctrl+F brings the user to it. */
export function useFilterShortcut(): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    filters.push(ref);
    if (!listening) {
      window.addEventListener('keydown', onKeyDown);
      listening = true;
    }
    return () => {
      filters.splice(filters.indexOf(ref), 1);
      if (filters.length === 0) {
        window.removeEventListener('keydown', onKeyDown);
        listening = false;
      }
    };
  }, []);
  return ref;
}
