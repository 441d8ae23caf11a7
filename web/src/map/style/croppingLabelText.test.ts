import { describe, expect, it } from 'vitest';
import { defaultCroppingLabelFlags, type CroppingLabelFlags } from '../settings/mapLayerSettings.ts';
import { buildLabelText, type LabelSubject } from './croppingLabelText.ts';

const subject: LabelSubject = {
  fieldName: 'Wold Top',
  fieldNumber: '12',
  cropName: 'Winter wheat',
  varietyName: 'Skyfall',
  croppingDescription: 'Seed crop',
  plotId: 'P4',
  managementOptionCodes: ['CAM1', ' ', 'SAM2'],
  area: 12.345,
};

const none: CroppingLabelFlags = {
  fieldName: false,
  fieldNumber: false,
  cropName: false,
  varietyName: false,
  croppingDescription: false,
  plotId: false,
  sfiManagementOptions: false,
  area: false,
};

const formatArea = (hectares: number) => `${hectares.toFixed(2)} ha`;

describe('buildLabelText', () => {
  it('shows field name and crop name by default', () => {
    expect(buildLabelText(subject, defaultCroppingLabelFlags, formatArea)).toBe('Wold Top\nWinter wheat');
  });

  it.each([
    ['fieldName', 'Wold Top'],
    ['fieldNumber', '12'],
    ['cropName', 'Winter wheat'],
    ['varietyName', 'Skyfall'],
    ['croppingDescription', 'Seed crop'],
    ['plotId', 'P4'],
    ['sfiManagementOptions', 'CAM1, SAM2'],
    ['area', '12.35 ha'],
  ] as const)('shows %s on its own as %j', (flag, text) => {
    expect(buildLabelText(subject, { ...none, [flag]: true }, formatArea)).toBe(text);
  });

  it('stacks every line in the fixed order whatever order the flags were set in', () => {
    const all = Object.fromEntries(
      Object.keys(none)
        .reverse()
        .map((key) => [key, true]),
    ) as unknown as CroppingLabelFlags;
    expect(buildLabelText(subject, all, formatArea).split('\n')).toEqual([
      'Wold Top',
      '12',
      'Winter wheat',
      'Skyfall',
      'Seed crop',
      'P4',
      'CAM1, SAM2',
      '12.35 ha',
    ]);
  });

  it('leaves out lines with nothing to say', () => {
    const bare: LabelSubject = {
      ...subject,
      fieldNumber: null,
      varietyName: '  ',
      managementOptionCodes: [],
      area: null,
    };
    const flags = {
      ...none,
      fieldName: true,
      fieldNumber: true,
      varietyName: true,
      sfiManagementOptions: true,
      area: true,
    };
    expect(buildLabelText(bare, flags, formatArea)).toBe('Wold Top');
  });

  it('is empty when every flag is off', () => {
    expect(buildLabelText(subject, none, formatArea)).toBe('');
  });
});
