import type { DataLayer, GeometryFormat, LayerZone } from '@headland/domain/api/layersApi';
import type { LayerRow, ZoneRow } from './layers.queries.ts';

export function presentLayer(row: LayerRow): DataLayer {
  return {
    DataLayerId: row.id,
    TypeId: row.typeId,
    GroupId: row.groupId,
    SubtypeId: row.subtypeId,
    Scope: row.scope,
    HoldingId: row.holdingId,
    FieldId: row.fieldId,
    CroppingId: row.croppingId,
    CropId: row.cropId,
    ParentId: row.parentId,
    Year: row.yearId,
    Date: row.layerDate,
    Name: row.name,
    Unit: row.unit,
    NutrientId: row.nutrientId,
    ProductId: row.productId,
    RateUnitId: row.rateUnitId,
    PlanName: row.planName,
    Calculated: row.calculated,
    Inactive: row.inactive,
    ShowZoneNumbers: row.showZoneNumbers,
    ShowStroke: row.showStroke,
    Ranges: (row.ranges as DataLayer['Ranges']) ?? null,
    Style: (row.style as DataLayer['Style']) ?? null,
    ZoneCount: row.zoneCount,
    HasPointData: row.pointCount > 0,
    PointCount: row.pointCount,
    MinValue: row.minValue,
    MaxValue: row.maxValue,
    RecommendationMethod: (row.recommendationMethod as DataLayer['RecommendationMethod']) ?? null,
    Recommendation: (row.recommendation as DataLayer['Recommendation']) ?? null,
    CreatedOn: row.createdAt,
    UpdatedOn: row.updatedAt,
  };
}

/** The geometry of an answer row in its format; null for binary1 (the numbers travel apart). */
export function presentGeometry(
  value: unknown,
  format: GeometryFormat,
  srid: 4326 | 27700,
): LayerZone['Geometry'] {
  if (format === 'wkt') return { WellKnownText: value as string, CoordinateSystemId: srid };
  if (format === 'wkb') return { WellKnownBinary: value as string, CoordinateSystemId: srid };
  return null;
}

export function presentZone(row: ZoneRow, format: GeometryFormat, srid: 4326 | 27700): LayerZone {
  return {
    DataLayerZoneId: row.id,
    LayerId: row.layerId,
    Number: row.zoneNumber,
    Value: row.value,
    InitValue: row.initValue,
    Label: row.label,
    DocumentId: row.documentId,
    Area: Math.round(row.areaHa * 10_000) / 10_000,
    FieldId: row.fieldId,
    Buffer: row.buffer,
    UserDefined: row.userDefined,
    RegularShape: (row.regularShape as LayerZone['RegularShape']) ?? null,
    Style: (row.style as LayerZone['Style']) ?? null,
    ProductRate: row.productRate,
    NutrientRate: row.nutrientRate,
    InitProductRate: row.initProductRate,
    Geometry: presentGeometry(row.geometry, format, srid),
  };
}

/** GeoJSON coordinates of a (Multi)Polygon or Point as binary1's numeric geometry. */
export function numericGeometry(coordinates: unknown): number[][][][] {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return [];
  if (typeof coordinates[0] === 'number') return [[[coordinates as number[]]]];
  if (Array.isArray(coordinates[0]) && typeof (coordinates[0] as unknown[])[0] === 'number')
    return [[coordinates as number[][]]];
  const first = (coordinates as unknown[][])[0]![0];
  if (Array.isArray(first) && typeof first[0] === 'number') return [coordinates as number[][][]];
  return coordinates as number[][][][];
}
