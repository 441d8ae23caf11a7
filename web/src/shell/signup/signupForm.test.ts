import { describe, expect, it } from 'vitest';
import type { SignupData } from '@headland/domain/api/signupApi';
import {
  initialSignupForm,
  narrowPlace,
  regionsFor,
  setupPayload,
  signupStepsFor,
  stepProblems,
  townsFor,
} from './signupForm.ts';

const data: SignupData = {
  email: 'nell@farm.example',
  firstName: '',
  lastName: '',
  holdingInvites: [],
  autoSignup: false,
  regions: [
    { id: 1, name: 'England' },
    { id: 2, name: 'Scotland' },
    { id: 3, name: 'Wales' },
  ],
  towns: [
    { id: 1, name: 'Louth', region: 1, postCodes: ['LN11'] },
    { id: 2, name: 'Lincoln', region: 1, postCodes: ['LN1', 'LN2'] },
    { id: 43, name: 'Perth', region: 2, postCodes: ['PH1', 'PH2'] },
    { id: 42, name: 'Blairgowrie', region: 2, postCodes: ['PH10'] },
    { id: 66, name: 'Llangefni', region: 3, postCodes: ['LL77'] },
  ],
  tcs: { text: 'Terms', version: 2 },
};

describe('post code narrowing', () => {
  it('offers every region and town without a post code', () => {
    expect(regionsFor(data, '')).toHaveLength(3);
    expect(townsFor(data, '', null)).toHaveLength(5);
  });

  it('narrows regions and towns by the leading letters and fills a single match', () => {
    const form = narrowPlace(data, { ...initialSignupForm(data), postCode: 'PH' });
    expect(regionsFor(data, 'PH').map((region) => region.name)).toEqual(['Scotland']);
    expect(form.regionId).toBe(2);
    expect(form.townId).toBeNull();
    expect(townsFor(data, 'PH', form.regionId).map((town) => town.name)).toEqual(['Perth', 'Blairgowrie']);
    const full = narrowPlace(data, { ...form, postCode: 'PH10 6AB' });
    expect(full.townId).toBe(42);
  });

  it('clears a region and town the new post code no longer offers', () => {
    const perth = narrowPlace(data, { ...initialSignupForm(data), postCode: 'PH2' });
    expect(perth).toMatchObject({ regionId: 2, townId: 43 });
    const moved = narrowPlace(data, { ...perth, postCode: 'LN' });
    expect(moved).toMatchObject({ regionId: 1, townId: null });
  });

  it('chooses the one town left in a chosen region', () => {
    const form = narrowPlace(data, { ...initialSignupForm(data), postCode: '', regionId: 3 });
    expect(form.townId).toBe(66);
  });
});

describe('step checks', () => {
  it('asks for the terms and the consent answer on step 1', () => {
    const form = initialSignupForm(data);
    expect(stepProblems('terms', form)).toEqual({
      termsAccepted: 'signup.errors.termsRequired',
      consent: 'signup.errors.consentRequired',
    });
    expect(stepProblems('terms', { ...form, termsAccepted: true, consent: 'no' })).toEqual({});
  });

  it('asks for the holding name only for a new holding', () => {
    const form = { ...initialSignupForm(data), postCode: 'LN11', address: 'x', regionId: 1, townId: 1 };
    expect(stepProblems('holding', form)).toEqual({ holdingName: 'signup.errors.holdingNameRequired' });
    expect(stepProblems('holding', { ...form, holdingExists: true })).toEqual({});
  });

  it('checks the password in the spec order', () => {
    const form = initialSignupForm(data);
    expect(stepProblems('password', form)).toEqual({ password: 'signup.errors.passwordRequired' });
    expect(stepProblems('password', { ...form, password: 'barley' })).toEqual({
      password: 'signup.errors.passwordRule',
    });
    expect(stepProblems('password', { ...form, password: 'Barley2026', confirmation: 'Barley2027' })).toEqual(
      {
        confirmation: 'signup.errors.passwordMismatch',
      },
    );
  });

  it('builds the setup payload, dropping the holding name of an existing holding', () => {
    const payload = setupPayload(
      {
        ...initialSignupForm(data),
        firstName: ' Nell ',
        lastName: 'Newcomer',
        phoneNumber: '01507 600000',
        postCode: 'ln11 9ab',
        address: 'Church Lane',
        regionId: 1,
        townId: 1,
        holdingExists: true,
        holdingName: 'Ignored',
        password: 'Barley2026',
      },
      2,
    );
    expect(payload).toMatchObject({
      firstName: 'Nell',
      postCode: 'LN11 9AB',
      holdingName: '',
      termsOfUseVersion: 2,
    });
  });
});

describe('post codes outside the towns known, and invited people', () => {
  it('offers every region and town for a post code no town serves, so the step can be finished', () => {
    expect(regionsFor(data, 'SW1A 1AA')).toHaveLength(3);
    expect(townsFor(data, 'SW1A 1AA', null)).toHaveLength(5);
    const form = narrowPlace(data, { ...initialSignupForm(data), postCode: 'SW1A 1AA', regionId: 3 });
    expect(form.townId).toBe(66);
  });

  it('skips the holding step for someone invited to a holding, and sends no place for them', () => {
    const invited: SignupData = {
      ...data,
      holdingInvites: [
        {
          id: 'a',
          holdingName: 'Wold Farm',
          accessLevel: 1,
          issuerFirstName: 'Anna',
          issuerLastName: 'Field',
        },
      ],
    };
    expect(signupStepsFor(data)).toEqual(['terms', 'contact', 'holding', 'password']);
    expect(signupStepsFor(invited)).toEqual(['terms', 'contact', 'password']);
    const payload = setupPayload(initialSignupForm(invited), 2, false);
    expect(payload.holdingExists).toBe(true);
    expect(payload).not.toHaveProperty('postCode');
    expect(payload).not.toHaveProperty('townId');
  });
});
