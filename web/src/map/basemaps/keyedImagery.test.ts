import { describe, expect, it, vi } from 'vitest';
import { loadKeyedImagery, quadKey } from './keyedImagery.ts';

describe('quadKey', () => {
  it.each([
    [1, 0, 0, '0'],
    [1, 1, 0, '1'],
    [1, 0, 1, '2'],
    [3, 3, 5, '213'],
    [0, 0, 0, ''],
  ])('addresses tile z%i x%i y%i as %j', (z, x, y, key) => {
    expect(quadKey(z, x, y)).toBe(key);
  });
});

describe('loadKeyedImagery', () => {
  const answer = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('asks for the imagery set with the key and builds tile URLs from the answer', async () => {
    const fetchMetadata = answer({
      copyright: 'Imagery provider',
      resourceSets: [
        {
          resources: [
            {
              imageUrl: 'https://{subdomain}.tiles.example/tiles/a{quadkey}.jpeg?c={culture}',
              imageUrlSubdomains: ['t0', 't1'],
              zoomMax: 21,
            },
          ],
        },
      ],
    });
    const source = await loadKeyedImagery({
      kind: 'ordnanceSurvey',
      key: 'k y',
      maxZoom: 17,
      fetch: fetchMetadata,
    });
    expect(vi.mocked(fetchMetadata).mock.calls[0]![0]).toContain('/Imagery/Metadata/OrdnanceSurvey?');
    expect(vi.mocked(fetchMetadata).mock.calls[0]![0]).toContain('key=k%20y');
    expect(source.getTileGrid()?.getMaxZoom()).toBe(17);
    expect(source.getTileUrlFunction()([3, 3, 5], 1, source.getProjection()!)).toBe(
      'https://t0.tiles.example/tiles/a213.jpeg?c=en-GB',
    );
  });

  it.each([
    ['a refused key', answer({ resourceSets: [] }, 401)],
    ['an answer without tiles', answer({ resourceSets: [{ resources: [] }] })],
    [
      'no network',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch,
    ],
  ])('rejects on %s', async (_case, fetchMetadata) => {
    await expect(
      loadKeyedImagery({ kind: 'aerial', key: 'k', maxZoom: 19, fetch: fetchMetadata }),
    ).rejects.toThrow();
  });
});
