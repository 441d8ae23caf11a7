import { z } from 'zod';
import { ExternalApp } from './enumerations.ts';
import { mainRoleNames, secondRoleNames, type RoleNames } from './roles.ts';

export const brandIds = ['main', 'second', 'third'] as const;
export type BrandId = (typeof brandIds)[number];
export const brandIdSchema = z.enum(brandIds);

/** What a brand is capable of. These shape forms, permissions and connections. */
export interface BrandFeatures {
  loginStyle2024: boolean;
  termsAndConditions: boolean;
  singleSignOn: boolean;
  perHoldingPermissions: boolean;
  postTown: boolean;
  weather: boolean;
  /** Assigning a holding to a business (the Business field), not the Business menu group. */
  business: boolean;
  nvz: boolean;
  soil: boolean;
  soilManagementPlans: boolean;
  seeds: boolean;
  nutrition: boolean;
  sprayPlans: boolean;
  manure: boolean;
  stocks: boolean;
  fieldDiary: boolean;
  climate: boolean;
  planning: boolean;
  satellite: boolean;
  prescriptionPlans: boolean;
  mapGeolocation: boolean;
  /** The extra gate on the Business group's Performance entry. */
  businessPerformance: boolean;
}

/**
 * Modules whose screens are not built yet. Each stays hidden from the menu, in every brand, until its switch
 * is turned on; this is separate from the brand's capabilities so that turning a module on later is one edit.
 */
export interface ModuleSwitches {
  soil: boolean;
  imports: boolean;
  exports: boolean;
  stocks: boolean;
  seeds: boolean;
  nutrition: boolean;
  spray: boolean;
  prescriptions: boolean;
  manure: boolean;
  diary: boolean;
  reports: boolean;
  climate: boolean;
  business: boolean;
}

export const moduleSwitchesOff: Readonly<ModuleSwitches> = {
  soil: false,
  imports: false,
  exports: false,
  stocks: false,
  seeds: false,
  nutrition: false,
  spray: false,
  prescriptions: false,
  manure: false,
  diary: false,
  reports: false,
  climate: false,
  business: false,
};

/** The module switches of every brand: the modules whose screens are built are on. */
export const builtModules: Readonly<ModuleSwitches> = {
  ...moduleSwitchesOff,
  imports: true,
  exports: true,
  prescriptions: true,
};

export type SoilUnit = 'Ppm' | 'Index' | 'KgHa' | 'Morgan' | 'Mg100g';
export type Srid = 27700 | 4326;

export interface Brand {
  id: BrandId;
  name: string;
  features: Readonly<BrandFeatures>;
  modules: Readonly<ModuleSwitches>;
  /** Region ids offered on holdings and at sign-up (England 1, Scotland 2, Wales 3). */
  regionIds: readonly number[];
  support: { email: string; phone: string };
  roleNames: RoleNames;
  /** Coordinate system of map measurement and display for this brand. */
  srid: Srid;
  soilUnits: readonly SoilUnit[];
  /** The crop given to new boundary margins. */
  defaultCropMargin: 'grassMargin';
  /** External applications users may connect. */
  connections: readonly ExternalApp[];
}

const mainFeatures: BrandFeatures = {
  loginStyle2024: true,
  termsAndConditions: true,
  singleSignOn: true,
  perHoldingPermissions: true,
  postTown: true,
  weather: true,
  business: true,
  nvz: true,
  soil: true,
  soilManagementPlans: true,
  seeds: true,
  nutrition: true,
  sprayPlans: true,
  manure: true,
  stocks: true,
  fieldDiary: true,
  climate: true,
  planning: true,
  satellite: true,
  prescriptionPlans: true,
  mapGeolocation: true,
  businessPerformance: false,
};

export const brands: Readonly<Record<BrandId, Brand>> = {
  main: {
    id: 'main',
    name: 'Headland',
    features: mainFeatures,
    modules: builtModules,
    regionIds: [1, 2, 3],
    support: { email: 'support@headland.example', phone: '01632 960000' },
    roleNames: mainRoleNames,
    srid: 27700,
    soilUnits: ['Ppm', 'Index', 'Morgan', 'KgHa'],
    defaultCropMargin: 'grassMargin',
    connections: [
      ExternalApp.Dropbox,
      ExternalApp.iSoyl,
      ExternalApp.JohnDeere,
      ExternalApp.Claas,
      ExternalApp.FieldView,
      ExternalApp.Glgm,
    ],
  },
  // Outside Great Britain: no post towns (so no weather stations), no NVZ, no business assignment.
  second: {
    id: 'second',
    name: 'Headland Soil',
    features: {
      ...mainFeatures,
      singleSignOn: false,
      perHoldingPermissions: false,
      postTown: false,
      weather: false,
      business: false,
      nvz: false,
      soilManagementPlans: false,
      manure: false,
      planning: false,
    },
    modules: builtModules,
    regionIds: [1, 2, 3],
    support: { email: 'support@headland-soil.example', phone: '01632 960001' },
    roleNames: secondRoleNames,
    srid: 4326,
    soilUnits: ['Ppm', 'Mg100g'],
    defaultCropMargin: 'grassMargin',
    connections: [ExternalApp.Dropbox, ExternalApp.JohnDeere, ExternalApp.Claas, ExternalApp.FieldView],
  },
  third: {
    id: 'third',
    name: 'Headland Lite',
    features: {
      ...mainFeatures,
      singleSignOn: false,
      perHoldingPermissions: false,
      postTown: false,
      weather: false,
      business: false,
      nvz: false,
      soil: false,
      soilManagementPlans: false,
      seeds: false,
      nutrition: false,
      sprayPlans: false,
      manure: false,
      stocks: false,
      fieldDiary: false,
      climate: false,
      planning: false,
      satellite: false,
      prescriptionPlans: false,
      mapGeolocation: false,
    },
    modules: builtModules,
    regionIds: [1, 2, 3],
    support: { email: 'support@headland-lite.example', phone: '01632 960002' },
    roleNames: mainRoleNames,
    srid: 4326,
    soilUnits: [],
    defaultCropMargin: 'grassMargin',
    connections: [ExternalApp.Dropbox, ExternalApp.JohnDeere],
  },
};

/** The name of the meta element in which the server writes, into the web page, the brand it serves it as. */
export const brandMetaName = 'headland-brand';

/** Host keywords that pick a brand. Checked in this order; a host matching none is the main brand. */
export const brandHostKeywords: readonly { keyword: string; brand: BrandId }[] = [
  { keyword: 'soil', brand: 'second' },
  { keyword: 'lite', brand: 'third' },
];

/**
 * The brand serving a request. `override` (the BRAND environment variable) wins when set; an unknown override
 * is an error so that a typo does not quietly serve the wrong brand. Otherwise the host decides: it is matched
 * by plain substring, so a host such as "satellite.example" would count as the third brand.
 */
export function brandFromHost(host: string, override?: string | null): BrandId {
  if (override !== undefined && override !== null && override.trim() !== '') {
    const parsed = brandIdSchema.safeParse(override.trim().toLowerCase());
    if (!parsed.success)
      throw new Error(`Unknown brand "${override}"; expected one of ${brandIds.join(', ')}`);
    return parsed.data;
  }
  const name = host.toLowerCase();
  return brandHostKeywords.find(({ keyword }) => name.includes(keyword))?.brand ?? 'main';
}
