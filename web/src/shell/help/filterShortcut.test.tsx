import { render, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isFilterShortcut, useFilterShortcut } from './filterShortcut.ts';

function Filter({ label }: { label: string }) {
  const ref = useFilterShortcut();
  return <input ref={ref} aria-label={label} defaultValue="old" />;
}

/** Presses Ctrl+F on the window and answers whether its default (the browser's find) was stopped. */
function pressCtrlF(): boolean {
  return !fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
}

describe('Ctrl+F', () => {
  it('is Ctrl+F or Cmd+F, without Alt', () => {
    expect(isFilterShortcut({ key: 'f', ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isFilterShortcut({ key: 'F', ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isFilterShortcut({ key: 'f', ctrlKey: true, metaKey: false, altKey: true })).toBe(false);
    expect(isFilterShortcut({ key: 'f', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isFilterShortcut({ key: 'g', ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
  });

  it('focuses the filter mounted last and selects its text; without a filter the browser finds as usual', () => {
    // jsdom lays nothing out: every element counts as shown.
    Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
      configurable: true,
      value: () => [{}],
    });
    const screen = render(<Filter label="Screen filter" />);
    expect(pressCtrlF()).toBe(true);
    const screenInput = screen.getByLabelText('Screen filter') as HTMLInputElement;
    expect(document.activeElement).toBe(screenInput);
    expect(screenInput.selectionStart).toBe(0);
    expect(screenInput.selectionEnd).toBe(3);

    const dialog = render(<Filter label="Dialog filter" />);
    pressCtrlF();
    expect(document.activeElement).toBe(dialog.getByLabelText('Dialog filter'));
    dialog.unmount();
    pressCtrlF();
    expect(document.activeElement).toBe(screenInput);

    screen.unmount();
    expect(pressCtrlF()).toBe(false);
  });
});
