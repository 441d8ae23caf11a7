import { describe, expect, it } from 'vitest';
import { CropId } from '../crops.ts';
import { NutrientType } from './nutrients.ts';
import {
  limeRecommendation,
  magnesiumIndex,
  morganIndex,
  nutrientRateFor,
  nutrientRecommendation,
  parseSoilIndex,
  phosphorusIndex,
  potassiumIndex,
  productRateFor,
  recommendationGroupOf,
  soilIndexOf,
  zoneRequirement,
} from './recommendations.ts';
import { SoilCategory } from './soil.ts';

describe('RB209 soil indices', () => {
  it.each([
    [0, 0],
    [9, 0],
    [9.1, 1],
    [15, 1],
    [16, 2],
    [25, 2],
    [26, 3],
    [45, 3],
    [46, 4],
    [280, 8],
    [281, 9],
  ])('Olsen P %s mg/l is index %s', (value, index) => expect(phosphorusIndex(value)).toBe(index));

  it.each([
    [60, 0],
    [61, 1],
    [120, 1],
    [121, 2],
    [180, 2],
    [181, 2.5],
    [240, 2.5],
    [241, 3],
    [400, 3],
    [401, 4],
    [3601, 9],
  ])('K %s mg/l is index %s (2.5 is 2+)', (value, index) => expect(potassiumIndex(value)).toBe(index));

  it.each([
    [25, 0],
    [26, 1],
    [50, 1],
    [51, 2],
    [100, 2],
    [101, 3],
    [1501, 9],
  ])('Mg %s mg/l is index %s', (value, index) => expect(magnesiumIndex(value)).toBe(index));

  it('reads Morgan values through the bands of §9', () => {
    expect(morganIndex('P2O5', 1.7)).toBe(0);
    expect(morganIndex('P2O5', 1.8)).toBe(1);
    expect(morganIndex('P2O5', 13.5)).toBe(3);
    expect(morganIndex('P2O5', 30.1)).toBe(4);
    expect(morganIndex('K2O', 150)).toBe(2.5);
    expect(morganIndex('MgO', 19)).toBe(0);
    expect(morganIndex('MgO', 1000.1)).toBe(4);
  });

  it('reads lab index texts and other units', () => {
    expect(parseSoilIndex('2-')).toBe(2);
    expect(parseSoilIndex('2+')).toBe(2.5);
    expect(parseSoilIndex(' 3 ')).toBe(3);
    expect(parseSoilIndex('high')).toBeNull();
    expect(parseSoilIndex('10')).toBeNull();
    expect(soilIndexOf('P2O5', 2, 'Index')).toBe(2);
    expect(soilIndexOf('P2O5', 2, 'Mg100g')).toBe(2);
    expect(soilIndexOf('P2O5', 40, 'KgHa')).toBe(2);
    expect(soilIndexOf('P2O5', 12, 'furlongs')).toBeNull();
  });
});

describe('RB209 recommendations', () => {
  it('follows the cereal table for wheat (8 t/ha, straw incorporated)', () => {
    expect(
      [0, 1, 2, 3, 4, 7].map((index) => nutrientRecommendation('P2O5', index, CropId.WinterWheat)),
    ).toEqual([120, 90, 60, 0, 0, 0]);
    expect(
      [0, 1, 2, 2.5, 3, 5].map((index) => nutrientRecommendation('K2O', index, CropId.WinterWheat)),
    ).toEqual([105, 75, 45, 20, 0, 0]);
    expect([0, 1, 2, 4].map((index) => nutrientRecommendation('MgO', index, CropId.WinterWheat))).toEqual([
      150, 100, 0, 0,
    ]);
  });

  it('picks the table by crop', () => {
    expect(recommendationGroupOf(CropId.Potatoes)).toBe('potatoes');
    expect(recommendationGroupOf(CropId.WinterOilseedRape)).toBe('oilseedRape');
    expect(recommendationGroupOf(CropId.Grass)).toBe('grass');
    expect(recommendationGroupOf(CropId.SugarBeet)).toBe('sugarBeet');
    expect(recommendationGroupOf(CropId.SpringBarley)).toBe('cereals');
    expect(nutrientRecommendation('P2O5', 0, CropId.Potatoes)).toBe(250);
    expect(nutrientRecommendation('K2O', 1, CropId.Grass)).toBe(30);
  });

  it('limes to pH 6.5 on arable land and 6.0 under grass', () => {
    expect(limeRecommendation(6.5, CropId.WinterWheat)).toBe(0);
    expect(limeRecommendation(7.2, CropId.WinterWheat)).toBe(0);
    expect(limeRecommendation(5.5, CropId.WinterWheat)).toBe(7);
    expect(limeRecommendation(5.5, CropId.WinterWheat, SoilCategory.Light)).toBe(6);
    expect(limeRecommendation(5.5, CropId.Grass)).toBe(2.6);
    expect(limeRecommendation(6.0, CropId.Grass)).toBe(0);
  });

  it('gives a zone requirement from its soil value and unit', () => {
    expect(zoneRequirement(NutrientType.P2O5, 12, 'Ppm', CropId.WinterWheat)).toBe(90);
    expect(zoneRequirement(NutrientType.K2O, 2.5, 'Index', CropId.WinterWheat)).toBe(20);
    expect(zoneRequirement(NutrientType.Lime, 6.0, 'pH', CropId.WinterWheat)).toBe(3.5);
    expect(zoneRequirement(NutrientType.MgO, 10, 'unknown', CropId.WinterWheat)).toBeNull();
  });

  it('turns a requirement into a product rate and back', () => {
    expect(productRateFor(NutrientType.P2O5, 90, 46)).toBe(196);
    expect(productRateFor(NutrientType.K2O, 90, 60)).toBe(150);
    expect(productRateFor(NutrientType.K2O, 90, 0)).toBeNull();
    expect(productRateFor(NutrientType.Lime, 5, 54)).toBe(5.2);
    expect(nutrientRateFor(NutrientType.P2O5, 196, 46)).toBe(90.2);
    expect(nutrientRateFor(NutrientType.Lime, 5.2, 54)).toBe(5);
  });
});
