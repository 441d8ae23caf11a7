import { execFileSync } from 'node:child_process';

/**
 * What GDAL's `ogrinfo` (Debian's gdal-bin) reads of a file: the test-side check that the exports open in
 * GIS tools, independent of the code that wrote them.
 */

export interface OgrLayerSummary {
  name: string;
  geometry: string;
  featureCount: number;
  /** The layer's coordinate system as WKT. */
  srs: string;
  /** Attribute name → OGR type ("String", "Integer", "Real", "Date"...). */
  fields: Record<string, string>;
}

export const ogrinfoPath = '/usr/bin/ogrinfo';

function run(args: string[]): string {
  return execFileSync(ogrinfoPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** `ogrinfo -al -so` of a file, layer by layer. */
export function ogrSummary(path: string): OgrLayerSummary[] {
  const text = run(['-al', '-so', '-ro', path]);
  return text
    .split(/\n(?=Layer name: )/)
    .filter((block) => block.startsWith('Layer name: '))
    .map((block) => {
      const lines = block.split('\n');
      const value = (label: string) =>
        lines
          .find((line) => line.startsWith(`${label}: `))
          ?.slice(label.length + 2)
          .trim() ?? '';
      const srsStart = lines.findIndex((line) => line.startsWith('Layer SRS WKT:'));
      const srsEnd = lines.findIndex((line, index) => index > srsStart && /^Data axis|^\S+: \w/.test(line));
      const fields: Record<string, string> = {};
      for (const line of lines.slice(srsEnd === -1 ? lines.length : srsEnd)) {
        const match = /^(\w+): (\w+) \(/.exec(line);
        if (match?.[1] && match[2] && !['Data', 'Geometry'].includes(match[1])) fields[match[1]] = match[2];
      }
      return {
        name: value('Layer name'),
        geometry: value('Geometry'),
        featureCount: Number(value('Feature Count')),
        srs: lines.slice(srsStart + 1, srsEnd === -1 ? undefined : srsEnd).join('\n'),
        fields,
      };
    });
}

/** The geodesic area in hectares of a layer's polygons, as SpatiaLite measures it on the WGS 84 ellipsoid. */
export function ogrAreaHa(path: string, layer: string): number {
  const text = run([
    '-ro',
    '-dialect',
    'SQLite',
    '-sql',
    `SELECT sum(ST_Area(geometry, 1)) / 10000 AS area_ha FROM "${layer}"`,
    path,
  ]);
  const match = /area_ha \(Real\) = ([\d.e+-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No area from ogrinfo:\n${text}`);
  return Number(match[1]);
}
