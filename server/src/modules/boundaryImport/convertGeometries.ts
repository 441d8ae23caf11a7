import { sql, type SQL } from 'drizzle-orm';
import type { GeoJsonMultiPolygon } from '@headland/domain/api/fieldsApi';
import { maxBoundaryVertices } from '@headland/domain/inputLimits';
import type { Db } from '../../db/database.ts';
import type { PolygonCoordinates } from './importedLayer.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { countSelfCrossings } from './selfCrossings.ts';

export type ConvertedGeometry =
  | {
      ok: true;
      ewkbHex: string;
      geometry: GeoJsonMultiPolygon;
      areaHa: number;
      /** PostGIS's reason the shape was invalid, when ST_MakeValid repaired it. */
      repair: string | null;
    }
  | { ok: false; reason: string };

interface ConvertedRow extends Record<string, unknown> {
  position: number;
  in_range: boolean;
  reason: string | null;
  ewkb: string | null;
  geometry: unknown;
  area: number | null;
}

export const notAPolygonReason = 'The geometry is not a valid polygon.';

const tooManyVerticesReason = (count: number) =>
  `The boundary has ${count.toLocaleString('en-GB')} vertices; at most ${maxBoundaryVertices.toLocaleString('en-GB')} are accepted.`;

/** Crossings of its own edges a boundary may have and still be repaired. */
export const maxRepairedCrossings = 100;

const tooManyCrossingsReason = `The boundary crosses itself more than ${maxRepairedCrossings} times, too often to be repaired: correct it where it was drawn.`;

function outOfRangeReason(srid: number): string {
  if (srid === 4326) return 'The coordinates are not longitudes and latitudes (EPSG:4326).';
  if (srid === 27700) return 'The coordinates are outside the British National Grid (EPSG:27700).';
  return `The coordinates cannot be placed on the map in EPSG:${srid}.`;
}

/** Whether the database knows a coordinate system, so that ST_Transform can read it. */
export async function isKnownSrid(db: Db, srid: number): Promise<boolean> {
  const rows = await sqlRows<{ known: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM spatial_ref_sys WHERE srid = ${srid}::int) AS known`,
  );
  return rows[0]?.known === true;
}

/**
 * Rings as PostGIS can read them: [x, y] pairs of finite numbers, closed, at least four positions; anything
 * else makes the feature unreadable (null). Counting is done here, before the database sees the shape.
 */
function cleanPolygons(polygons: readonly PolygonCoordinates[]): { text: string } | { reason: string } {
  let vertices = 0;
  const cleaned: number[][][][] = [];
  for (const polygon of polygons) {
    if (!Array.isArray(polygon)) return { reason: notAPolygonReason };
    const rings: number[][][] = [];
    for (const ring of polygon) {
      if (!Array.isArray(ring)) return { reason: notAPolygonReason };
      const points: number[][] = [];
      for (const point of ring) {
        if (!Array.isArray(point) || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) {
          return { reason: notAPolygonReason };
        }
        points.push([point[0] as number, point[1] as number]);
      }
      const first = points[0];
      const last = points.at(-1);
      if (first && last && (first[0] !== last[0] || first[1] !== last[1]))
        points.push([first[0]!, first[1]!]);
      if (points.length < 4) return { reason: notAPolygonReason };
      vertices += points.length;
      rings.push(points);
    }
    if (rings.length > 0) cleaned.push(rings);
  }
  if (vertices > maxBoundaryVertices) return { reason: tooManyVerticesReason(vertices) };
  if (cleaned.length === 0) return { reason: notAPolygonReason };
  if (countSelfCrossings(cleaned, maxRepairedCrossings) > maxRepairedCrossings) {
    return { reason: tooManyCrossingsReason };
  }
  return { text: JSON.stringify({ type: 'MultiPolygon', coordinates: cleaned }) };
}

/**
 * Checks each feature's polygons with PostGIS (ST_IsValid), repairs an invalid one (ST_MakeValid, keeping its
 * polygons) and says why it was invalid, converts it from `srid` to a 4326 MultiPolygon and measures it, all
 * in one statement. PostGIS fails a whole statement on one unreadable geometry, so when that happens each is
 * converted on its own to tell the bad ones from the good.
 */
export async function convertGeometries(
  db: Db,
  polygonsList: readonly PolygonCoordinates[][],
  srid: number,
): Promise<ConvertedGeometry[]> {
  const results: (ConvertedGeometry | null)[] = [];
  const texts: { position: number; text: string }[] = [];
  polygonsList.forEach((polygons, position) => {
    const cleaned = cleanPolygons(polygons);
    if ('reason' in cleaned) results.push({ ok: false, reason: cleaned.reason });
    else {
      results.push(null);
      texts.push({ position, text: cleaned.text });
    }
  });
  if (texts.length === 0) return results as ConvertedGeometry[];
  let converted: Map<number, ConvertedGeometry>;
  try {
    converted = await convertBatch(db, texts, srid);
  } catch {
    converted = new Map();
    for (const one of texts) {
      try {
        for (const [position, result] of await convertBatch(db, [one], srid)) converted.set(position, result);
      } catch {
        converted.set(one.position, { ok: false, reason: notAPolygonReason });
      }
    }
  }
  return results.map(
    (result, position) => result ?? converted.get(position) ?? { ok: false, reason: notAPolygonReason },
  );
}

function sourceRange(srid: number): SQL {
  if (srid === 4326)
    return sql`ST_XMin(src) >= -180 AND ST_XMax(src) <= 180 AND ST_YMin(src) >= -90 AND ST_YMax(src) <= 90`;
  if (srid === 27700)
    return sql`ST_XMin(src) >= -100000 AND ST_XMax(src) <= 800000 AND ST_YMin(src) >= -100000 AND ST_YMax(src) <= 1400000`;
  return sql`true`;
}

async function convertBatch(
  db: Db,
  texts: readonly { position: number; text: string }[],
  srid: number,
): Promise<Map<number, ConvertedGeometry>> {
  const input = JSON.stringify(texts.map(({ position, text }) => ({ position, text })));
  const rows = await sqlRows<ConvertedRow>(
    db,
    sql`
    WITH input AS MATERIALIZED (
      SELECT t.position, ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON(t.text)), ${srid}::int) AS src
        FROM jsonb_to_recordset(${input}::jsonb) AS t(position int, text text)),
    checked AS MATERIALIZED (
      SELECT position, src, ${sourceRange(srid)} AS in_range, ST_IsValid(src) AS valid FROM input),
    repaired AS MATERIALIZED (
      SELECT position, in_range,
             CASE WHEN NOT valid THEN ST_IsValidReason(src) END AS reason,
             CASE WHEN valid THEN ST_Multi(src) ELSE ST_Multi(ST_CollectionExtract(ST_MakeValid(src), 3)) END AS g
        FROM checked),
    converted AS MATERIALIZED (
      SELECT position, in_range, reason,
             CASE WHEN in_range AND NOT ST_IsEmpty(g) THEN ST_Transform(g, 4326) END AS g
        FROM repaired),
    placed AS (
      SELECT position, reason,
             in_range AND (g IS NULL OR (ST_XMin(g) >= -180 AND ST_XMax(g) <= 180
                                        AND ST_YMin(g) >= -90 AND ST_YMax(g) <= 90)) AS in_range,
             g
        FROM converted)
    SELECT position, in_range, reason,
           CASE WHEN in_range THEN encode(ST_AsEWKB(g), 'hex') END AS ewkb,
           CASE WHEN in_range THEN ST_AsGeoJSON(g, 8) END AS geometry,
           CASE WHEN in_range THEN round((ST_Area(g::geography) / 10000)::numeric, 4)::float8 END AS area
      FROM placed`,
  );
  const results = new Map<number, ConvertedGeometry>();
  for (const row of rows) {
    const position = Number(row.position);
    if (!row.in_range) results.set(position, { ok: false, reason: outOfRangeReason(srid) });
    else if (row.ewkb === null || row.area === null || row.area <= 0) {
      results.set(position, {
        ok: false,
        reason: row.reason
          ? `The boundary is not a valid polygon (${row.reason}) and cannot be repaired.`
          : notAPolygonReason,
      });
    } else {
      const geometry = (
        typeof row.geometry === 'string' ? JSON.parse(row.geometry) : row.geometry
      ) as GeoJsonMultiPolygon;
      results.set(position, {
        ok: true,
        ewkbHex: row.ewkb,
        geometry,
        areaHa: row.area,
        repair: row.reason,
      });
    }
  }
  return results;
}
