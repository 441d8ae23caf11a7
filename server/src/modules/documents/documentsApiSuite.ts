import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListResponse, ImportDocument } from '@headland/domain/api/documentsApi';
import { HoldingRole, Role } from '@headland/domain/roles';
import type { ServerConfig } from '../../config.ts';
import { addMember, bearer, createUser, signIn, signInToHolding } from '../../testing/factories.ts';
import {
  createFieldsHolding,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import {
  makeExecutable,
  makePdf,
  makePhoto,
  makePng,
  multipartBody,
  type MultipartFile,
} from '../../testing/documentFixtures.ts';

export interface DocumentsSuiteOptions {
  /** Configuration of the document store under test (a folder, or an S3 bucket). */
  storeConfig(): Promise<Partial<ServerConfig>> | Partial<ServerConfig>;
  /** The number of files the store holds now, to check that nothing is left behind. */
  storedFileCount(): Promise<number>;
}

/** The field the photos are taken in: a square about 1.4 km across near Warwick, in EPSG:4326. */
const field = { west: -1.51, south: 52.19, east: -1.49, north: 52.21 };
const inField = { lon: -1.5, lat: 52.2 };
const outside = { lon: -1.3, lat: 52.3 };

/** Counts files in a folder, recursively. */
export function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/**
 * The document library's API tests, run once per store: every path with good and bad input, another holding's
 * ids, a restricted member and a member who may only read.
 */
export function documentsApiSuite(options: DocumentsSuiteOptions): void {
  let test: TestApp;
  let farm: FieldsHolding;
  let other: FieldsHolding;
  let hiddenCroppingId: number;
  let photoIn: Buffer;
  let photoOut: Buffer;
  let uploaded: ImportDocument[];

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const upload = (
    holding: FieldsHolding | { holdingId: number; headers: Record<string, string> },
    files: MultipartFile[],
    year = 2025,
  ) => {
    const body = multipartBody(files);
    return test.app.inject({
      method: 'POST',
      url: `/api/import/document/import/${holding.holdingId}/${year}`,
      headers: { ...holding.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const rowCount = async () =>
    (await sqlRows<{ n: number }>(test.db, sql`SELECT count(*)::int AS n FROM import_documents`))[0]!.n;

  beforeAll(async () => {
    test = await createTestApp({ config: await options.storeConfig() });
    await seedCropTable(test.db);
    farm = await createFieldsHolding(test.app, test.db, { features: { perHoldingPermissions: true } });
    other = await createFieldsHolding(test.app, test.db);
    const [fieldRow] = await sqlRows<{ id: number }>(
      test.db,
      sql`INSERT INTO fields (holding_id, name, boundary)
          VALUES (${farm.holdingId}, 'Long Meadow',
                  ST_Multi(ST_MakeEnvelope(${field.west}, ${field.south}, ${field.east}, ${field.north}, 4326)))
          RETURNING id`,
    );
    const [cropping] = await sqlRows<{ id: number }>(
      test.db,
      sql`INSERT INTO croppings (holding_id, field_id, year_id, crop_id) VALUES (${farm.holdingId}, ${fieldRow!.id}, 2025, 1)
          RETURNING id`,
    );
    hiddenCroppingId = cropping!.id;
    photoIn = await makePhoto({ takenAt: '2025:06:01 12:30:00', ...inField, width: 800, height: 600 });
    photoOut = await makePhoto({ takenAt: '2025:01:15 08:00:00', ...outside, orientation: 6 });
  });

  afterAll(async () => {
    await test?.close();
  });

  describe('upload', () => {
    it('stores two photos, a PDF and a PNG, with thumbnails, dates and positions', async () => {
      const response = await upload(farm, [
        { name: 'blackgrass.jpg', bytes: photoIn, type: 'image/jpeg' },
        { name: 'flooded corner.JPEG', bytes: photoOut, type: 'image/jpeg' },
        { name: 'soil report.pdf', bytes: makePdf(), type: 'application/pdf' },
        { name: 'plan.png', bytes: await makePng(), type: 'image/png' },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      uploaded = response.json<DocumentListResponse>().Documents;
      expect(uploaded.map((d) => [d.FileName, d.ContentType, d.Kind, d.Year])).toEqual([
        ['blackgrass.jpg', 'image/jpeg', 'picture', 2025],
        ['flooded corner.JPEG', 'image/jpeg', 'picture', 2025],
        ['soil report.pdf', 'application/pdf', 'document', 2025],
        ['plan.png', 'image/png', 'picture', 2025],
      ]);
      const [inPhoto, outPhoto, pdf, png] = uploaded as [
        ImportDocument,
        ImportDocument,
        ImportDocument,
        ImportDocument,
      ];
      // EXIF dates have no zone: they are London time, an hour ahead of UTC in June and equal to it in January.
      expect(inPhoto.ExifDate).toBe('2025-06-01T11:30:00.000Z');
      expect(outPhoto.ExifDate).toBe('2025-01-15T08:00:00.000Z');
      expect(inPhoto.ExifLocation?.CoordinateSystemId).toBe(4326);
      expect(inPhoto.ExifLocation?.WellKnownText).toMatch(/^POINT\(-1\.5\d* 52\.2\d*\)$/);
      expect(inPhoto.ExifLocation?.Lon).toBeCloseTo(inField.lon, 4);
      expect(inPhoto.ExifLocation?.Lat).toBeCloseTo(inField.lat, 4);
      expect(inPhoto.FieldId).not.toBeNull();
      expect(outPhoto.FieldId).toBeNull();
      expect(pdf.ExifLocation).toBeNull();
      expect(pdf.ThumbnailPath).toBeNull();
      expect(png.ThumbnailPath).toBe(
        `/api/img/${farm.holdingId}/${png.FilePath.split('/')[4]}-thumbnail/png`,
      );
      expect(inPhoto.UploadedBy).toBe(farm.ownerId);
      // Three originals and three thumbnails for each of the three pictures.
      expect(await options.storedFileCount()).toBe(4 + 3 * 3);
    });

    it('turns thumbnails upright and makes them in the three list sizes', async () => {
      const [inPhoto, outPhoto] = uploaded as [ImportDocument, ImportDocument];
      for (const [size, longSide] of [
        ['small', 96],
        ['medium', 192],
        ['large', 384],
      ] as const) {
        const response = await inject('GET', `${inPhoto.ThumbnailPath}?size=${size}`, farm.headers);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(response.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([longSide, (longSide * 3) / 4]);
      }
      // Orientation 6: a 640 × 480 landscape sensor image of a portrait scene.
      const rotated = await inject('GET', `${outPhoto.ThumbnailPath}?size=large`, farm.headers);
      const meta = await sharp(rotated.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([288, 384]);
    });

    it('serves the original file as it was sent', async () => {
      const [inPhoto, , pdf] = uploaded as [ImportDocument, ImportDocument, ImportDocument];
      const original = await inject('GET', inPhoto.FilePath, farm.headers);
      expect(original.statusCode).toBe(200);
      expect(Buffer.compare(original.rawPayload, photoIn)).toBe(0);
      const document = await inject('GET', pdf.FilePath, farm.headers);
      expect(document.headers['content-type']).toBe('application/pdf');
      expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it.each([
      [
        'an executable renamed .jpg',
        [{ name: 'holiday.jpg', bytes: makeExecutable() }],
        'Allowed file types are : jpg, jpeg, png, gif, pdf',
        'fileType',
      ],
      [
        'an empty file',
        [{ name: 'empty.pdf', bytes: Buffer.alloc(0) }],
        'There was an error during the import process. Be sure that the files are correct.',
        'importError',
      ],
      [
        'a text file named .pdf',
        [{ name: 'notes.pdf', bytes: Buffer.from('just words') }],
        'There was an error during the import process. Be sure that the files are correct.',
        'importError',
      ],
      [
        'a text file named .jpg',
        [{ name: 'notes.jpg', bytes: Buffer.from('just words, not a picture') }],
        'There was an error during the import process. Be sure that the files are correct.',
        'importError',
      ],
      [
        'a HEIC photo',
        [
          {
            name: 'IMG_0001.heic',
            bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]),
          },
        ],
        'HEIC pictures cannot be read. Please save them as JPEG and upload them again.',
        'heic',
      ],
      [
        'eleven files',
        Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.pdf`, bytes: makePdf() })),
        'Your selection is 11 files long, the maximum number of files you can select is 10. Please unselect some files.',
        'tooManyFiles',
      ],
    ])('refuses %s with the spec message and keeps nothing', async (_what, files, message, code) => {
      const rowsBefore = await rowCount();
      const filesBefore = await options.storedFileCount();
      const response = await upload(farm, files);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message, Code: code });
      expect(await rowCount()).toBe(rowsBefore);
      expect(await options.storedFileCount()).toBe(filesBefore);
    });

    it('keeps nothing of an upload when one picture in it cannot be decoded', async () => {
      const rowsBefore = await rowCount();
      const filesBefore = await options.storedFileCount();
      const broken = Buffer.concat([photoIn.subarray(0, 600), Buffer.alloc(2000, 7)]);
      const response = await upload(farm, [
        { name: 'good.pdf', bytes: makePdf() },
        { name: 'good.jpg', bytes: photoOut },
        { name: 'broken.jpg', bytes: broken },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        Message: 'There was an error during the import process. Be sure that the files are correct.',
        Code: 'importError',
        FileName: 'broken.jpg',
      });
      expect(await rowCount()).toBe(rowsBefore);
      expect(await options.storedFileCount()).toBe(filesBefore);
    });

    it('refuses more than 100 MB in all, by the declared size and by what arrives', async () => {
      const declared = await test.app.inject({
        method: 'POST',
        url: `/api/import/document/import/${farm.holdingId}/2025`,
        headers: {
          ...farm.headers,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(101 * 1024 * 1024 + 2 * 1024 * 1024),
        },
        payload: '--x--\r\n',
      });
      expect(declared.statusCode).toBe(400);
      expect(declared.json().Message).toBe(
        'The total files size is 103 MB. The maximum total files size is 100MB.',
      );

      const big = Buffer.alloc(51 * 1024 * 1024, 0x25);
      makePdf().copy(big);
      const arrived = await upload(farm, [
        { name: 'a.pdf', bytes: big },
        { name: 'b.pdf', bytes: big },
      ]);
      expect(arrived.statusCode).toBe(400);
      expect(arrived.json()).toMatchObject({ Code: 'tooLarge' });
      expect(arrived.json().Message).toMatch(
        /^The total files size is 10[0-9](\.\d+)? MB\. The maximum total files size is 100MB\.$/,
      );
    });

    it.each([
      ['no multipart body', { 'content-type': 'application/json' }, '{}', 400],
      ['a year the holding does not have', null, null, 400],
      ['another field name', null, null, 400],
    ])('refuses %s', async (what, headers, payload, status) => {
      let response: LightMyRequestResponse;
      if (what === 'a year the holding does not have') {
        response = await upload(farm, [{ name: 'a.pdf', bytes: makePdf() }], 2031);
        expect(response.json()).toMatchObject({ Code: 'yearNotInSession' });
      } else if (what === 'another field name') {
        response = await upload(farm, [{ field: 'file', name: 'a.pdf', bytes: makePdf() }]);
      } else {
        response = await inject(
          'POST',
          `/api/import/document/import/${farm.holdingId}/2025`,
          { ...farm.headers, ...headers },
          payload,
        );
      }
      expect(response.statusCode, response.body).toBe(status);
    });

    it.each([
      ['another holding', () => `/api/import/document/import/${other.holdingId}/2025`, 403],
      ['a holding id that is not a number', () => '/api/import/document/import/abc/2025', 400],
      ['a year out of range', () => `/api/import/document/import/${farm.holdingId}/99999`, 400],
    ])('refuses an upload to %s', async (_what, url, status) => {
      const body = multipartBody([{ name: 'a.pdf', bytes: makePdf() }]);
      const response = await test.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...farm.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(status);
    });
  });

  describe('read', () => {
    it('lists a year, every year, and nothing of another year', async () => {
      const year = await inject('GET', `/api/import/document/read/${farm.holdingId}/2025`, farm.headers);
      expect(year.statusCode).toBe(200);
      expect(year.json<DocumentListResponse>().Documents.map((d) => d.FileName)).toEqual(
        expect.arrayContaining(['blackgrass.jpg', 'soil report.pdf']),
      );
      const all = await inject('GET', `/api/import/document/read/${farm.holdingId}/all`, farm.headers);
      expect(all.json<DocumentListResponse>().Documents).toHaveLength(
        year.json<DocumentListResponse>().Documents.length,
      );
      const empty = await inject('GET', `/api/import/document/read/${farm.holdingId}/2024`, farm.headers);
      expect(empty.json<DocumentListResponse>().Documents).toEqual([]);
    });

    it.each([
      ['another holding', () => `/api/import/document/read/${other.holdingId}/2025`, 403],
      ['a word other than all', () => `/api/import/document/read/${farm.holdingId}/every`, 400],
      ['a year out of range', () => `/api/import/document/read/${farm.holdingId}/20255`, 400],
      ['a negative holding', () => '/api/import/document/read/-4/2025', 400],
    ])('refuses %s', async (_what, url, status) => {
      expect((await inject('GET', url(), farm.headers)).statusCode).toBe(status);
    });

    it('reads by ids, leaving out ids of another holding', async () => {
      const mine = uploaded[0]!.ImportDocumentId;
      const theirs = await upload(other, [{ name: 'theirs.pdf', bytes: makePdf() }]);
      const theirId = theirs.json<DocumentListResponse>().Documents[0]!.ImportDocumentId;
      const response = await inject('POST', '/api/import/document/read/ids', farm.headers, {
        Ids: [mine, theirId, 999999],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<DocumentListResponse>().Documents.map((d) => d.ImportDocumentId)).toEqual([mine]);
      // Nor does another holding's picture come through the image path of this one.
      const theirDoc = theirs.json<DocumentListResponse>().Documents[0]!;
      const image = await inject(
        'GET',
        theirDoc.FilePath.replace(`/${other.holdingId}/`, `/${farm.holdingId}/`),
        farm.headers,
      );
      expect(image.statusCode).toBe(404);
      expect((await inject('GET', theirDoc.FilePath, farm.headers)).statusCode).toBe(403);
    });

    it.each([
      ['no ids', { Ids: [] }],
      ['an id as text', { Ids: ['1'] }],
      ['id 0', { Ids: [0] }],
      ['501 ids', { Ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
      ['an id beyond the integers', { Ids: [2 ** 31] }],
      ['no Ids', {}],
    ])('refuses %s', async (_what, body) => {
      expect((await inject('POST', '/api/import/document/read/ids', farm.headers, body)).statusCode).toBe(
        400,
      );
    });

    it.each([
      [
        'a name that is not a stored name',
        (d: ImportDocument) => d.FilePath.replace(/[0-9a-f]{32}/, '..%2F..%2Fetc'),
        400,
      ],
      ['another extension', (d: ImportDocument) => d.FilePath.replace(/jpg$/, 'png'), 404],
      ['an extension never stored', (d: ImportDocument) => d.FilePath.replace(/jpg$/, 'exe'), 400],
      [
        'a thumbnail size that is not a list size',
        (d: ImportDocument) => `${d.ThumbnailPath}?size=huge`,
        400,
      ],
      ['an unknown name', (d: ImportDocument) => d.FilePath.replace(/[0-9a-f]{32}/, 'f'.repeat(32)), 404],
    ])('refuses an image path with %s', async (_what, url, status) => {
      expect((await inject('GET', url(uploaded[0]!), farm.headers)).statusCode).toBe(status);
    });

    it('needs a holding session', async () => {
      const response = await inject('GET', `/api/import/document/read/${farm.holdingId}/2025`, {});
      expect(response.statusCode).toBe(401);
    });
  });

  describe('edit', () => {
    it('saves name, description, year and a document date normalised to a UTC instant', async () => {
      const document = uploaded[2]!;
      const response = await inject('POST', '/api/import/document/edit', farm.headers, {
        ImportDocumentId: document.ImportDocumentId,
        FileName: '  Soil lab report  ',
        Description: 'Lab results of the autumn sampling',
        Year: 2026,
        ExifDate: '2025-07-01',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportDocument>()).toMatchObject({
        FileName: 'Soil lab report',
        Description: 'Lab results of the autumn sampling',
        Year: 2026,
        ExifDate: '2025-06-30T23:00:00.000Z',
      });
    });

    it.each([
      [{ FileName: '   ' }, 'Name is required.'],
      [{ Description: 'd'.repeat(251) }, 'Description cannot be longer than 250 characters.'],
      [{ Year: 2023 }, 'Year must be one of the crop years of the holding.'],
    ])('refuses %j with its message', async (change, message) => {
      const document = uploaded[0]!;
      const response = await inject('POST', '/api/import/document/edit', farm.headers, {
        ImportDocumentId: document.ImportDocumentId,
        FileName: document.FileName,
        Description: null,
        Year: 2025,
        ExifDate: null,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe(message);
    });

    it.each([
      [{ ExifDate: '31/02/2025' }],
      [{ ExifDate: 'x'.repeat(41) }],
      [{ Year: 'next' }],
      [{ FileName: 'x'.repeat(1021) }],
      [{ ImportDocumentId: -1 }],
      [{ Description: 5 }],
      [{ FileName: 'tab\tname' }],
      [{ Description: 'nul\u0000here' }],
    ])('refuses malformed %j', async (change) => {
      const response = await inject('POST', '/api/import/document/edit', farm.headers, {
        ImportDocumentId: uploaded[0]!.ImportDocumentId,
        FileName: 'a',
        Description: null,
        Year: 2025,
        ExifDate: null,
        ...change,
      });
      expect(response.statusCode).toBe(400);
    });

    it('finds no document of another holding', async () => {
      const theirs = await inject('POST', '/api/import/document/read/ids', other.headers, {
        Ids: [uploaded[0]!.ImportDocumentId],
      });
      expect(theirs.json<DocumentListResponse>().Documents).toEqual([]);
      const response = await inject('POST', '/api/import/document/edit', other.headers, {
        ImportDocumentId: uploaded[0]!.ImportDocumentId,
        FileName: 'Stolen',
        Description: null,
        Year: 2025,
        ExifDate: null,
      });
      expect(response.statusCode).toBe(404);
      const removal = await inject(
        'POST',
        `/api/import/document/delete/${uploaded[0]!.ImportDocumentId}`,
        other.headers,
      );
      expect(removal.statusCode).toBe(404);
    });
  });

  describe('members', () => {
    it('hides from a restricted member the picture taken in a cropping hidden from them', async () => {
      const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hiddenCroppingId]);
      const list = await inject('GET', `/api/import/document/read/${farm.holdingId}/2025`, member.headers);
      const names = list.json<DocumentListResponse>().Documents.map((d) => d.FileName);
      expect(names).toContain('flooded corner.JPEG');
      expect(names).not.toContain('blackgrass.jpg');
      const hidden = uploaded[0]!;
      expect((await inject('GET', hidden.FilePath, member.headers)).statusCode).toBe(404);
      expect((await inject('GET', `${hidden.ThumbnailPath}?size=small`, member.headers)).statusCode).toBe(
        404,
      );
      const ids = await inject('POST', '/api/import/document/read/ids', member.headers, {
        Ids: [hidden.ImportDocumentId],
      });
      expect(ids.json<DocumentListResponse>().Documents).toEqual([]);
      const edit = await inject('POST', '/api/import/document/edit', member.headers, {
        ImportDocumentId: hidden.ImportDocumentId,
        FileName: 'x',
        Description: null,
        Year: 2025,
        ExifDate: null,
      });
      expect(edit.statusCode).toBe(404);
      expect(
        (await inject('POST', `/api/import/document/delete/${hidden.ImportDocumentId}`, member.headers))
          .statusCode,
      ).toBe(404);
      // Their own picture taken in the same place is theirs to see.
      const own = await upload({ holdingId: farm.holdingId, headers: member.headers }, [
        { name: 'mine.jpg', bytes: photoIn },
      ]);
      expect(own.statusCode, own.body).toBe(201);
      const again = await inject('GET', `/api/import/document/read/${farm.holdingId}/2025`, member.headers);
      expect(again.json<DocumentListResponse>().Documents.map((d) => d.FileName)).toContain('mine.jpg');
    });

    it('lets a member who may only read map layers read the library, not manage it', async () => {
      const scout = await createUser(test.db, { role: Role.ScoutUser });
      await addMember(test.db, farm.holdingId, scout.id, {
        holdingRole: HoldingRole.Member,
        restrictCroppingAccess: false,
      });
      const headers = bearer(await signInToHolding(test.app, scout, farm.holdingId, 2025));
      const list = await inject('GET', `/api/import/document/read/${farm.holdingId}/2025`, headers);
      expect(list.statusCode).toBe(200);
      expect((await inject('GET', `${uploaded[0]!.ThumbnailPath}?size=small`, headers)).statusCode).toBe(200);
      expect(
        (await upload({ holdingId: farm.holdingId, headers }, [{ name: 'a.pdf', bytes: makePdf() }]))
          .statusCode,
      ).toBe(403);
      const edit = await inject('POST', '/api/import/document/edit', headers, {
        ImportDocumentId: uploaded[0]!.ImportDocumentId,
        FileName: 'x',
        Description: null,
        Year: 2025,
        ExifDate: null,
      });
      expect(edit.statusCode).toBe(403);
      expect(
        (await inject('POST', `/api/import/document/delete/${uploaded[0]!.ImportDocumentId}`, headers))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('holding export and import', () => {
    /** An administrator, who may create holdings, imports the export. */
    const importer = async () => {
      const user = await createUser(test.db, { role: Role.Admin });
      return { user, headers: bearer(await signIn(test.app, user)) };
    };

    it('carry the library: its files, names, years, dates and places, with thumbnails made again', async () => {
      const exported = await inject('POST', `/api/export/omnia/holding/${farm.holdingId}`, farm.headers);
      expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
      const entries = unzipSync(new Uint8Array(exported.rawPayload));
      const index = JSON.parse(strFromU8(entries['documents.json']!)) as { fileName: string }[];
      const library = (
        await inject('GET', `/api/import/document/read/${farm.holdingId}/all`, farm.headers)
      ).json<DocumentListResponse>();
      expect(index.map((entry) => entry.fileName).sort()).toEqual(
        library.Documents.map((d) => d.FileName).sort(),
      );

      const filesBefore = await options.storedFileCount();
      const body = multipartBody([
        { field: 'file', name: 'farm.zip', bytes: exported.rawPayload, type: 'application/zip' },
      ]);
      const administrator = await importer();
      const imported = await test.app.inject({
        method: 'POST',
        url: '/api/import/omnia/holding',
        headers: { ...administrator.headers, ...body.headers },
        payload: body.payload,
      });
      expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
      const copyId = imported.json<{ Holding: { HoldingId: number } }>().Holding.HoldingId;
      const copyHeaders = bearer(await signInToHolding(test.app, administrator.user, copyId, 2025));
      const copy = (
        await inject('GET', `/api/import/document/read/${copyId}/all`, copyHeaders)
      ).json<DocumentListResponse>();
      const shape = (d: ImportDocument) => [
        d.FileName,
        d.Year,
        d.ExifDate,
        d.ExifLocation?.WellKnownText ?? null,
        d.Size,
        d.UploadDate,
      ];
      expect(copy.Documents.map(shape).sort()).toEqual(library.Documents.map(shape).sort());
      const picture = copy.Documents.find((d) => d.Kind === 'picture')!;
      expect((await inject('GET', `${picture.ThumbnailPath}?size=small`, copyHeaders)).statusCode).toBe(200);
      const pictures = library.Documents.filter((d) => d.Kind === 'picture').length;
      expect(await options.storedFileCount()).toBe(filesBefore + library.Documents.length + 3 * pictures);
    });

    it('keeps nothing of a library whose import fails', async () => {
      const exported = await inject('POST', `/api/export/omnia/holding/${farm.holdingId}`, farm.headers);
      const entries = unzipSync(new Uint8Array(exported.rawPayload));
      // The last file of the library is damaged: everything before it was stored, and must go again.
      const names = Object.keys(entries).filter((name) => name.startsWith('documents/'));
      entries[names[names.length - 1]!] = strToU8('not a picture at all');
      const rowsBefore = await rowCount();
      const filesBefore = await options.storedFileCount();
      const body = multipartBody([
        { field: 'file', name: 'farm.zip', bytes: Buffer.from(zipSync(entries)), type: 'application/zip' },
      ]);
      const imported = await test.app.inject({
        method: 'POST',
        url: '/api/import/omnia/holding',
        headers: { ...(await importer()).headers, ...body.headers },
        payload: body.payload,
      });
      expect(imported.statusCode).toBe(400);
      expect(await rowCount()).toBe(rowsBefore);
      expect(await options.storedFileCount()).toBe(filesBefore);
    });
  });

  describe('delete', () => {
    it('removes the row and every file of a picture', async () => {
      const picture = uploaded[3]!;
      const filesBefore = await options.storedFileCount();
      const response = await inject(
        'POST',
        `/api/import/document/delete/${picture.ImportDocumentId}`,
        farm.headers,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Deleted: true });
      expect(await options.storedFileCount()).toBe(filesBefore - 4);
      expect((await inject('GET', picture.FilePath, farm.headers)).statusCode).toBe(404);
      const again = await inject(
        'POST',
        `/api/import/document/delete/${picture.ImportDocumentId}`,
        farm.headers,
      );
      expect(again.statusCode).toBe(404);
    });

    it.each([['abc'], ['0'], ['99999999999']])('refuses id %s', async (id) => {
      expect((await inject('POST', `/api/import/document/delete/${id}`, farm.headers)).statusCode).toBe(400);
    });
  });
}
