import { describe, expect, it } from 'vitest';
import { brandFromHost, brands, moduleSwitchesOff, type BrandFeatures, type BrandId } from './brands.ts';
import { ExternalApp } from './enumerations.ts';
import { Role } from './roles.ts';

describe('brandFromHost', () => {
  it.each<[string, string | null | undefined, BrandId]>([
    ['headland.co.uk', undefined, 'main'],
    ['app.headland.com:443', undefined, 'main'],
    ['localhost:3000', undefined, 'main'],
    ['127.0.0.1', null, 'main'],
    ['', undefined, 'main'],
    ['soil.headland.com', undefined, 'second'],
    ['HEADLANDSOIL.COM', undefined, 'second'],
    ['app.headland-soil.ie:8080', undefined, 'second'],
    ['headland-lite.com', undefined, 'third'],
    ['LITE.example', undefined, 'third'],
    ['soil-lite.example', undefined, 'second'],
    ['satellite.example', undefined, 'third'],
    ['soil.headland.com', 'third', 'third'],
    ['headland-lite.com', 'main', 'main'],
    ['headland.co.uk', 'second', 'second'],
    ['headland.co.uk', ' SECOND ', 'second'],
    ['soil.headland.com', '', 'second'],
    ['soil.headland.com', '  ', 'second'],
    ['soil.headland.com', null, 'second'],
  ])('host %j with override %j is the %s brand', (host, override, brand) => {
    expect(brandFromHost(host, override)).toBe(brand);
  });

  it.each(['gold', 'Headland', 'soil'])('refuses the unknown override %j', (override) => {
    expect(() => brandFromHost('headland.co.uk', override)).toThrow(/Unknown brand/);
  });
});

describe('brands', () => {
  it.each<[BrandId, string, number]>([
    ['main', 'Headland', 27700],
    ['second', 'Headland Soil', 4326],
    ['third', 'Headland Lite', 4326],
  ])('%s is %s with coordinate system %s', (id, name, srid) => {
    expect(brands[id].id).toBe(id);
    expect(brands[id].name).toBe(name);
    expect(brands[id].srid).toBe(srid);
    expect(brands[id].defaultCropMargin).toBe('grassMargin');
    expect(brands[id].regionIds).toEqual([1, 2, 3]);
    expect(brands[id].support.email).toMatch(/@/);
  });

  it.each<BrandId>(['main', 'second', 'third'])(
    'the %s brand has every unbuilt module switched off, and the built Import, Export and Prescriptions modules on',
    (id) => {
      expect(brands[id].modules).toEqual({
        ...moduleSwitchesOff,
        imports: true,
        exports: true,
        prescriptions: true,
      });
      expect(Object.entries(brands[id].modules).filter(([, on]) => on)).toEqual([
        ['imports', true],
        ['exports', true],
        ['prescriptions', true],
      ]);
    },
  );

  const mainList: (keyof BrandFeatures)[] = [
    'loginStyle2024',
    'termsAndConditions',
    'singleSignOn',
    'perHoldingPermissions',
    'postTown',
    'weather',
    'business',
    'nvz',
    'soil',
    'soilManagementPlans',
    'seeds',
    'nutrition',
    'sprayPlans',
    'manure',
    'stocks',
    'fieldDiary',
    'climate',
    'planning',
    'satellite',
    'prescriptionPlans',
  ];

  it.each(mainList)('the main brand has %s', (feature) => {
    expect(brands.main.features[feature]).toBe(true);
  });

  it.each<[BrandId, keyof BrandFeatures, boolean]>([
    ['second', 'postTown', false],
    ['second', 'soil', true],
    ['second', 'perHoldingPermissions', false],
    ['third', 'nutrition', false],
    ['third', 'soil', false],
    ['third', 'seeds', false],
    ['third', 'sprayPlans', false],
    ['third', 'prescriptionPlans', false],
    ['third', 'soilManagementPlans', false],
    ['third', 'manure', false],
    ['third', 'fieldDiary', false],
    ['third', 'climate', false],
    ['third', 'termsAndConditions', true],
    ['main', 'businessPerformance', false],
  ])('the %s brand has %s: %s', (id, feature, on) => {
    expect(brands[id].features[feature]).toBe(on);
  });

  it('gives each brand its soil units, connections and role wording', () => {
    expect(brands.main.soilUnits).toEqual(['Ppm', 'Index', 'Morgan', 'KgHa']);
    expect(brands.second.soilUnits).toEqual(['Ppm', 'Mg100g']);
    expect(brands.third.soilUnits).toEqual([]);
    expect(brands.third.connections).toEqual([ExternalApp.Dropbox, ExternalApp.JohnDeere]);
    expect(brands.second.connections.length).toBeLessThan(brands.main.connections.length);
    expect(brands.main.roleNames[Role.Access]).toBe('Access');
    expect(brands.second.roleNames[Role.Access]).toBe('Basic');
    expect(brands.third.roleNames[Role.FmClient]).toBe('Field Manager Client');
  });
});
