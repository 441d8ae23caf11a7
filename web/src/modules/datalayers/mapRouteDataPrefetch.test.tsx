import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { useRouteDataPrefetch } from '../../shell/useRouteDataPrefetch.ts';
import { aField } from '../fields/testing/fieldsFixtures.ts';
import { renderFieldsScreen } from '../fields/testing/renderFieldsScreen.tsx';
import { useMapFieldList } from './useMapFieldList.ts';

const fieldList = [aField({ FieldId: 42, Name: 'Long Acre' })];

function serverAnswering() {
  return vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(JSON.stringify(fieldList), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function MapScreen() {
  const { data } = useMapFieldList();
  return <p>{data ? `${data.length} fields` : 'loading'}</p>;
}

/** The shell's prefetch, and the map screen once a button says its code has arrived. */
function Shell() {
  useRouteDataPrefetch();
  const [mounted, setMounted] = useState(false);
  return mounted ? <MapScreen /> : <button onClick={() => setMounted(true)}>mount</button>;
}

const fieldListCalls = (fetch: ReturnType<typeof serverAnswering>) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/fields/v1'));

describe('useRouteDataPrefetch', () => {
  it('asks for the map route’s fields list before the screen mounts, and the screen uses that answer', async () => {
    const fetch = serverAnswering();
    renderFieldsScreen(<Shell />, { api: new ApiClient({ fetch }), path: '/datalayers' });
    await waitFor(() => expect(fieldListCalls(fetch)).toHaveLength(1));
    expect(String(fieldListCalls(fetch)[0]![0])).toBe('/api/fields/v1?year=2025');
    fireEvent.click(screen.getByRole('button', { name: 'mount' }));
    expect(await screen.findByText('1 fields')).toBeTruthy();
    expect(fieldListCalls(fetch)).toHaveLength(1);
  });

  it.each(['/dashboard', '/fields', '/fields/details/42'])('asks for nothing on %s', async (path) => {
    const fetch = serverAnswering();
    renderFieldsScreen(<Shell />, { api: new ApiClient({ fetch }), path });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
