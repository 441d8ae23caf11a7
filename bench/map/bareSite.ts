import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface BareSite {
  /** Address of the folder, ending in '/'. */
  baseUrl: string;
  /** The in-page driver, to install in every page before its own scripts. */
  driverScript: string;
  close(): Promise<void>;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Bare OpenLayers page</title>
    <link rel="stylesheet" href="bare.css" />
    <style>html, body { margin: 0; } #map { position: relative; }</style>
  </head>
  <body>
    <div id="map"></div>
    <script type="module" src="bare.js"></script>
  </body>
</html>
`;

/**
 * Bundles the bare page and the in-page driver from OpenLayers as installed (esbuild, minified, as a
 * production build would be), writes them with `fieldsJson` (the API's answer, byte for byte) into `folder`,
 * and serves that folder over HTTP on a port of its own.
 */
export async function startBareSite(folder: string, fieldsJson: Uint8Array): Promise<BareSite> {
  await build({
    entryPoints: { bare: join(here, 'barePage.ts') },
    outdir: folder,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
  });
  const driver = await build({
    entryPoints: [join(here, 'pageDriver.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  await writeFile(join(folder, 'bare.html'), html);
  await writeFile(join(folder, 'fields.json'), fieldsJson);

  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname).replace(/^[/\\]+/, '');
    readFile(join(folder, path))
      .then((body) => {
        response.writeHead(200, {
          'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
          // The data is fetched afresh each time, as the app's API answer is; the code may be cached, as the
          // app's hashed assets are.
          'cache-control': extname(path) === '.json' ? 'no-store' : 'max-age=3600',
        });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(404);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The bare page server has no TCP port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/`,
    driverScript: driver.outputFiles[0]!.text,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
