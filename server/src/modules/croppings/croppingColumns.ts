import { sql, type SQL } from 'drizzle-orm';
import {
  croppingDraftSchema,
  croppingEndDate,
  croppingStartDate,
  isDestroyed,
  type CroppingDraft,
} from '@headland/domain/cropping';

/** How a member is written to and read from its column. */
type ColumnType = 'int' | 'text' | 'date' | 'boolean' | 'numeric' | 'jsonb';

interface ColumnSpec {
  column: string;
  type: ColumnType;
  /** What the select reads instead of the bare column (a join's fallback). */
  read?: SQL;
}

/**
 * The one map of a cropping draft to its row: each member stored in a column of its own, with the column's
 * type. Every other member of the draft (the crop attributes) is a key of the `attributes` jsonb column, so a
 * new attribute needs no line here; a new column needs one line here and its migration.
 */
export const croppingColumns = {
  FieldId: { column: 'field_id', type: 'int' },
  YearId: { column: 'year_id', type: 'int' },
  PlotId: { column: 'plot_id', type: 'text' },
  BatchId: { column: 'batch_id', type: 'text' },
  SowingDate: { column: 'sowing_date', type: 'date' },
  HarvestDate: { column: 'harvest_date', type: 'date' },
  DestructionDate: { column: 'destruction_date', type: 'date' },
  Destroyed: { column: 'destroyed', type: 'boolean' },
  CropId: { column: 'crop_id', type: 'int' },
  CropName: { column: 'crop_name', type: 'text' },
  CropDescr: { column: 'crop_descr', type: 'text' },
  VarietyId: { column: 'variety_id', type: 'int' },
  VarietyName: { column: 'variety_name', type: 'text', read: sql`coalesce(v.name, c.variety_name)` },
  Market: { column: 'market', type: 'text', read: sql`coalesce(c.market, v.market)` },
  Area: { column: 'area', type: 'numeric' },
  ManureSpreadArea: { column: 'manure_spread_area', type: 'numeric' },
  ManagementOptions: { column: 'management_options', type: 'jsonb' },
} as const satisfies Partial<Record<keyof CroppingDraft, ColumnSpec>>;

type ColumnMember = keyof typeof croppingColumns;
const columnEntries = Object.entries(croppingColumns) as [ColumnMember, ColumnSpec][];

/** The members kept in the `attributes` column, under their API names: every member without a column. */
export const croppingAttributeKeys = Object.keys(croppingDraftSchema.shape).filter(
  (key) => !(key in croppingColumns),
) as Exclude<keyof CroppingDraft, ColumnMember>[];
export type CroppingAttributeKey = (typeof croppingAttributeKeys)[number];

const readCasts: Record<ColumnType, string> = {
  int: '',
  text: '',
  date: '::text',
  boolean: '',
  numeric: '::float8',
  jsonb: '',
};

/** The select list of the draft's columns, each under its column name, for `FROM croppings c LEFT JOIN varieties v`. */
export function croppingColumnsSelectSql(): SQL {
  return sql.join(
    columnEntries.map(
      ([, spec]) =>
        sql`${spec.read ?? sql.raw(`c.${spec.column}`)}${sql.raw(readCasts[spec.type])} AS ${sql.raw(spec.column)}`,
    ),
    sql`, `,
  );
}

/** A draft read from a row selected with `croppingColumnsSelectSql` and `attributes`. */
export function croppingDraftFromRow(row: Record<string, unknown>): CroppingDraft {
  const draft: Record<string, unknown> = {};
  const attributes = (row.attributes ?? {}) as Record<string, unknown>;
  for (const key of croppingAttributeKeys) draft[key] = attributes[key] ?? null;
  for (const [member, spec] of columnEntries) draft[member] = row[spec.column] ?? null;
  draft.ManagementOptions ??= [];
  return draft as CroppingDraft;
}

const writeValue = (spec: ColumnSpec, value: unknown): SQL =>
  spec.type === 'jsonb'
    ? sql`${JSON.stringify(value ?? null)}::jsonb`
    : sql`${value ?? null}::${sql.raw(spec.type === 'int' ? 'integer' : spec.type)}`;

/** Every stored value of a draft, as column name and SQL value: its columns, effective period and attributes. */
export function croppingWriteValues(written: CroppingDraft): [column: string, value: SQL][] {
  const draft = { ...written, Destroyed: isDestroyed(written) };
  const attributes: Record<string, unknown> = {};
  for (const key of croppingAttributeKeys) {
    const value = draft[key];
    if (value !== null && value !== undefined) attributes[key] = value;
  }
  return [
    ...columnEntries.map(([member, spec]): [string, SQL] => [spec.column, writeValue(spec, draft[member])]),
    ['start_date', sql`${croppingStartDate(draft) ?? null}::date`],
    ['end_date', sql`${croppingEndDate(draft) ?? null}::date`],
    ['attributes', sql`${JSON.stringify(attributes)}::jsonb`],
  ];
}
