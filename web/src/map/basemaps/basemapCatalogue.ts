import { isMasterOrHigher, type Role } from '@headland/domain/roles';
import { Region } from '@headland/domain/region';
import { basemapMaxZoom, soilBasemapOpacity } from '../mapConstants.ts';

export type BasemapKind = 'osm' | 'aerial' | 'ordnanceSurvey' | 'road' | 'custom' | 'pSorption';

/** One base map the user can choose. */
export interface BasemapDefinition {
  /** Stable id, saved in the user's map settings. */
  id: string;
  kind: BasemapKind;
  /** The i18n key of its name; custom base maps carry their own `name` instead. */
  labelKey?: string;
  name?: string;
  /** Tile URL template ({z}/{x}/{y}); keyed providers are reached through `key` instead. */
  url?: string;
  key?: string;
  minZoom?: number;
  maxZoom: number;
  /** [west, south, east, north] in EPSG:4326 where the tiles exist. */
  extentLonLat?: readonly [number, number, number, number];
  /** Drawn over the default map at this opacity (soil layers). */
  overlayOpacity?: number;
}

/** A holding's own tile map, from the select-holding response (fields-croppings-maps §3, Custom basemap). */
export interface CustomBasemap {
  Name: string;
  Url: string;
  Extent: number[] | null;
  ZoomMin: number | null;
  ZoomMax: number | null;
}

export interface BasemapCatalogueInput {
  /** The maps provider's key (session start's BingMaps.Key, or configuration); keyed maps need it. */
  mapsKey: string | null;
  role: Role;
  regionId: number | null;
  customBasemaps: readonly CustomBasemap[];
  /** Tile URL of the default map; OpenStreetMap's own tiles when not configured. */
  osmTileUrl?: string | null;
  /** Tile URL of Scotland's soil phosphorus sorption map; the map is offered only when it is configured. */
  pSorptionTileUrl?: string | null;
}

export const defaultBasemapId = 'osm';

function extentOf(values: number[] | null): BasemapDefinition['extentLonLat'] {
  if (!values || values.length !== 4 || values.some((value) => !Number.isFinite(value))) return undefined;
  const [west, south, east, north] = values as [number, number, number, number];
  return west < east && south < north ? [west, south, east, north] : undefined;
}

/**
 * The base maps a user may choose on a holding (fields-croppings-maps §2, §6, §7): the default street map always;
 * aerial, Ordnance Survey and road maps when a key is configured; the holding's custom maps for Master users; the
 * phosphorus sorption map on Scotland holdings.
 */
export function availableBasemaps(input: BasemapCatalogueInput): BasemapDefinition[] {
  const list: BasemapDefinition[] = [
    {
      id: defaultBasemapId,
      kind: 'osm',
      labelKey: 'map.basemaps.osm',
      maxZoom: basemapMaxZoom.default,
      ...(input.osmTileUrl ? { url: input.osmTileUrl } : {}),
    },
  ];
  const key = input.mapsKey?.trim();
  if (key) {
    list.push(
      { id: 'aerial', kind: 'aerial', labelKey: 'map.basemaps.aerial', key, maxZoom: basemapMaxZoom.default },
      {
        id: 'ordnanceSurvey',
        kind: 'ordnanceSurvey',
        labelKey: 'map.basemaps.ordnanceSurvey',
        key,
        maxZoom: basemapMaxZoom.ordnanceSurvey,
      },
      { id: 'road', kind: 'road', labelKey: 'map.basemaps.road', key, maxZoom: basemapMaxZoom.default },
    );
  }
  if (input.regionId === Region.Scotland && input.pSorptionTileUrl) {
    list.push({
      id: 'pSorption',
      kind: 'pSorption',
      labelKey: 'map.basemaps.pSorption',
      url: input.pSorptionTileUrl,
      maxZoom: basemapMaxZoom.default,
      overlayOpacity: soilBasemapOpacity,
    });
  }
  if (isMasterOrHigher(input.role)) {
    input.customBasemaps.forEach((custom, index) => {
      if (!custom.Url.trim()) return;
      list.push({
        id: `custom:${index}:${custom.Name}`,
        kind: 'custom',
        name: custom.Name,
        url: custom.Url,
        minZoom: custom.ZoomMin ?? undefined,
        maxZoom: custom.ZoomMax ?? basemapMaxZoom.default,
        extentLonLat: extentOf(custom.Extent),
      });
    });
  }
  return list;
}

/** The chosen base map when it is still offered, else the default one. */
export function pickBasemap(
  list: readonly BasemapDefinition[],
  id: string | null | undefined,
): BasemapDefinition {
  return list.find((basemap) => basemap.id === id) ?? list[0]!;
}
