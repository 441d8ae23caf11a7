import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImportPreviewResponse } from '@headland/domain/api/fieldsApi';
import { ApiClient, type ApiProblem } from '../../shell/http/apiClient.ts';
import { FakeXhr } from '../../shell/http/testing/FakeXhr.ts';
import { BoundaryImport, likelyNameProperty } from './BoundaryImport.tsx';
import { renderFieldsScreen } from './testing/renderFieldsScreen.tsx';

const square = (x: number) => ({
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [x, 53],
        [x + 0.01, 53],
        [x + 0.01, 53.01],
        [x, 53],
      ],
    ],
  ],
});

const preview: ImportPreviewResponse = {
  Format: 'geojson',
  SourceSrid: 4326,
  SourceCrs: 'WGS 84 (EPSG:4326)',
  CrsQuestion: null,
  PropertyNames: ['CODE', 'FIELD_NAME'],
  Features: [
    {
      Index: 0,
      Properties: { CODE: 'A1', FIELD_NAME: 'Top Piece' },
      Geometry: square(0),
      Area: 5.5,
      Repair: null,
      Overlap: null,
    },
    {
      Index: 1,
      Properties: { CODE: 'A2', FIELD_NAME: 'Bottom Piece' },
      Geometry: square(1),
      Area: 7.25,
      Repair: null,
      Overlap: null,
    },
  ],
  Skipped: [{ Index: 2, Reason: 'The feature has no polygon.' }],
};

function chooseFile(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['{}'], name)] } });
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

/** Reports upload progress as the browser would, inside React's act. */
function reportProgress(xhr: FakeXhr, loaded: number, total: number) {
  act(() => xhr.progress(loaded, total));
}

/** Answers a request and lets the component take in the answer. */
async function respond(xhr: FakeXhr, status: number, body: unknown) {
  await act(async () => xhr.respond(status, body));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BoundaryImport', { timeout: 30_000 }, () => {
  it('refuses a file of another type without sending it', () => {
    renderFieldsScreen(<BoundaryImport />);
    expect(screen.getByText('Boundary file')).toBeTruthy();
    chooseFile('fields.csv');
    expect(screen.getByText(/This type of file cannot be read/)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's reason when it cannot read the file", async () => {
    renderFieldsScreen(<BoundaryImport />);
    chooseFile('farm.kml');
    await respond(FakeXhr.sent[0]!, 400, { Message: 'The KML file has no placemark with a polygon.' });
    expect(await screen.findByText('The KML file has no placemark with a polygon.')).toBeTruthy();
  });

  it('sends the file with the session token, and an ended session ends the app rather than showing here', async () => {
    const api = new ApiClient();
    api.setToken('session-token');
    api.setUnauthorisedHandling(true);
    const problems: ApiProblem[] = [];
    api.onProblem((problem) => problems.push(problem));
    renderFieldsScreen(<BoundaryImport />, { api });

    chooseFile('farm.kml');
    await respond(FakeXhr.sent[0]!, 400, { Message: 'The KML file has no placemark with a polygon.' });
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('Bearer session-token');
    // The screen shows its own failures: no error dialog on top.
    expect(problems).toEqual([]);

    chooseFile('farm.geojson');
    await respond(FakeXhr.sent[1]!, 401, { Message: 'Your session has ended.', AuthError: true });
    expect(problems).toEqual([{ kind: 'unauthorised' }]);
  });

  it('previews the features, then imports the chosen ones with a progress bar', async () => {
    renderFieldsScreen(<BoundaryImport />);
    chooseFile('farm.geojson');
    const upload = FakeXhr.sent[0]!;
    expect(upload.url).toBe('/api/fields/v1/import/preview');
    expect(upload.body).toBeInstanceOf(FormData);
    await respond(upload, 200, preview);

    expect(await screen.findByText('Top Piece')).toBeTruthy();
    expect(screen.getByText('7.25')).toBeTruthy();
    expect(screen.getByText('Feature 3: The feature has no polygon.')).toBeTruthy();
    // The select's input and its option list both carry the label.
    const nameSelect = screen
      .getAllByLabelText('Property giving the field name')
      .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    expect(nameSelect.value).toBe('FIELD_NAME');

    fireEvent.click(screen.getByLabelText('Import feature 2'));
    fireEvent.click(screen.getByText('Import').closest('button')!);

    const commit = FakeXhr.sent[1]!;
    expect(commit.url).toBe('/api/fields/v1/import/commit');
    expect(JSON.parse(String(commit.body))).toEqual({
      NameProperty: 'FIELD_NAME',
      FileName: 'farm.geojson',
      Features: [
        {
          Properties: preview.Features[0]!.Properties,
          Geometry: preview.Features[0]!.Geometry,
          Action: 'create',
          ReplaceFieldId: null,
        },
      ],
    });

    reportProgress(commit, 50, 100);
    const progress = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Importing: 50% sent')).toBeTruthy();

    await respond(commit, 201, {
      Fields: [{ FieldId: 40, Name: 'Top Piece', BoundaryArea: 5.5 }],
      Replaced: [],
      ClippedCroppings: 0,
    });
    await waitFor(() => expect(screen.getByText('1 field was created.')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Top Piece' }).getAttribute('href')).toBe('/fields/details/40');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a repair and an overlap, and leaves the overlapping feature out unless chosen', async () => {
    renderFieldsScreen(<BoundaryImport />);
    chooseFile('farm.zip');
    await respond(FakeXhr.sent[0]!, 200, {
      ...preview,
      Features: [
        { ...preview.Features[0]!, Repair: 'Self-intersection[0.005 53.005]' },
        { ...preview.Features[1]!, Overlap: { FieldId: 7, Name: 'Bottom Piece', Share: 0.97 } },
      ],
    });
    expect(await screen.findByText('Repaired: Self-intersection[0.005 53.005]')).toBeTruthy();
    expect(screen.getByText('Already a field: Bottom Piece covers 97%')).toBeTruthy();
    expect((screen.getByLabelText('Import feature 2') as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByText('Import').closest('button')!);
    expect(JSON.parse(String(FakeXhr.sent[1]!.body)).Features).toHaveLength(1);
    await respond(FakeXhr.sent[1]!, 201, {
      Fields: [{ FieldId: 40, Name: 'Top Piece', BoundaryArea: 5.5 }],
      Replaced: [],
      ClippedCroppings: 0,
    });
  });

  it('asks for the coordinate system of metres without one, and sends the file again with the choice', async () => {
    renderFieldsScreen(<BoundaryImport />);
    chooseFile('bng.geojson');
    await respond(FakeXhr.sent[0]!, 200, {
      ...preview,
      SourceSrid: null,
      SourceCrs: '',
      Features: [],
      Skipped: [],
      CrsQuestion: { SuggestedSrid: 27700, Choices: [27700, 2157, 29903] },
    });
    expect(await screen.findByText('In which coordinate system are these coordinates?')).toBeTruthy();
    fireEvent.click(screen.getByText('Read the file in this system').closest('button')!);
    const again = FakeXhr.sent[1]!;
    expect((again.body as FormData).get('srid')).toBe('27700');
  });

  it('is closed to sessions without the fields write right', () => {
    renderFieldsScreen(<BoundaryImport />, { session: { readOnly: true } });
    expect(screen.getByText('You do not have the right to add fields to this holding.')).toBeTruthy();
  });
});

describe('likelyNameProperty', () => {
  it.each([
    [['CODE', 'FIELD_NAME'], 'FIELD_NAME'],
    [['Name', 'FieldName'], 'Name'],
    [['id', 'field name'], 'field name'],
    [['LandName', 'Id'], 'LandName'],
    [['id', 'area'], 'id'],
    [[], null],
  ])('picks from %j: %j', (names, expected) => {
    expect(likelyNameProperty(names)).toBe(expected);
  });
});
