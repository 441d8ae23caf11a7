import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';

/**
 * PostGIS for the embedded database, without its raster and topology parts.
 *
 * PGlite compiles every shared library in an extension's bundle when it opens a database, whether or not it is
 * ever loaded. The published PostGIS bundle holds three, about 48 MB of WebAssembly; Headland uses only the
 * first (geometry), so two thirds of the 6 s an embedded start spent in PostGIS were for nothing. The bundle
 * without them is written once, next to the test database templates, and used from then on. When it cannot be
 * written (a read-only install), the published bundle is used as before.
 */

/** Entries of the published bundle that Headland never loads: the raster and topology extensions. */
export function isUnusedPostgisEntry(path: string): boolean {
  return /(^|\/)(postgis_raster|postgis_topology)[^/]*$/.test(path);
}

const require = createRequire(import.meta.url);
const packageDir = dirname(dirname(require.resolve('@electric-sql/pglite-postgis')));
const publishedBundle = join(packageDir, 'dist', 'postgis.tar.gz');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let slimBundle: Promise<URL | null> | undefined;

/** The PostGIS extension for PGlite.create, loading the bundle without raster and topology where it can. */
export async function postgisExtension(): Promise<Extension> {
  slimBundle ??= slimPostgisBundle().catch(() => null);
  const bundle = await slimBundle;
  if (!bundle) return postgis;
  return {
    name: postgis.name,
    setup: async (pg, emscriptenOptions) => ({
      ...(await postgis.setup(pg, emscriptenOptions)),
      bundlePath: bundle,
    }),
  };
}

async function slimPostgisBundle(): Promise<URL> {
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const published = statSync(publishedBundle);
  const cacheDir = join(repoRoot, 'node_modules', '.cache', 'headland');
  const target = join(cacheDir, `postgis-${version}-${published.size}-geometry-only.tar.gz`);
  if (!existsSync(target)) {
    mkdirSync(cacheDir, { recursive: true });
    const kept = withoutTarEntries(gunzipSync(readFileSync(publishedBundle)), isUnusedPostgisEntry);
    // Written under a name of its own and renamed: a second process never reads half a file.
    const partial = `${target}.${process.pid}.partial`;
    try {
      writeFileSync(partial, gzipSync(kept, { level: 1 }));
      renameSync(partial, target);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  return new URL(`file://${target}`);
}

const block = 512;

/**
 * A tar archive without the entries whose path `drop` picks. Kept entries are copied block for block, with any
 * extended header (pax 'x', GNU 'L'/'K') that precedes them, so nothing is re-encoded.
 */
export function withoutTarEntries(tar: Uint8Array, drop: (path: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let offset = 0;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('the PostGIS bundle is not a tar archive');
    const end = offset + block + Math.ceil(size / block) * block;
    if (end > tar.length) throw new Error('the PostGIS bundle is cut short');
    const entry = tar.subarray(offset, end);
    const type = String.fromCharCode(header[156] ?? 0);
    offset = end;
    if (type === 'x' || type === 'L' || type === 'K' || type === 'g') {
      pending.push(entry);
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    const path = paxPath(pending) ?? (prefix ? `${prefix}/${name}` : name);
    if (!drop(path)) kept.push(...pending, entry);
    pending = [];
  }
  kept.push(new Uint8Array(block * 2));
  return Buffer.concat(kept);
}

/** The path a pax extended header gives the entry after it, which then overrides the header's own name. */
function paxPath(extended: readonly Uint8Array[]): string | undefined {
  for (const entry of extended) {
    if (entry[156] !== 'x'.charCodeAt(0)) continue;
    const records = Buffer.from(entry.subarray(block)).toString('utf8');
    const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records);
    if (match) return match[1];
  }
  return undefined;
}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8');
}
