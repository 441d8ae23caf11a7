import { describe, expect, it } from 'vitest';
import type { ImportDocument } from '@headland/domain/api/documentsApi';
import { ApiRequestError } from '../../shell/http/apiClient.ts';
import { matchingDocuments } from './DocumentLibraryDialog.tsx';
import { geotaggedPictures, pictureLayerCap } from './map/createPictureLayer.ts';
import { problemOfAnswer } from './useDocumentUpload.ts';

function document(id: number, overrides: Partial<ImportDocument> = {}): ImportDocument {
  return {
    ImportDocumentId: id,
    HoldingId: 1,
    FileName: `photo ${id}.jpg`,
    Description: null,
    Year: 2025,
    UploadDate: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString(),
    ExifDate: null,
    ExifLocation: { WellKnownText: 'POINT(0 53)', CoordinateSystemId: 4326, Lon: 0, Lat: 53 },
    ContentType: 'image/jpeg',
    Kind: 'picture',
    Size: 100,
    FilePath: `/api/img/1/${'a'.repeat(32)}/jpg`,
    ThumbnailPath: `/api/img/1/${'a'.repeat(32)}-thumbnail/jpg`,
    FieldId: null,
    UploadedBy: 1,
    ...overrides,
  };
}

describe('matchingDocuments', () => {
  const documents = [
    document(1, { FileName: 'Blackgrass.JPG' }),
    document(2, { FileName: 'soil.pdf', Description: 'Lab results, north block' }),
    document(3),
  ];
  it.each([
    ['', [1, 2, 3]],
    ['  ', [1, 2, 3]],
    ['blackgrass', [1]],
    ['NORTH', [2]],
    ['photo', [3]],
    ['nothing', []],
  ])('%j finds %j', (search, ids) => {
    expect(matchingDocuments(documents, search).map((d) => d.ImportDocumentId)).toEqual(ids);
  });
});

describe('geotaggedPictures', () => {
  it('keeps geotagged pictures only, newest first, at most the cap', () => {
    const many = Array.from({ length: pictureLayerCap + 20 }, (_, i) => document(i + 1));
    const others = [
      document(900, { ExifLocation: null }),
      document(901, { Kind: 'document', ContentType: 'application/pdf' }),
    ];
    const kept = geotaggedPictures([...others, ...many]);
    expect(kept).toHaveLength(pictureLayerCap);
    expect(kept[0]!.ImportDocumentId).toBe(pictureLayerCap + 20);
    expect(kept.some((d) => d.ImportDocumentId >= 900)).toBe(false);
  });
});

describe('problemOfAnswer', () => {
  it.each([
    [
      new ApiRequestError(400, { Message: 'x', Code: 'tooManyFiles', Params: { count: 12 } }),
      { code: 'tooManyFiles', count: 12 },
    ],
    [new ApiRequestError(400, { Message: 'x', Code: 'fileType', Params: {} }), { code: 'fileType' }],
    // The Import error dialog covers everything else.
    [new ApiRequestError(400, { Message: 'x', Code: 'importError', Params: {} }), null],
    [new ApiRequestError(500, { Message: 'An unexpected error has occurred' }), null],
    [new ApiRequestError(403, { Message: 'no' }), null],
    [new TypeError('network'), null],
  ])('%o gives %j', (error, expected) => {
    expect(problemOfAnswer(error)).toEqual(expected);
  });
});
