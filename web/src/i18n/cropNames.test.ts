import { describe, expect, it } from 'vitest';
import { CropId } from '@headland/domain/crops';
import { Role, mainRoleNames, secondRoleNames } from '@headland/domain/roles';
import { createI18n, createLoadedI18n } from './createI18n.ts';
import { cropName, translatedCropLabel, translatedServerCropName } from './cropNames.ts';
import { roleName } from './roleNames.ts';

describe('crop names in the shown language', () => {
  it('keeps the English name of the crop table in English', () => {
    const { t } = createI18n('en');
    expect(cropName(t, CropId.WinterWheat)).toBe('Winter wheat');
    expect(translatedCropLabel(t, { CropId: null })).toBe('Uncropped');
  });

  it('translates crops, no crop and an unknown crop, and keeps the name typed for Other', async () => {
    const { t } = await createLoadedI18n('de');
    expect(cropName(t, CropId.WinterWheat)).toBe('Winterweizen');
    expect(translatedCropLabel(t, { CropId: CropId.Uncropped })).toBe('Ohne Anbau');
    expect(translatedCropLabel(t, { CropId: CropId.Other, CropName: 'Hanf' })).toBe('Hanf');
    expect(translatedCropLabel(t, { CropId: CropId.Other, CropName: null })).toBe('Sonstige');
    expect(translatedCropLabel(t, { CropId: 99_999, CropName: null })).toBe('Unbekannte Kultur');
    expect(translatedServerCropName(t, CropId.Maize, 'Maize')).toBe('Mais');
    expect(translatedServerCropName(t, CropId.Other, 'Hemp')).toBe('Hemp');
    expect(cropName(t, 99_999)).toBeUndefined();
  });
});

describe('role names in the shown language', () => {
  it('follows the brand wording', async () => {
    const { t } = await createLoadedI18n('fr');
    expect(roleName(t, mainRoleNames, Role.Agronomist)).toBe('Conseiller agronomique');
    expect(roleName(t, secondRoleNames, Role.Agronomist)).toBe('Conseiller');
    expect(roleName(createI18n('en').t, secondRoleNames, Role.Access)).toBe('Basic');
  });
});
