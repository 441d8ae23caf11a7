import { describe, expect, it } from 'vitest';
import { holdingDeleteMessages } from '@headland/domain/api/holdingsApi';
import { HoldingMessageCode, validateHoldingForm } from '@headland/domain/holdingRules';
import { createI18n } from '../../i18n/createI18n.ts';
import { holdingMessageText, translateHoldingError } from './holdingMessageText.ts';

const { t } = createI18n('en');

describe('holding message texts', () => {
  it.each(Object.values(HoldingMessageCode))('%s has words', (code) => {
    expect(holdingMessageText(t, { code, params: { min: 1990, max: 20 } })).not.toMatch(/^\(\?/);
  });

  it('fills in the limits the rules name', () => {
    const [issue] = validateHoldingForm(
      {
        tradingName: 'Farm',
        accountNumber: 'A'.repeat(21),
        address: '',
        townId: 1,
        regionId: 1,
        totalArea: 1,
        grasslandDerogation: false,
        grasslandDerogationNumber: null,
        startingYear: 2025,
        pkModel: 'ADAS',
        pSorpCapacity: null,
        weatherStationId: 1,
        customWeather: false,
        monthlyRainfall: [],
      },
      {
        postTownEnabled: true,
        regionsOffered: true,
        startingYearRequired: true,
        weatherStationRequired: true,
      },
    );
    expect(holdingMessageText(t, issue!)).toBe('Account Number cannot be longer than 20 characters.');
  });

  it("translates a refused save's codes and leaves other messages alone", () => {
    expect(
      translateHoldingError(t, { Code: 'startingYearOutOfRange', Params: { min: 1990, max: 2100 } }),
    ).toBe('Starting Year must be between 1990 and 2100.');
    expect(translateHoldingError(t, { Code: 'somethingElse' })).toBeUndefined();
    expect(translateHoldingError(t, {})).toBeUndefined();
  });

  it('words the delete refusals as the server does', () => {
    expect(t('holdings.delete.unableTitle')).toBe(holdingDeleteMessages.title);
    expect(t('holdings.delete.notEmpty')).toBe(holdingDeleteMessages.notEmpty);
    expect(t('holdings.delete.selected')).toBe(holdingDeleteMessages.selected);
  });
});
