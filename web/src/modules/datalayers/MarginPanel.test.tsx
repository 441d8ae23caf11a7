import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import { CropId } from '@headland/domain/crops';
import type { FieldMap } from '../../map/FieldMap.ts';
import { readBoundary } from '../../map/layers/fieldFeatures.ts';
import { squareBoundary } from '../../map/testing/squareBoundary.ts';
import { ApiClient } from '../../shell/http/apiClient.ts';
import type { AppSession } from '../../shell/session/AppSessionContext.tsx';
import { aCropping, aField } from '../fields/testing/fieldsFixtures.ts';
import { renderFieldsScreen } from '../fields/testing/renderFieldsScreen.tsx';
import { MarginPanel } from './MarginPanel.tsx';

const maps: OlMap[] = [];
afterEach(() => maps.splice(0).forEach((map) => map.dispose()));

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A field map holding one field 0.005° square near Louth, as far as the panel uses it. */
function aFieldMap(): FieldMap {
  const map = new OlMap({ view: new View({ center: [0, 0], zoom: 15 }) });
  maps.push(map);
  const field = new Feature<MultiPolygon>(readBoundary(squareBoundary(-0.01, 53.36, 0.005)));
  return {
    map,
    fieldFeature: (fieldId: number) => (fieldId === 42 ? field : null),
    setPointerTools: vi.fn(),
  } as unknown as FieldMap;
}

/** Long Acre (field 42) as the map's field list has it: winter wheat over its whole area in 2025. */
const wheat = aCropping({
  CroppingId: 700,
  FieldId: 42,
  CropId: CropId.WinterWheat,
  YearId: 2025,
  Area: 5.1,
});
const fieldList = [aField({ FieldId: 42, Name: 'Long Acre', Croppings: [wheat] })];

/** Answers the map's field list, and `cropping` to the cropping POST. */
function serverAnswering(cropping: () => Response) {
  return vi.fn<typeof globalThis.fetch>(async (input) =>
    String(input).startsWith('/api/fields/v1') ? jsonResponse(200, fieldList) : cropping(),
  );
}

const croppingPost = (fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>) =>
  fetch.mock.calls.find(([url]) => /\/api\/croppings\/v1$/.test(String(url)))!;

function renderPanel(
  fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>,
  session?: Partial<AppSession>,
) {
  const api = new ApiClient({ fetch, sleep: () => Promise.resolve() });
  const fieldMap = aFieldMap();
  renderFieldsScreen(
    <MarginPanel fieldMap={fieldMap} fieldId={42} fieldName="Long Acre" onClose={vi.fn()} />,
    { api, session, path: '/datalayers' },
  );
  return { panel: screen.getByRole('dialog', { name: 'Margin along Long Acre' }), fieldMap };
}

const createButton = (panel: HTMLElement) =>
  within(panel).getByRole('button', { name: 'Create margin cropping' });

/** Picks the whole boundary once the picker has loaded, and answers the margin's area as the panel shows it. */
async function pickWholeBoundary(panel: HTMLElement, fieldMap: FieldMap): Promise<number> {
  // The picker is loaded on demand; it takes the map's pointer when it is ready.
  await waitFor(() => expect(fieldMap.setPointerTools).toHaveBeenCalledWith(false));
  fireEvent.click(within(panel).getByRole('switch', { name: 'Whole boundary' }));
  const text = (await within(panel).findByLabelText('Margin dimensions')).textContent ?? '';
  return Number(/Area (\d+\.\d\d) ha/.exec(text)?.[1]);
}

describe('MarginPanel: Create margin cropping', () => {
  it('is offered only once a margin is picked', async () => {
    const { panel, fieldMap } = renderPanel(serverAnswering(() => jsonResponse(500, {})));
    expect((createButton(panel) as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(panel).getByText('Keeps the margin as a Grass margin cropping of 2025 on this field.'),
    ).toBeTruthy();
    await pickWholeBoundary(panel, fieldMap);
    expect((createButton(panel) as HTMLButtonElement).disabled).toBe(false);
  });

  it('posts a grass margin cropping of the open year with the margin as its boundary, then says so', async () => {
    const fetch = serverAnswering(() =>
      jsonResponse(
        201,
        aCropping({ CroppingId: 900, FieldId: 42, CropId: CropId.GrassMargin, YearId: 2025, Area: 0.21 }),
      ),
    );
    const { panel, fieldMap } = renderPanel(fetch);
    const area = await pickWholeBoundary(panel, fieldMap);
    expect(area).toBeGreaterThan(0.15);
    // The field's crop gives up the margin's area unless the user says otherwise.
    const takeFrom = await within(panel).findByLabelText('Take its area from');
    expect((takeFrom as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Winter wheat (5.10 ha)');
    fireEvent.click(createButton(panel));
    expect(await within(panel).findByRole('status')).toHaveProperty(
      'textContent',
      'Grass margin cropping of 2025 created: 0.21 ha.',
    );

    expect(wheat.SowingDate).toBeTruthy();
    const [, init] = croppingPost(fetch);
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      FieldId: 42,
      YearId: 2025,
      CropId: CropId.GrassMargin,
      srid: 4326,
      TakeAreaFrom: [wheat.CroppingId],
      // It starts with the crop it is taken from.
      SowingDate: wheat.SowingDate,
    });
    // The server works the area out from the boundary.
    expect(body).not.toHaveProperty('Area');
    const boundary = body.Boundary as { type: string; coordinates: number[][][] };
    expect(boundary.type).toBe('Polygon');
    // The whole boundary: the field's ring and the inner edge of the margin as a hole.
    expect(boundary.coordinates).toHaveLength(2);
    const [outer, inner] = boundary.coordinates as [number[][], number[][]];
    expect(Math.min(...outer.map(([lon]) => lon!))).toBeCloseTo(-0.01, 6);
    // 10 m inside the west side: about 0.00015° of longitude at 53.36° N.
    expect(Math.min(...inner.map(([lon]) => lon!)) + 0.01).toBeCloseTo(
      10 / (111_320 * Math.cos((53.36 * Math.PI) / 180)),
      5,
    );
    // The picker is cleared for the next margin.
    await waitFor(() => expect(within(panel).queryByLabelText('Margin dimensions')).toBeNull());
  });

  it('takes the area from no cropping when the user chooses so', async () => {
    const fetch = serverAnswering(() =>
      jsonResponse(201, aCropping({ CroppingId: 901, FieldId: 42, CropId: CropId.GrassMargin, Area: 0.2 })),
    );
    const { panel, fieldMap } = renderPanel(fetch);
    await pickWholeBoundary(panel, fieldMap);
    fireEvent.change(await within(panel).findByLabelText('Take its area from'), { target: { value: '' } });
    fireEvent.click(createButton(panel));
    await within(panel).findByRole('status');
    const body = JSON.parse(String(croppingPost(fetch)[1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('TakeAreaFrom');
    expect(body).not.toHaveProperty('SowingDate');
  });

  it("shows the server's refusal", async () => {
    const message =
      'There are other crops at the same time on this field, and the overall cropped area (12.30 ha) exceeds that of the field (12.10 ha). Please check the dates and area.';
    const fetch = serverAnswering(() =>
      jsonResponse(400, {
        Message: 'The request is not valid.',
        Errors: [{ Field: 'Area', Message: message }],
      }),
    );
    const { panel, fieldMap } = renderPanel(fetch);
    await pickWholeBoundary(panel, fieldMap);
    fireEvent.click(createButton(panel));
    expect((await within(panel).findByRole('alert')).textContent).toBe(message);
    expect(within(panel).queryByRole('status')).toBeNull();
  });

  it('is not offered without the right to change croppings', () => {
    renderPanel(
      serverAnswering(() => jsonResponse(500, {})),
      { readOnly: true },
    );
    expect(screen.queryByRole('button', { name: 'Create margin cropping' })).toBeNull();
  });
});
