import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { LowResolutionBanner } from './LowResolutionBanner.tsx';

const original = { width: window.innerWidth, height: window.innerHeight };

function setWindowSize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

describe('LowResolutionBanner', () => {
  afterEach(() => setWindowSize(original.width, original.height));

  it.each([
    [1023, 768],
    [1024, 767],
  ])('warns in a %i x %i window until dismissed', (width, height) => {
    setWindowSize(width, height);
    renderWithProviders(<LowResolutionBanner />);
    expect(screen.getByRole('status').textContent).toMatch(/smaller than 1024 × 768/);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing from 1024 x 768 up', () => {
    setWindowSize(1024, 768);
    renderWithProviders(<LowResolutionBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
