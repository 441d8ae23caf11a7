import { describe, expect, it } from 'vitest';
import {
  outwardCode,
  postCodeLetters,
  signupSetupSchema,
  townChoicesForPostCode,
  townsForPostCode,
} from './signupApi.ts';

const towns = [
  { name: 'Louth', postCodes: ['LN11'] },
  { name: 'Lincoln', postCodes: ['LN1', 'LN2'] },
  { name: 'Perth', postCodes: ['PH1', 'PH2'] },
  { name: 'Blairgowrie', postCodes: ['PH10'] },
  { name: 'Newark', postCodes: ['NG24'] },
];

describe('post codes', () => {
  it('reads the outward code and the area letters', () => {
    expect(outwardCode('ln11 9ab')).toBe('LN11');
    expect(outwardCode('LN119AB')).toBe('LN11');
    expect(outwardCode('PH1')).toBe('PH1');
    expect(outwardCode('LN')).toBeNull();
    expect(outwardCode('not a code')).toBeNull();
    expect(postCodeLetters('ph2 7xy')).toBe('PH');
    expect(postCodeLetters('N1')).toBe('N');
    expect(postCodeLetters('12')).toBe('');
  });

  it('narrows towns by the leading letters, then by the district when a town serves it', () => {
    expect(townsForPostCode(towns, '').map((t) => t.name)).toHaveLength(5);
    expect(townsForPostCode(towns, 'L').map((t) => t.name)).toEqual([]);
    expect(townsForPostCode(towns, 'LN').map((t) => t.name)).toEqual(['Louth', 'Lincoln']);
    expect(townsForPostCode(towns, 'LN11 9AB').map((t) => t.name)).toEqual(['Louth']);
    expect(townsForPostCode(towns, 'PH10').map((t) => t.name)).toEqual(['Blairgowrie']);
    // A district no town serves keeps the area's towns.
    expect(townsForPostCode(towns, 'PH99').map((t) => t.name)).toEqual(['Perth', 'Blairgowrie']);
  });
});

describe('town choices', () => {
  it('falls back to every town for a post code outside the towns known', () => {
    expect(townChoicesForPostCode(towns, 'SW1A 1AA').map((t) => t.name)).toHaveLength(5);
    expect(townChoicesForPostCode(towns, 'LN11').map((t) => t.name)).toEqual(['Louth']);
  });
});

describe('the setup payload', () => {
  const good = {
    firstName: 'Nell',
    lastName: 'Newcomer',
    postCode: 'LN11 9AB',
    address: '1 Church Lane',
    phoneNumber: '+44 1507 600000',
    regionId: 1,
    townId: 1,
    holdingExists: true,
    password: 'Barley2026',
    termsOfUseVersion: 1,
    contactConsent: true,
  };

  it('accepts a full payload and defaults the optional texts', () => {
    const parsed = signupSetupSchema.parse(good);
    expect(parsed.holdingName).toBe('');
    expect(parsed.agronomist).toBe('');
  });

  it('refuses a refused consent, blank names and oversized texts', () => {
    expect(signupSetupSchema.safeParse({ ...good, contactConsent: false }).success).toBe(false);
    expect(signupSetupSchema.safeParse({ ...good, lastName: '  ' }).success).toBe(false);
    expect(signupSetupSchema.safeParse({ ...good, accountNumber: 'x'.repeat(21) }).success).toBe(false);
    expect(signupSetupSchema.safeParse({ ...good, regionId: 2 ** 31 }).success).toBe(false);
  });
});
