import { maxBoundaryVertices } from '@headland/domain/inputLimits';
import { Srid } from '@headland/domain/api/fieldsApi';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { boundaryGeoJsonSql, geometryFromStored, prepareBoundary } from './boundaryGeometry.ts';

/** A round boundary of `vertices` corners on the British grid, as GeoJSON. */
function roundBoundary(vertices: number) {
  const ring: number[][] = [];
  for (let index = 0; index < vertices - 1; index += 1) {
    const angle = (2 * Math.PI * index) / (vertices - 1);
    ring.push([430_000 + 300 * Math.cos(angle), 310_000 + 300 * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon' as const, coordinates: [ring] };
}

/**
 * Sends a boundary at the vertex limit once through every step a boundary takes (reading, repair, both
 * directions of the British grid transform, geodesic area, storing in a table, answering as GeoJSON) and
 * stores nothing. On the embedded database the first of each costs seconds on the server's only thread
 * (projection tables and parsers set up, memory grown to the size of such a request): doing it at start-up
 * keeps that wait out of users' requests. On PostgreSQL it costs a fraction of a second.
 */
export async function warmUpGeometry(db: Db): Promise<void> {
  for (const vertices of [5, maxBoundaryVertices]) {
    const stored = await prepareBoundary(db, roundBoundary(vertices), Srid.BritishNationalGrid);
    await db.execute(sql`SELECT ${boundaryGeoJsonSql(geometryFromStored(stored), Srid.BritishNationalGrid)}`);
    await db.execute(sql`SELECT ${boundaryGeoJsonSql(geometryFromStored(stored), Srid.Wgs84)}`);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMPORARY TABLE warm_up_geometry (g geometry) ON COMMIT DROP`);
        await tx.execute(sql`INSERT INTO warm_up_geometry VALUES (${geometryFromStored(stored)})`);
        throw new WarmUpDone();
      })
      .catch((error: unknown) => {
        if (!(error instanceof WarmUpDone)) throw error;
      });
  }
  await db.execute(
    sql`SELECT ST_AsText(ST_Transform(ST_GeomFromEWKT('SRID=27700;POINT(430000 310000)'), 4326))`,
  );
}

/** Rolls the warm-up's transaction back. */
class WarmUpDone extends Error {}
