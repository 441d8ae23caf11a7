import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { CropId } from '@headland/domain/crops';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { FieldsPage } from './FieldsPage.tsx';
import { aCropping, aField } from './testing/fieldsFixtures.ts';
import { renderFieldsScreen } from './testing/renderFieldsScreen.tsx';

const fields = [
  aField({
    FieldId: 1,
    Name: 'Long Meadow',
    FieldNumber: '7',
    FieldGroup: 'Home',
    Croppings: [aCropping({ CropId: CropId.Grass })],
  }),
  aField({ FieldId: 2, Name: 'Barn Close', FieldNumber: '3', FieldGroup: null, WholeArea: 4.567 }),
  aField({
    FieldId: 3,
    Name: 'Acre',
    FieldNumber: '1',
    FieldGroup: 'Away',
    Croppings: [aCropping({ CroppingId: 102, FieldId: 3 })],
  }),
];

const issues = [
  { Code: 1000, FieldId: 3, CroppingIds: [], Message: "The field's boundary overlaps another field." },
  {
    Code: 2000,
    FieldId: 1,
    CroppingIds: [101],
    CroppingId: 101,
    Message: 'The sowing date is not before the harvest or destruction date.',
  },
];

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function renderPage(path: string) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/fields/v1?')) return answer(fields);
    if (url.startsWith('/api/fields/v1/3')) return answer(fields[2]);
    if (url.startsWith('/api/holdings/v1/validation')) return answer(issues);
    return new Response('', { status: 404 });
  });
  const api = new ApiClient({ fetch, sleep: () => Promise.resolve() });
  renderFieldsScreen(
    <Routes>
      <Route path="/fields/:action?/:id?" element={<FieldsPage />} />
    </Routes>,
    { api, path },
  );
  return fetch;
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('FieldsPage', { timeout: 30_000 }, () => {
  it('lists the fields by group with the fields of no group last', async () => {
    const fetch = renderPage('/fields');
    const table = await screen.findByRole('table');
    expect(rowTexts(table)).toEqual([
      'Away',
      'Acre110.00Winter wheat',
      'Home',
      'Long Meadow710.00Grass',
      'Other fields',
      'Barn Close34.57Uncropped',
    ]);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/fields/v1?year=2025');
  });

  it('filters by the search box', async () => {
    renderPage('/fields');
    const table = await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Search fields'), { target: { value: 'mead' } });
    expect(rowTexts(table)).toEqual(['Home', 'Long Meadow710.00Grass']);
  });

  it("opens a field's details from the list", async () => {
    renderPage('/fields');
    fireEvent.click(await screen.findByRole('link', { name: 'Acre' }));
    expect(await screen.findByRole('heading', { name: 'Acre' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crop year 2025' })).toBeTruthy();
  });

  it('lists the holding issues with a link to each field', async () => {
    renderPage('/fields/validation');
    const table = await screen.findByRole('table', { name: 'Problems found in 2025' });
    expect(within(table).getByText("The field's boundary overlaps another field.")).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Acre' }).getAttribute('href')).toBe('/fields/details/3');
    const cropping = await within(table).findByRole('link', {
      name: 'Open the Grass cropping of Long Meadow',
    });
    expect(cropping.getAttribute('href')).toBe('/fields/cropping/101');
  });
});
