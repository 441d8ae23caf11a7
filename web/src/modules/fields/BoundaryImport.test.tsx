import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImportPreviewResponse } from '@headland/domain/api/fieldsApi';
import { BoundaryImport, likelyNameProperty } from './BoundaryImport.tsx';
import { renderFieldsScreen } from './testing/renderFieldsScreen.tsx';

/** Stands in for the browser's XMLHttpRequest: records each request and lets the test answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  /** Answers the request and waits for the component to take in the answer. */
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

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
  PropertyNames: ['CODE', 'FIELD_NAME'],
  Features: [
    { Index: 0, Properties: { CODE: 'A1', FIELD_NAME: 'Top Piece' }, Geometry: square(0), Area: 5.5 },
    { Index: 1, Properties: { CODE: 'A2', FIELD_NAME: 'Bottom Piece' }, Geometry: square(1), Area: 7.25 },
  ],
  Skipped: [{ Index: 2, Reason: 'The feature has no polygon.' }],
};

function chooseFile(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['{}'], name)] } });
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

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
    await FakeXhr.sent[0]!.respond(400, { Message: 'The KML file has no placemark with a polygon.' });
    expect(screen.getByText('The KML file has no placemark with a polygon.')).toBeTruthy();
  });

  it('previews the features, then imports the chosen ones with a progress bar', async () => {
    renderFieldsScreen(<BoundaryImport />);
    chooseFile('farm.geojson');
    const upload = FakeXhr.sent[0]!;
    expect(upload.url).toBe('/api/fields/v1/import/preview');
    expect(upload.body).toBeInstanceOf(FormData);
    await upload.respond(200, preview);

    expect(screen.getByText('Top Piece')).toBeTruthy();
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
      Features: [{ Properties: preview.Features[0]!.Properties, Geometry: preview.Features[0]!.Geometry }],
    });

    commit.progress(50, 100);
    const progress = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Importing: 50% sent')).toBeTruthy();

    await commit.respond(201, { Fields: [{ FieldId: 40, Name: 'Top Piece', BoundaryArea: 5.5 }] });
    await waitFor(() => expect(screen.getByText('1 field was created.')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Top Piece' }).getAttribute('href')).toBe('/fields/details/40');
    expect(screen.queryByRole('progressbar')).toBeNull();
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
