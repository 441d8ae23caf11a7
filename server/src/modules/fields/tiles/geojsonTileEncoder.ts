import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import vtpbf from 'vt-pbf';
import type { FieldTileParams } from '@headland/domain/api/fieldTilesApi';
import { tileBuffer, tileExtent, type TileCroppingRow, type TileFieldRow } from './fieldTiles.queries.ts';

type Properties = Record<string, string | number | boolean>;

/** Leaves out empty values, as ST_AsMVT does with NULL attributes. */
function present(values: Record<string, string | number | boolean | null>): Properties {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as Properties;
}

function featureCollection(rows: { id: number; geojson: string; properties: Properties }[]) {
  return {
    type: 'FeatureCollection' as const,
    features: rows.map((row) => ({
      type: 'Feature' as const,
      id: row.id,
      geometry: JSON.parse(row.geojson) as GeoJSON.Geometry,
      properties: row.properties,
    })),
  };
}

/**
 * One layer's tile cut by geojson-vt at zoom z alone. Tolerance 0: no simplification, so that the features are
 * the ones PostGIS keeps (which only snaps to the tile grid); the thinning is done once, in SQL, for both.
 */
function layerTile(
  rows: { id: number; geojson: string; properties: Properties }[],
  tile: FieldTileParams,
): LegacyTile | null {
  if (rows.length === 0) return null;
  const index = new GeoJSONVT(featureCollection(rows), {
    maxZoom: tile.z,
    indexMaxZoom: 0,
    indexMaxPoints: 0,
    tolerance: 0,
    extent: tileExtent,
    buffer: tileBuffer,
  });
  const cut = index.getTile(tile.z, tile.x, tile.y);
  return cut && cut.features.length > 0 ? cut : null;
}

/** The tile in Mapbox Vector Tile format, encoded in this process: layers and attributes as ST_AsMVT makes them. */
export function encodeFieldTile(
  rows: { fields: TileFieldRow[]; croppings: TileCroppingRow[] },
  tile: FieldTileParams,
): Buffer {
  const fields = layerTile(
    rows.fields.map((row) => ({
      id: row.id,
      geojson: row.geojson,
      properties: present({
        FieldId: row.id,
        Name: row.name,
        FieldNumber: row.field_number,
        Disabled: row.disabled,
      }),
    })),
    tile,
  );
  const croppings = layerTile(
    rows.croppings.map((row) => ({
      id: row.id,
      geojson: row.geojson,
      properties: { CroppingId: row.id, FieldId: row.field_id, CropId: row.crop_id },
    })),
    tile,
  );
  const layers = Object.fromEntries(
    Object.entries({ fields, croppings }).filter((entry) => entry[1] !== null),
  );
  if (Object.keys(layers).length === 0) return Buffer.alloc(0);
  // vt-pbf reads the tiles geojson-vt has always answered from getTile; its types name an older release.
  const bytes = vtpbf.fromGeojsonVt(layers as unknown as Parameters<typeof vtpbf.fromGeojsonVt>[0], {
    version: 2,
    extent: tileExtent,
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
