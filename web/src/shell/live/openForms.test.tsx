import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isDialogOrFormOpen, useHoldsAutoRefresh } from './openForms.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isDialogOrFormOpen', () => {
  it('is true while a modal dialog is on the page, not for a popover dialog', () => {
    expect(isDialogOrFormOpen()).toBe(false);
    document.body.innerHTML = '<section role="dialog" aria-label="Notifications"></section>';
    expect(isDialogOrFormOpen()).toBe(false);
    document.body.innerHTML = '<section role="dialog" aria-modal="true"></section>';
    expect(isDialogOrFormOpen()).toBe(true);
  });

  it('is true while a form holds the refresh back, until it closes or stops holding', () => {
    const first = renderHook(({ active }) => useHoldsAutoRefresh(active), { initialProps: { active: true } });
    const second = renderHook(() => useHoldsAutoRefresh(true));
    expect(isDialogOrFormOpen()).toBe(true);
    first.rerender({ active: false });
    expect(isDialogOrFormOpen()).toBe(true);
    second.unmount();
    expect(isDialogOrFormOpen()).toBe(false);
    first.unmount();
    expect(isDialogOrFormOpen()).toBe(false);
  });
});
