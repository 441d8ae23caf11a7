import type { MigrationStatus } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import type { Db } from '../../db/database.ts';
import { recordEvent, type ChangeActor } from '../../events/recordEvent.ts';
import { badRequest } from '../../http/httpErrors.ts';
import { cropYearsOf, migratedFromYear, saveMigratedFromYear } from './migration.queries.ts';

/**
 * The status of a holding's move to second-generation nutrition data. The move is made from a crop year
 * onwards and only ever extends backwards: data already in the new format never returns to the old one.
 */
export function migrationStatus(firstYear: number | null, cropYears: readonly number[]): MigrationStatus {
  const candidates = cropYears.filter((year) => firstYear === null || year < firstYear);
  return { firstYear, nextYear: candidates.length ? Math.max(...candidates) : null };
}

export async function getMigrationStatus(db: Db, holdingId: number): Promise<MigrationStatus> {
  const [firstYear, cropYears] = await Promise.all([
    migratedFromYear(db, holdingId),
    cropYearsOf(db, holdingId),
  ]);
  return migrationStatus(firstYear, cropYears);
}

/**
 * Moves the holding's nutrition data to the second-generation format from `year` on. `year` must be one of
 * the holding's crop years, and not later than a move already made. Moving from the year already recorded
 * changes nothing and records no Event.
 */
export async function migrateFromYear(
  db: Db,
  actor: ChangeActor & { holdingId: number },
  year: number,
): Promise<MigrationStatus> {
  return db.transaction(async (tx) => {
    const firstYear = await migratedFromYear(tx, actor.holdingId, { forUpdate: true });
    const cropYears = await cropYearsOf(tx, actor.holdingId);
    if (!cropYears.includes(year)) {
      throw badRequest('notCropYearOfHolding', { year }, [{ Field: 'year' }]);
    }
    if (firstYear !== null && year > firstYear) {
      throw badRequest('migrationCannotMoveBack', { year: firstYear }, [{ Field: 'year' }]);
    }
    if (year !== firstYear) {
      await saveMigratedFromYear(tx, actor.holdingId, year, actor.userId);
      await recordEvent(tx, actor, {
        action: EventAction.Update,
        source: Module.Nutrition,
        objectType: 'NutritionMigration',
        data: { YearId: year },
      });
    }
    return migrationStatus(year, cropYears);
  });
}
