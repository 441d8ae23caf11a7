import { z } from 'zod';
import { CroppingStyleMode, croppingStyleModeSchema } from '@headland/domain/crops';

/** The texts a cropping label can show, in the order they are stacked. */
export const croppingLabelKeys = [
  'fieldName',
  'fieldNumber',
  'cropName',
  'varietyName',
  'croppingDescription',
  'plotId',
  'sfiManagementOptions',
  'area',
] as const;
export type CroppingLabelKey = (typeof croppingLabelKeys)[number];
export type CroppingLabelFlags = Readonly<Record<CroppingLabelKey, boolean>>;

/** Crop name and field name on, the others off (§9). */
export const defaultCroppingLabelFlags: CroppingLabelFlags = {
  fieldName: true,
  fieldNumber: false,
  cropName: true,
  varietyName: false,
  croppingDescription: false,
  plotId: false,
  sfiManagementOptions: false,
  area: false,
};

const labelFlagsSchema = z.object(
  Object.fromEntries(
    croppingLabelKeys.map((key) => [key, z.boolean().catch(defaultCroppingLabelFlags[key])]),
  ) as {
    [K in CroppingLabelKey]: z.ZodCatch<z.ZodBoolean>;
  },
);

/** One map layer's settings (session-shell-connections §3, Map layer settings). */
const layerSettingsSchema = z.object({
  visible: z.boolean().catch(true),
  showLabels: z.boolean().catch(true),
  alwaysVisible: z.boolean().catch(false),
});

/**
 * What the map remembers per user and holding. Every member falls back to its default on its own, so that a
 * value saved by an older or newer version never throws the rest away.
 */
export const mapLayerSettingsSchema = z.object({
  basemap: z.string().max(200).catch('osm'),
  basemapVisible: z.boolean().catch(true),
  fields: layerSettingsSchema.catch({ visible: true, showLabels: true, alwaysVisible: false }),
  croppings: layerSettingsSchema
    .extend({
      croppingStyleMode: croppingStyleModeSchema.catch(CroppingStyleMode.Crop),
      croppingLabels: labelFlagsSchema.catch(defaultCroppingLabelFlags),
    })
    .catch({
      visible: true,
      showLabels: true,
      alwaysVisible: false,
      croppingStyleMode: CroppingStyleMode.Crop,
      croppingLabels: defaultCroppingLabelFlags,
    }),
});
export type MapLayerSettings = z.infer<typeof mapLayerSettingsSchema>;

export const defaultMapLayerSettings: MapLayerSettings = mapLayerSettingsSchema.parse({});

/** The settings key the map's choices are saved under, per user and holding. */
export const mapLayerSettingsKey = 'map.layers';

/** Reads a saved value (JSON text, or nothing) into complete settings, defaults standing in for anything unusable. */
export function parseMapLayerSettings(value: string | null | undefined): MapLayerSettings {
  if (!value) return defaultMapLayerSettings;
  try {
    return mapLayerSettingsSchema.parse(JSON.parse(value));
  } catch {
    return defaultMapLayerSettings;
  }
}

/**
 * The label flags and style mode a user actually gets: only roles with id 2 or lower may set them (§6), so
 * everyone else keeps the defaults whatever was saved.
 */
export function effectiveMapLayerSettings(
  settings: MapLayerSettings,
  canSetLabelOptions: boolean,
): MapLayerSettings {
  if (canSetLabelOptions) return settings;
  return {
    ...settings,
    croppings: {
      ...settings.croppings,
      croppingStyleMode: CroppingStyleMode.Crop,
      croppingLabels: defaultCroppingLabelFlags,
    },
  };
}
