import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ApiClient } from '../http/apiClient.ts';
import { ResetPasswordRequest, ResetPasswordStep } from './ResetPasswordSteps.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ResetPasswordRequest (step 1)', () => {
  it('asks for an address of the standard shape, then disables Send while sending and once sent', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn<typeof globalThis.fetch>(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const onCancel = vi.fn();
    renderWithProviders(<ResetPasswordRequest onCancel={onCancel} />, { api: new ApiClient({ fetch }) });
    const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

    fireEvent.click(send());
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    type('Email', 'farmer@farm');
    fireEvent.click(send());
    expect(fetch).not.toHaveBeenCalled();

    type('Email', ' farmer@farm.example ');
    fireEvent.click(send());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/user/v1/password/reset');
    expect(url.searchParams.get('email')).toBe('farmer@farm.example');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(send().disabled).toBe(true);
    fireEvent.click(send());
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => answer(json(true)));
    expect(screen.getByRole('status').textContent).toMatch(/If an account uses farmer@farm\.example/);
    expect(send().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels without sending', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const onCancel = vi.fn();
    renderWithProviders(<ResetPasswordRequest onCancel={onCancel} />, { api: new ApiClient({ fetch }) });
    type('Email', 'farmer@farm.example');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });
});

function renderStep(fetch: typeof globalThis.fetch) {
  const handlers = { onDone: vi.fn(), onCancel: vi.fn(), onAskAgain: vi.fn() };
  renderWithProviders(<ResetPasswordStep token="tok-1" {...handlers} />, { api: new ApiClient({ fetch }) });
  return handlers;
}

describe('ResetPasswordStep (step 2)', () => {
  it('checks the link, shows the rule messages in order after a first attempt, then sets the password', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async (_input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { password?: string };
      return json({ Email: 'jo@farm.example', PasswordSet: body.password !== undefined });
    });
    const { onDone } = renderStep(fetch);
    await screen.findByText('Choose a new password for jo@farm.example.');
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/user/v1/login/reset');
    expect(url.searchParams.get('token')).toBe('tok-1');
    expect(screen.queryByRole('alert')).toBeNull();

    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    save();
    expect(screen.getByRole('alert').textContent).toBe('The new password is required');
    type('New password', 'short1A');
    expect(screen.getByRole('alert').textContent).toMatch(/^Your password must be at least 8 characters/);
    type('New password', 'NewFurrow2026');
    type('Confirm password', 'NewFurrow2025');
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match');
    type('Confirm password', 'NewFurrow2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => save());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('jo@farm.example'));
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ password: 'NewFurrow2026' });
  });

  it.each([
    ['resetLinkUsed', /already been used/],
    ['resetLinkExpired', /has expired/],
    ['resetLinkInvalid', /is not valid/],
  ])('says so when the link is refused with %s, and offers a new one', async (code, words) => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      json({ Message: 'x', Errors: [{ Field: 'token', Message: 'x', Code: code }] }, 400),
    );
    const { onAskAgain } = renderStep(fetch);
    expect((await screen.findByRole('alert')).textContent).toMatch(words);
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(onAskAgain).toHaveBeenCalledTimes(1);
  });

  it('says so when the link was used meanwhile by another tab', async () => {
    let calls = 0;
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      (calls += 1) === 1
        ? json({ Email: 'jo@farm.example', PasswordSet: false })
        : json({ Message: 'x', Errors: [{ Field: 'token', Message: 'x', Code: 'resetLinkUsed' }] }, 400),
    );
    const { onDone } = renderStep(fetch);
    await screen.findByText('Choose a new password for jo@farm.example.');
    type('New password', 'NewFurrow2026');
    type('Confirm password', 'NewFurrow2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save password' })));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already been used/);
    expect(onDone).not.toHaveBeenCalled();
  });
});
