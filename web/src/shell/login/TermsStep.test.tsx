import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { TermsStep } from './TermsStep.tsx';

describe('TermsStep', () => {
  it('enables Accept only once the box is ticked, and accepts', async () => {
    const onAccept = vi.fn(async () => {});
    renderWithProviders(<TermsStep text="Be kind to the soil." onAccept={onAccept} />);

    expect(screen.getByText('Be kind to the soil.')).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);

    const box = screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' });
    fireEvent.click(box);
    expect(accept.disabled).toBe(false);
    fireEvent.click(box);
    expect(accept.disabled).toBe(true);

    fireEvent.click(box);
    fireEvent.click(accept);
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(1));
  });

  it('cannot be accepted when no terms came', () => {
    renderWithProviders(<TermsStep text={null} onAccept={async () => {}} />);
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
  });
});
