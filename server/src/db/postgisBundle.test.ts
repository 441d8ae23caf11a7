import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isUnusedPostgisEntry, postgisExtension, withoutTarEntries } from './postgisBundle.ts';

/** The paths of a tar archive's file entries, read by their headers. */
function tarPaths(tar: Uint8Array): string[] {
  const paths: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = Buffer.from(tar.subarray(offset, offset + 512));
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(header.toString('utf8', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    paths.push(header.toString('utf8', 0, 100).replace(/\0.*$/, ''));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return paths;
}

const require = createRequire(import.meta.url);
const published = join(
  dirname(dirname(require.resolve('@electric-sql/pglite-postgis'))),
  'dist',
  'postgis.tar.gz',
);

describe('the embedded PostGIS bundle', () => {
  it('leaves out the raster and topology libraries and keeps every other entry, byte for byte', () => {
    const tar = gunzipSync(readFileSync(published));
    const before = tarPaths(tar);
    const after = tarPaths(withoutTarEntries(tar, isUnusedPostgisEntry));
    expect(before).toContain('lib/postgresql/postgis_raster-3.so');
    expect(after).toContain('lib/postgresql/postgis-3.so');
    expect(after).toContain('share/proj/proj.db');
    expect(after.some((path) => /postgis_(raster|topology)/.test(path))).toBe(false);
    expect(after).toEqual(before.filter((path) => !isUnusedPostgisEntry(path)));
  });

  // Every server test opens its database through this extension, so PostGIS itself is tested there.
  it('points PGlite at the bundle without them', async () => {
    const extension = await postgisExtension();
    const setup = await extension.setup({} as never, { PGLITE_ENV: {} });
    expect(String(setup.bundlePath)).toMatch(/geometry-only\.tar\.gz$/);
  });
});
