import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignupData } from '@headland/domain/api/signupApi';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ApiClient } from '../http/apiClient.ts';
import { SignupWizard } from './SignupWizard.tsx';
import { autoSignupProblems } from './AutoSignup.tsx';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const data: SignupData = {
  email: 'ada@estate.example',
  firstName: 'Ada',
  lastName: 'Access',
  holdingInvites: [],
  regions: [],
  towns: [],
  tcs: { text: 'Terms of use, version 3.', version: 3 },
  autoSignup: true,
};

// Labels of required fields end with Mantine's asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('auto sign-up of an Access-role account', () => {
  it('is one screen with the known names, the terms and a password; a failure says so and can be retried', async () => {
    const autoAnswers = [
      () => json({ Message: 'Unavailable' }, 500, { 'X-Omnia-Retry': 'No' }),
      () => json({ email: 'ada@estate.example' }),
    ];
    const bodies: unknown[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/signup/v1/data') return json(data);
      if (path === '/api/signup/v1/auto') {
        bodies.push(JSON.parse(String(init?.body)));
        return autoAnswers.shift()!();
      }
      return json({ Message: 'No route' }, 404);
    });
    const onDone = vi.fn(async () => {});
    renderWithProviders(<SignupWizard productName="Headland" onDone={onDone} onCancelAccount={vi.fn()} />, {
      api: new ApiClient({ fetch }),
    });

    expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeTruthy();
    // No wizard steps: no holding, no contact questions.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByLabelText('Holding name')).toBeNull();
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Access');
    expect(screen.getByText('Terms of use, version 3.')).toBeTruthy();

    // Errors show after the first attempt, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(screen.getByText('The new password is required')).toBeTruthy();
    expect(bodies).toEqual([]);

    type('Last name', 'Keeper');
    type('New password', 'Barley2026');
    type('Confirm new password', 'Barley2026');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(
      await screen.findByText(
        'Your account could not be set up just now. Nothing has been changed: please try again.',
      ),
    ).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('ada@estate.example', 'Barley2026'));
    expect(screen.getByRole('progressbar', { name: 'Account set-up progress' })).toBeTruthy();
    expect(screen.getByText('Signing you in…')).toBeTruthy();
    expect(bodies).toEqual([
      { firstName: 'Ada', lastName: 'Keeper', password: 'Barley2026', termsOfUseVersion: 3 },
      { firstName: 'Ada', lastName: 'Keeper', password: 'Barley2026', termsOfUseVersion: 3 },
    ]);
  });

  it('needs both names, a password of the rule, a matching confirmation, and the terms where there are any', () => {
    const form = {
      firstName: 'Ada',
      lastName: 'Keeper',
      password: 'Barley2026',
      confirmation: 'Barley2026',
      termsAccepted: true,
    };
    expect(autoSignupProblems(form, true)).toEqual({});
    expect(autoSignupProblems({ ...form, termsAccepted: false }, false)).toEqual({});
    expect(
      autoSignupProblems({ ...form, firstName: ' ', password: 'barley', termsAccepted: false }, true),
    ).toEqual({
      firstName: 'signup.errors.firstNameRequired',
      password: 'signup.errors.passwordRule',
      termsAccepted: 'signup.errors.termsRequired',
    });
    expect(autoSignupProblems({ ...form, confirmation: 'Barley2027' }, true)).toEqual({
      confirmation: 'signup.errors.passwordMismatch',
    });
  });
});
