import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue, cropDefinitions } from '@headland/domain/crops';
import { HoldingRole, Role } from '@headland/domain/roles';
import type { Db } from '../db/database.ts';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  signInToHolding,
  type CreateHoldingOptions,
} from './factories.ts';

/** Fills the crop table from the domain's crop definitions, which croppings reference. */
export async function seedCropTable(db: Db): Promise<void> {
  const rows = cropDefinitions.map(
    (crop) =>
      sql`(${crop.id}, ${crop.name}, ${crop.category}, ${crop.perennial}, ${crop.hidden}, ${crop.coverCrop},
           ${crop.residue}, ${`{${crop.colour.join(',')}}`}::smallint[])`,
  );
  await db.execute(sql`
    INSERT INTO crops (id, name, category, perennial, hidden, cover_crop, residue, colour)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (id) DO NOTHING`);
}

export interface FieldsHolding {
  holdingId: number;
  ownerId: number;
  /** Authorization header of the owner's holding session. */
  headers: { authorization: string };
}

/** A holding with crop years and an owner signed in to it on `yearId`. */
export async function createFieldsHolding(
  app: FastifyInstance,
  db: Db,
  options: CreateHoldingOptions & { yearId?: number; regionId?: number } = {},
): Promise<FieldsHolding> {
  const holding = await createHolding(db, { cropYears: [2024, 2025, 2026], ...options });
  if (options.regionId !== undefined) {
    await db.execute(sql`
      INSERT INTO regions (id, name, country_code) VALUES (${options.regionId}, ${`Region ${options.regionId}`}, 'GB')
      ON CONFLICT (id) DO NOTHING`);
    await db.execute(sql`UPDATE holdings SET region_id = ${options.regionId} WHERE id = ${holding.id}`);
  }
  const owner = await createUser(db);
  await addMember(db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
  const token = await signInToHolding(app, owner, holding.id, options.yearId ?? 2025);
  return { holdingId: holding.id, ownerId: owner.id, headers: bearer(token) };
}

/**
 * A restricted member of the holding, signed in to it; `hidden` croppings are marked not authorised for them. An
 * agronomist by default: a client who owns no holding has a fixed holding list, which takes every write away.
 */
export async function signInRestrictedMember(
  app: FastifyInstance,
  db: Db,
  holdingId: number,
  hidden: readonly number[],
  yearId = 2025,
  role: Role = Role.Agronomist,
): Promise<{ userId: number; headers: { authorization: string } }> {
  const member = await createUser(db, { role });
  await addMember(db, holdingId, member.id, {
    holdingRole: HoldingRole.RestrictedMember,
    restrictCroppingAccess: true,
  });
  for (const croppingId of hidden) {
    await db.execute(sql`
      INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${holdingId}, ${member.id}, ${croppingId}, false)`);
  }
  const token = await signInToHolding(app, member, holdingId, yearId);
  return { userId: member.id, headers: bearer(token) };
}

/** A square boundary of `side` metres whose south-west corner is at the given British National Grid point. */
export function gridSquare(east: number, north: number, side: number) {
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [east, north],
        [east + side, north],
        [east + side, north + side],
        [east, north + side],
        [east, north],
      ],
    ],
  };
}

/**
 * A 200 m square field at the given British National Grid point with a 2025 winter wheat cropping of `area`
 * hectares on it, made through the API as the holding's owner; answers their ids.
 */
export async function createFieldWithCropping(
  app: FastifyInstance,
  farm: FieldsHolding,
  field: { name: string; east: number; north: number; area: number },
): Promise<{ fieldId: number; croppingId: number }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: field.name, Boundary: gridSquare(field.east, field.north, 200), srid: 27700 },
  });
  if (created.statusCode !== 201) throw new Error(`creating ${field.name} answered ${created.body}`);
  const fieldId = created.json<FieldResponse>().FieldId;
  const cropping = await app.inject({
    method: 'POST',
    url: '/api/croppings/v1',
    headers: farm.headers,
    payload: {
      FieldId: fieldId,
      CropId: CropId.WinterWheat,
      Residue: CropResidue.Baled,
      Purpose: CropPurpose.Milling,
      SowingDate: '2024-10-01',
      HarvestDate: '2025-08-10',
      Area: field.area,
    },
  });
  if (cropping.statusCode !== 201) throw new Error(`its cropping answered ${cropping.body}`);
  return { fieldId, croppingId: cropping.json<CroppingResponse>().CroppingId };
}
