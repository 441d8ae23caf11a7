import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { aHolding } from '../../testing/sessionFixtures.ts';
import { ApiClient } from '../http/apiClient.ts';
import { HoldingYearPicker } from './HoldingYearPicker.tsx';

const own = [aHolding(), aHolding({ HoldingId: 12, TradingName: 'Hill Top', CropYears: [2021, 2023, 2022] })];
const many = Array.from({ length: 20 }, (_, index) =>
  aHolding({ HoldingId: 100 + index, TradingName: `Farm ${index + 1}`, CropYears: [2025] }),
);

function setup() {
  const fetch = vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(JSON.stringify(many), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  const onContinue = vi.fn(async () => true);
  renderWithProviders(<HoldingYearPicker holdings={own} initialHolding={null} onContinue={onContinue} />, {
    api: new ApiClient({ fetch }),
  });
  return { fetch, onContinue };
}

const radioNames = () => screen.queryAllByRole('radio').map((radio) => radio.getAttribute('value'));

describe('HoldingYearPicker', () => {
  it('lists the user holdings and needs a holding before it continues', () => {
    setup();
    expect(radioNames()).toEqual(['11', '12']);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('defaults the year to the last crop year of the chosen holding, newest first', () => {
    const { onContinue } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Hill Top' }));
    const year = screen.getByLabelText('Crop year') as HTMLSelectElement;
    expect(year.value).toBe('2023');
    expect([...year.options].map((option) => option.value)).toEqual(['2023', '2022', '2021']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith(own[1], 2023);
  });

  it('searches from two characters, shows at most 15 results and says when more matched', async () => {
    const { fetch } = setup();
    const search = screen.getByLabelText('Search holdings');
    fireEvent.change(search, { target: { value: 'F' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(search, { target: { value: 'Fa' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Farm 1' })).toBeTruthy());
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/session/v1/holdings/query');
    expect(url.searchParams.get('query')).toBe('Fa');
    // One more than shown is asked for, to know whether matches were left out.
    expect(url.searchParams.get('limit')).toBe('16');
    expect(screen.getAllByRole('radio')).toHaveLength(15);
    expect(screen.getByRole('status').textContent).toBe(
      'Only the first 15 matches are shown: type more of the name to narrow the search.',
    );
  });
});
