import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useLeaveGuard } from './useLeaveGuard.ts';

function Editor({ unsaved, onFollow }: { unsaved: boolean; onFollow: () => void }) {
  useLeaveGuard(unsaved, 'You have unsaved changes. Leave without saving?');
  return (
    <a
      href="/dashboard"
      onClick={(event) => {
        event.preventDefault();
        onFollow();
      }}
    >
      Dashboard
    </a>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useLeaveGuard and the app links', () => {
  it('asks before a link leaves unsaved changes, and drops the click when the user stays', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onFollow = vi.fn();
    render(<Editor unsaved onFollow={onFollow} />);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving?');
    expect(onFollow).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(onFollow).toHaveBeenCalledTimes(1);
  });

  it('lets links go without a question when nothing is unsaved', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onFollow = vi.fn();
    render(<Editor unsaved={false} onFollow={onFollow} />);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(onFollow).toHaveBeenCalledTimes(1);
  });
});
