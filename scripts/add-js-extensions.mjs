// Node's ES modules need full file names in relative imports; the domain's sources also use extensionless ones
// (the bundler and the TypeScript loader accept both). After `tsc` has emitted a folder, this gives every
// relative import or export that names no file extension the `.js` of the file it means (or `/index.js`).
// Usage: node scripts/add-js-extensions.mjs <folder of emitted .js files>
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node scripts/add-js-extensions.mjs <folder>\n');
  process.exit(2);
}

const specifier = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function withExtension(file, spec) {
  if (/\.(m?js|json)$/.test(spec)) return spec;
  const target = resolve(dirname(file), spec);
  if (existsSync(`${target}.js`)) return `${spec}.js`;
  if (existsSync(join(target, 'index.js'))) return `${spec}/index.js`;
  throw new Error(`${file}: cannot find the file that '${spec}' names`);
}

function visit(path) {
  for (const entry of readdirSync(path)) {
    const full = join(path, entry);
    if (statSync(full).isDirectory()) visit(full);
    else if (full.endsWith('.js')) {
      const text = readFileSync(full, 'utf8');
      const fixed = text.replace(
        specifier,
        (_all, lead, quote, spec) => `${lead}${quote}${withExtension(full, spec)}${quote}`,
      );
      if (fixed !== text) writeFileSync(full, fixed);
    }
  }
}

visit(resolve(root));
