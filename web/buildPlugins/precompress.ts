import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files gain from compression; images, PDFs and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|map|wasm)$/;
/** Below this a file goes as it is: the headers would cost about as much as they save. */
const smallestBytes = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` and `name.gz` beside every compressible built file, at the strongest levels: the build pays
 * once and the server (server/src/plugins/webApp.ts) sends the copy a browser accepts without compressing per
 * request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'headland-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < smallestBytes) return;
          const [brotli, gzipped] = await Promise.all([
            brotliAsync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
