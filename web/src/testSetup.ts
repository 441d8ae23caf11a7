import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadLaterEnglishTexts } from './i18n/createI18n.ts';

// Tests render any screen at once; in the app the texts behind the sign-in arrive with those screens.
await loadLaterEnglishTexts();

// Screens open with transitions and lazy chunks; on a busy 2-core machine one second of waiting is too tight.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; Mantine reads matchMedia for colour schemes and OpenLayers observes its
// target's size. Tests that care about a media query or a size stub it themselves.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  }
  // Mantine's scroll areas and popovers call this; jsdom does not implement it.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
