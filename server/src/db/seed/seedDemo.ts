import { sql } from 'drizzle-orm';
import { cropDefinitions } from '@headland/domain/crops';
import { mainRoleNames } from '@headland/domain/roles';
import type { Database, Db } from '../database.ts';
import {
  businesses as businessesTable,
  croppingPermissions,
  croppings,
  crops,
  fieldYears,
  fields,
  holdingCropYears,
  holdingUsers,
  holdings,
  legalDocuments,
  legalDocumentVersions,
  partners,
  regions as regionsTable,
  termsAndConditions as termsTable,
  townOtherStations,
  towns as townsTable,
  users,
  varieties as varietiesTable,
  weatherStationRainfall,
  weatherStations as stationsTable,
} from '../schema.ts';
import { hashPassword } from '../../auth/passwordHash.ts';
import { sqlRows } from '../sqlRows.ts';
import { businesses } from './catalogue/businesses.ts';
import { demoHoldings, type DemoHoldingSeed } from './catalogue/holdings.ts';
import { demoPartners } from './catalogue/partners.ts';
import { regions } from './catalogue/regions.ts';
import { demoYears } from './catalogue/rotations.ts';
import { seedDemoLayers } from './seedDemoLayers.ts';
import { termsAndConditions } from './catalogue/termsAndConditions.ts';
import { towns } from './catalogue/towns.ts';
import { demoPassword, demoUsers } from './catalogue/users.ts';
import { varieties } from './catalogue/varieties.ts';
import { weatherStations } from './catalogue/weatherStations.ts';
import { drawFieldLayout, type DrawnField } from './drawFieldLayout.ts';
import { planCroppings, type PlannedCropping } from './planCroppings.ts';

/** A demo account to sign in with, as printed at start-up and listed in the README. */
export interface DemoLogin {
  email: string;
  password: string;
  /** The account role's display name. */
  role: string;
  description: string;
}

export const demoLogins: DemoLogin[] = demoUsers.map((user) => ({
  email: user.email,
  password: demoPassword,
  role: mainRoleNames[user.role],
  description: user.description,
}));

const point = (lon: number, lat: number) => sql`ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)`;

/**
 * The reference tables every installation needs: regions, weather stations with their rainfall, post towns,
 * shared businesses, crops and varieties. Rows already present (by id) are left as they are.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(regionsTable).values(regions).onConflictDoNothing();
  await db
    .insert(stationsTable)
    .values(
      weatherStations.map((station) => ({
        id: station.id,
        name: station.name,
        location: point(station.lon, station.lat),
        elevationM: station.elevationM,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(weatherStationRainfall)
    .values(
      weatherStations.flatMap((station) =>
        station.monthlyRainfallMm.map((rainfall, index) => ({
          stationId: station.id,
          month: index + 1,
          rainfallLongTermAvg: rainfall,
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(townsTable)
    .values(
      towns.map((town) => ({
        id: town.id,
        name: town.name,
        regionId: town.regionId,
        weatherStationId: town.weatherStationId,
        location: point(town.lon, town.lat),
        postCodes: town.postCodes,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(townOtherStations)
    .values(
      towns.flatMap((town) =>
        town.otherStationIds.map((stationId, index) => ({ townId: town.id, stationId, position: index + 1 })),
      ),
    )
    .onConflictDoNothing();
  await db.insert(businessesTable).values(businesses).onConflictDoNothing();
  await db
    .insert(crops)
    .values(
      cropDefinitions.map((crop) => ({
        id: crop.id,
        name: crop.name,
        category: crop.category,
        perennial: crop.perennial,
        hidden: crop.hidden,
        coverCrop: crop.coverCrop,
        residue: crop.residue,
        purposes: { userSelection: crop.purposes.userSelection, list: [...crop.purposes.list] },
        colour: [...crop.colour],
        pattern: crop.pattern ?? null,
      })),
    )
    .onConflictDoNothing();
  await db.insert(varietiesTable).values(varieties).onConflictDoNothing();
  await db
    .insert(termsTable)
    .values(termsAndConditions.map((terms) => ({ ...terms, publishedAt: new Date(terms.publishedAt) })))
    .onConflictDoNothing();
}

async function userCount(db: Db): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM users`);
  return row?.count ?? 0;
}

/** Whether any demo account (README's published logins) exists, even one whose password was changed. */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const emails = demoUsers.map((user) => user.email);
  const [row] = await sqlRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM users WHERE email IN (${sql.join(
      emails.map((email) => sql`${email}`),
      sql`, `,
    )})`,
  );
  return (row?.count ?? 0) > 0;
}

/**
 * Fills an empty database with reference data and three demo holdings with fields, three years of croppings
 * and users of every kind, in one transaction. Does nothing when any user exists, so it is safe to call on
 * every start. Returns the logins it created (none when it did nothing).
 */
export async function seedDemoData(database: Database): Promise<DemoLogin[]> {
  if ((await userCount(database.db)) > 0) return [];
  // Drawing and planning are pure, and hashing is slow: do them before taking the lock.
  const drawn = demoHoldings.map((holding) => ({
    holding,
    fields: drawFieldLayout(holding.plan),
    croppings: planCroppings(holding.cropping),
  }));
  // One hash serves every account: they share a published password anyway, and each scrypt hash costs a
  // noticeable fraction of a second.
  const passwordHash = await hashPassword(demoPassword);

  const seeded = await database.db.transaction(async (tx) => {
    // A second process starting at the same moment waits here, then finds the users and stops.
    await tx.execute(sql`LOCK TABLE users IN EXCLUSIVE MODE`);
    if ((await userCount(tx)) > 0) return false;
    await seedReferenceData(tx);
    const partnerIds = await seedPartners(tx);
    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((user) => ({
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          businessId: user.businessId,
          passwordHash,
          tcsAcceptedVersion: user.tcsAcceptedVersion,
          properties: user.properties,
          partnerId: user.partner ? partnerIds.get(user.partner)! : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userIds = new Map(userRows.map((row) => [row.email, row.id]));
    for (const entry of drawn) await seedHolding(tx, entry, userIds);
    return true;
  });
  return seeded ? demoLogins : [];
}

/** The demo partners with their legal documents; answers each partner's id by name. */
async function seedPartners(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const partner of demoPartners) {
    const [row] = await db
      .insert(partners)
      .values({ name: partner.name, description: partner.description })
      .returning({ id: partners.id });
    ids.set(partner.name, row!.id);
    for (const document of partner.documents) {
      const [documentRow] = await db
        .insert(legalDocuments)
        .values({ partnerId: row!.id, title: document.title })
        .returning({ id: legalDocuments.id });
      await db
        .insert(legalDocumentVersions)
        .values(
          document.versions.map((text, index) => ({
            legalDocumentId: documentRow!.id,
            version: index + 1,
            text,
          })),
        );
    }
  }
  return ids;
}

function idOf(userIds: ReadonlyMap<string, number>, email: string): number {
  const id = userIds.get(email);
  if (id === undefined) throw new Error(`No demo user ${email}`);
  return id;
}

async function seedHolding(
  db: Db,
  entry: { holding: DemoHoldingSeed; fields: DrawnField[]; croppings: PlannedCropping[] },
  userIds: ReadonlyMap<string, number>,
): Promise<void> {
  const { holding } = entry;
  const town = towns.find((candidate) => candidate.id === holding.townId);
  if (!town) throw new Error(`No town ${holding.townId} for ${holding.tradingName}`);
  const [holdingRow] = await db
    .insert(holdings)
    .values({
      tradingName: holding.tradingName,
      accountNumber: holding.accountNumber,
      address: holding.address,
      townId: holding.townId,
      regionId: holding.regionId,
      businessId: holding.businessId,
      nvz: holding.nvz,
      pSorpCapacity: holding.pSorpCapacity,
      agronomistId: holding.agronomistEmail ? idOf(userIds, holding.agronomistEmail) : null,
      weatherStationId: town.weatherStationId,
      satellite: holding.satellite,
      features: { ...holding.features },
    })
    .returning({ id: holdings.id });
  const holdingId = holdingRow!.id;

  const fieldRows = await db
    .insert(fields)
    .values(
      entry.fields.map((field) => ({
        holdingId,
        name: field.name,
        fieldNumber: field.number,
        fieldGroup: field.group,
        boundary: sql`ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(field.boundary)}), 4326))`,
        areaType: 'Boundary',
        nvz: holding.nvz,
      })),
    )
    .returning({ id: fields.id, number: fields.fieldNumber });
  // Areas are geodesic, from PostGIS; the working area leaves out a 2 m uncropped margin along the boundary.
  const areaRows = await sqlRows<{ id: number; area: number }>(
    db,
    sql`
    UPDATE fields
       SET boundary_area = round((ST_Area(boundary::geography) / 10000)::numeric, 4),
           whole_area = round((ST_Area(boundary::geography) / 10000)::numeric, 4),
           working_area = round(((ST_Area(boundary::geography) - 2 * ST_Perimeter(boundary::geography)) / 10000)::numeric, 4)
     WHERE holding_id = ${holdingId}
 RETURNING id, boundary_area::float8 AS area`,
  );
  const areaById = new Map(areaRows.map((row) => [row.id, row.area]));
  const fieldByNumber = new Map(
    fieldRows.map((row) => [row.number, { id: row.id, area: areaById.get(row.id)! }]),
  );
  await db
    .insert(fieldYears)
    .values(
      fieldRows.flatMap((row) => demoYears.map((yearId) => ({ fieldId: row.id, yearId, disabled: false }))),
    );

  const varietyById = new Map(varieties.map((variety) => [variety.id, variety]));
  const croppingRows = await db
    .insert(croppings)
    .values(
      entry.croppings.map((cropping) => {
        const field = fieldByNumber.get(cropping.fieldNumber);
        if (!field) throw new Error(`${holding.tradingName} has no field ${cropping.fieldNumber}`);
        const variety = cropping.varietyId === null ? undefined : varietyById.get(cropping.varietyId);
        return {
          holdingId,
          fieldId: field.id,
          yearId: cropping.yearId,
          startDate: cropping.sowingDate,
          endDate: cropping.destructionDate ?? cropping.harvestDate,
          sowingDate: cropping.sowingDate,
          harvestDate: cropping.harvestDate,
          destructionDate: cropping.destructionDate,
          destroyed: cropping.destroyed,
          cropId: cropping.cropId,
          cropDescr: cropping.cropDescr,
          varietyId: cropping.varietyId,
          varietyName: variety?.name ?? null,
          market: variety?.market ?? null,
          area: field.area,
          attributes: cropping.attributes,
        };
      }),
    )
    .returning({ id: croppings.id, yearId: croppings.yearId, cropId: croppings.cropId });
  // Each cropping covers its whole field.
  await db.execute(sql`
    UPDATE croppings c SET boundary = f.boundary FROM fields f
     WHERE f.id = c.field_id AND c.holding_id = ${holdingId}`);

  await db.insert(holdingCropYears).values(
    demoYears.map((yearId) => ({
      holdingId,
      yearId,
      totalArea: Math.round([...areaById.values()].reduce((sum, area) => sum + area, 0) * 100) / 100,
      pkModel: holding.pkModel,
    })),
  );

  await db.insert(holdingUsers).values(
    holding.members.map((member) => ({
      holdingId,
      userId: idOf(userIds, member.email),
      holdingRole: member.holdingRole,
      holdingPermissions: member.holdingPermissions,
    })),
  );
  for (const member of holding.members) {
    const access = member.croppingAccess;
    if (!access) continue;
    // No entry means authorised, so every cropping outside the member's share gets an explicit refusal.
    await db.insert(croppingPermissions).values(
      croppingRows.map((cropping) => ({
        holdingId,
        userId: idOf(userIds, member.email),
        croppingId: cropping.id,
        authorized: cropping.yearId === access.yearId && access.cropIds.includes(cropping.cropId),
      })),
    );
  }
  await seedDemoLayers(db, holdingId);
}
