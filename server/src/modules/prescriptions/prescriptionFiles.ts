import { strToU8, zipSync } from 'fflate';
import {
  ExtendedPolygon,
  ISOXMLManager,
  PolygonPolygonTypeEnum,
  TAGS,
  TaskTaskStatusEnum,
  createGridParamsGenerator,
  type ExtendedTask,
  type ProcessDataVariable,
} from 'isoxml';
import { processDataOf, type PrescriptionFormat } from '@headland/domain/plans/prescriptionRules';
import {
  wgs84Prj,
  writeShapefile,
  type ExportColumn,
  type ExportFile,
  type ExportPart,
} from '../exports/exports.service.ts';
import type { PlanFileRow } from './prescriptions.queries.ts';

/**
 * The files a terminal reads, written once from a plan's fields and zones so that a download and a later
 * send to a connected app give the same bytes: ISO 11783-10 TASKDATA (version 4, made with `isoxml`), and
 * zipped WGS 84 shapefiles with the columns Rate, Unit, Product and Zone, flat (one file per field) or in
 * an `Rx/` folder.
 */

export interface PrescriptionFileInput {
  fileName: string;
  holdingName: string;
  planName: string;
  productName: string;
  rateUnitId: number;
  rateUnitName: string;
  cellSize: number;
  fields: PlanFileRow[];
}

const columns: ExportColumn[] = [
  { name: 'Rate', type: 'real', decimals: 3 },
  { name: 'Unit', type: 'string' },
  { name: 'Product', type: 'string' },
  { name: 'Zone', type: 'integer' },
];

function slug(text: string, fallback: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '_')
      .slice(0, 40) || fallback
  );
}

function fieldPart(input: PrescriptionFileInput, field: PlanFileRow): ExportPart {
  return {
    name: slug(field.fieldName, `field_${field.fieldId}`),
    shape: 'polygon',
    features: field.zones.map((zone) => ({
      geometry: zone.geometry as ExportPart['features'][number]['geometry'],
      values: [zone.rate, input.rateUnitName, input.productName, zone.number],
    })),
  };
}

/** One shapefile per field, at the zip's root (flat) or in `Rx/`; two fields of one name get their id. */
function shapefileZip(input: PrescriptionFileInput, folder: string, now: Date): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>();
  for (const field of input.fields) {
    const part = fieldPart(input, field);
    const base = used.has(part.name.toLowerCase()) ? `${part.name}_${field.fieldId}` : part.name;
    used.add(base.toLowerCase());
    const { shp, shx, dbf } = writeShapefile(columns, part, now);
    files[`${folder}${base}.shp`] = shp;
    files[`${folder}${base}.shx`] = shx;
    files[`${folder}${base}.dbf`] = dbf;
    files[`${folder}${base}.prj`] = strToU8(wgs84Prj);
    files[`${folder}${base}.cpg`] = strToU8('UTF-8');
  }
  return zipSync(files, { level: 6, mtime: now });
}

/**
 * TASKDATA with one customer (the holding), one farm, the product, and per field a partfield with its boundary
 * and a task holding a type 2 grid of `cellSize` metres whose cells carry the zone's rate in the process data
 * variable of the rate unit, scaled to the DDI's resolution. Cells outside every zone get the out-of-field 0.
 */
async function isoxmlZip(input: PrescriptionFileInput): Promise<Uint8Array> {
  const manager = new ISOXMLManager({
    version: 4,
    fmisTitle: 'Headland',
    gridParamsGenerator: createGridParamsGenerator(input.cellSize, input.cellSize),
  });
  const customer = manager.createEntityFromAttributes(TAGS.Customer, {
    CustomerLastName: input.holdingName.slice(0, 32),
  });
  const customerRef = manager.registerEntity(customer);
  const farm = manager.createEntityFromAttributes(TAGS.Farm, {
    FarmDesignator: input.holdingName.slice(0, 32),
    CustomerIdRef: customerRef,
  });
  const farmRef = manager.registerEntity(farm);
  const product = manager.createEntityFromAttributes(TAGS.Product, {
    ProductDesignator: input.productName.slice(0, 32),
  });
  const productRef = manager.registerEntity(product);
  const { ddi, perRateUnit } = processDataOf(input.rateUnitId);
  const ddiText = ddi.toString(16).toUpperCase().padStart(4, '0');

  const partfields = [];
  const tasks = [];
  for (const field of input.fields) {
    const areaM2 = Math.round(field.zones.reduce((sum, zone) => sum + zone.areaHa, 0) * 10_000);
    const partfield = manager.createEntityFromAttributes(TAGS.Partfield, {
      PartfieldDesignator: field.fieldName.slice(0, 32),
      PartfieldArea: areaM2,
      CustomerIdRef: customerRef,
      FarmIdRef: farmRef,
      PolygonnonTreatmentZoneonly: ExtendedPolygon.fromGeoJSON(
        field.boundary,
        PolygonPolygonTypeEnum.PartfieldBoundary,
        manager,
      ),
    });
    const partfieldRef = manager.registerEntity(partfield);
    partfields.push(partfield);
    const task = manager.createEntityFromAttributes<ExtendedTask>(TAGS.Task, {
      TaskDesignator: `${input.planName} ${field.fieldName}`.slice(0, 32),
      CustomerIdRef: customerRef,
      FarmIdRef: farmRef,
      PartfieldIdRef: partfieldRef,
      TaskStatus: TaskTaskStatusEnum.Planned,
    });
    manager.registerEntity(task);
    const variable = manager.createEntityFromAttributes<ProcessDataVariable>(TAGS.ProcessDataVariable, {
      ProcessDataDDI: ddiText,
      ProcessDataValue: 0,
      ProductIdRef: productRef,
    });
    task.addGridFromGeoJSON(
      {
        type: 'FeatureCollection',
        features: field.zones.map((zone) => ({
          type: 'Feature',
          geometry: zone.geometry,
          properties: { rate: Math.round(zone.rate * perRateUnit) },
        })),
      },
      [variable],
      ['rate'],
    );
    tasks.push(task);
  }
  Object.assign(manager.rootElement.attributes, {
    Customer: [customer],
    Farm: [farm],
    Product: [product],
    Partfield: partfields,
    Task: tasks,
  });
  return manager.saveISOXML();
}

export async function prescriptionFile(
  input: PrescriptionFileInput,
  format: PrescriptionFormat,
  now = new Date(),
): Promise<ExportFile> {
  const bytes =
    format === 'isoxml'
      ? await isoxmlZip(input)
      : shapefileZip(input, format === 'shapefileRx' ? 'Rx/' : '', now);
  const suffix = format === 'isoxml' ? 'TASKDATA' : format === 'shapefileRx' ? 'Rx' : 'shp';
  return { fileName: `${input.fileName}_${suffix}.zip`, contentType: 'application/zip', bytes };
}
