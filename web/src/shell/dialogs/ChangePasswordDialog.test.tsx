import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

function setup() {
  const onSave = vi.fn(async (_password: string, _currentPassword: string) => ({}));
  const onLogOut = vi.fn();
  renderWithProviders(<ChangePasswordDialog opened onClose={() => {}} onSave={onSave} onLogOut={onLogOut} />);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return { onSave, onLogOut, type, submit };
}

describe('ChangePasswordDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the password rule messages in order, only after a first attempt', async () => {
    const { onSave, type, submit } = setup();
    expect(screen.queryByRole('alert')).toBeNull();

    submit();
    expect(screen.getByRole('alert').textContent).toBe('The new password is required');

    type('New password', 'short1A');
    expect(screen.getByRole('alert').textContent).toBe(
      'Your password must be at least 8 characters long, and contain at least one uppercase letter, one lowercase letter, and one number.',
    );
    type('New password', 'alllowercase1');
    expect(screen.getByRole('alert').textContent).toMatch(/^Your password must be at least 8 characters/);

    type('New password', 'Harvest2025');
    type('Confirm password', 'Harvest2024');
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match');

    type('Confirm password', 'Harvest2025');
    // Then the current password, which the server checks.
    expect(screen.getByRole('alert').textContent).toBe('Enter your current password.');
    type('Current password', 'Harvest2024');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a valid password, shows the success notice and logs out after 1.5 s', async () => {
    vi.useFakeTimers();
    const { onSave, onLogOut, type, submit } = setup();
    type('Current password', 'Harvest2024');
    type('New password', 'Harvest2025');
    type('Confirm password', 'Harvest2025');
    await act(async () => {
      submit();
    });
    expect(onSave).toHaveBeenCalledWith('Harvest2025', 'Harvest2024');
    expect(screen.getByRole('status').textContent).toMatch(/password has been changed/);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1499);
    });
    expect(onLogOut).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(onLogOut).toHaveBeenCalledTimes(1);
  });
});
