import { strToU8 } from 'fflate';
import { exportFile, type ExportDataset } from '../exports/exports.service.ts';

/**
 * The file store of the reference provider's demo account: what a contractor leaves in a shared cloud folder for
 * the farm, a zipped shapefile of three fields of new land just west of the demo seed's Wold Farm (Lincolnshire
 * Wolds, about 53.33 N 0.08 W) among other files a farm's folder holds.
 */
export interface ProviderFile {
  /** The full path from the store's root, '/'-separated, without a trailing '/'. */
  path: string;
  isFolder: boolean;
  modified: string;
  /** A file's bytes, made when first asked for. */
  content?: () => Uint8Array;
}

// Metres east and north of the Wold Farm plan's origin, to degrees at its latitude.
const origin = { lon: -0.075, lat: 53.33 };
const metresPerDegreeLat = 111_320;
const metresPerDegreeLon = metresPerDegreeLat * Math.cos((origin.lat * Math.PI) / 180);
const ring = (points: [number, number][]): [number, number][] => {
  const degrees = points.map(
    ([east, north]) =>
      [
        Number((origin.lon + east / metresPerDegreeLon).toFixed(7)),
        Number((origin.lat + north / metresPerDegreeLat).toFixed(7)),
      ] as [number, number],
  );
  return [...degrees, degrees[0]!];
};

const newLand: ExportDataset = {
  fileName: 'Wold_Farm_new_land_2026',
  title: 'Wold Farm new land 2026',
  columns: [
    { name: 'FIELD_NAME', type: 'string' },
    { name: 'AREA_HA', type: 'real', decimals: 2 },
  ],
  parts: [
    {
      name: 'fields',
      shape: 'polygon',
      features: [
        {
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                ring([
                  [-720, 1020],
                  [-110, 1000],
                  [-70, 1380],
                  [-95, 1720],
                  [-430, 1760],
                  [-735, 1690],
                ]),
              ],
            ],
          },
          values: ['Far Wold', 46.2],
        },
        {
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                ring([
                  [-700, 330],
                  [-120, 310],
                  [-110, 640],
                  [-105, 985],
                  [-720, 1005],
                  [-715, 660],
                ]),
              ],
            ],
          },
          values: ['Chalk Pit Field', 42.6],
        },
        {
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                ring([
                  [-640, -280],
                  [-360, -330],
                  [-130, -300],
                  [-125, 295],
                  [-690, 315],
                  [-670, 20],
                ]),
              ],
            ],
          },
          values: ['Beck Side', 32.9],
        },
      ],
    },
  ],
};

const modified = '2026-10-14T08:12:00Z';
const text = (content: string) => () => strToU8(content);

export const demoFiles: readonly ProviderFile[] = [
  { path: '/Boundaries', isFolder: true, modified },
  {
    path: '/Boundaries/Wold Farm new land 2026.zip',
    isFolder: false,
    modified,
    content: () => exportFile(newLand, 'shapefile', new Date(modified)).bytes,
  },
  {
    path: '/Boundaries/Read me.txt',
    isFolder: false,
    modified,
    content: text(
      'Boundaries of the three fields taken on at Wold Farm from Michaelmas 2026, walked with RTK GPS by Fenland Agri Contracting.\n',
    ),
  },
  { path: '/Yield 2025', isFolder: true, modified: '2025-09-02T17:40:00Z' },
  {
    path: '/Yield 2025/Combine 1 yield summary.csv',
    isFolder: false,
    modified: '2025-09-02T17:40:00Z',
    content: text(
      'field,crop,area_ha,yield_t_ha\nLong Meadow,Winter wheat,18.4,9.1\nHigh Barn,Winter barley,22.7,7.8\n',
    ),
  },
];

/** The entries directly inside `folder` ('/' for the root), folders first, then by name. */
export function folderEntries(folder: string): ProviderFile[] | null {
  const prefix = folder === '/' ? '/' : `${folder}/`;
  if (folder !== '/' && !demoFiles.some((file) => file.isFolder && file.path === folder)) return null;
  return demoFiles
    .filter((file) => file.path.startsWith(prefix) && !file.path.slice(prefix.length).includes('/'))
    .sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.path.localeCompare(b.path));
}

export function demoFile(path: string): ProviderFile | undefined {
  return demoFiles.find((file) => !file.isFolder && file.path === path);
}
