import { describe, expect, it } from 'vitest';
import { createI18n, createLoadedI18n } from '../../i18n/createI18n.ts';
import { croppingProblemText, translateCroppingError } from './croppingProblemText.ts';

const problem = { code: 'areaAboveField', params: { area: 12.3, fieldArea: 10 } } as const;

describe('croppingProblemText', () => {
  it('writes areas the English way by default', () => {
    expect(croppingProblemText(createI18n('en').t, problem)).toBe(
      'The cropping area (12.30 ha) cannot be larger than the field area (10.00 ha).',
    );
  });

  it('writes the problem and its areas the way the language does', async () => {
    const { t } = await createLoadedI18n('de');
    expect(croppingProblemText(t, problem, 'de')).toBe(
      'Die Anbaufläche (12,30 ha) darf nicht größer sein als die Schlagfläche (10,00 ha).',
    );
    expect(
      translateCroppingError(t, { Code: 'areaAboveField', Params: { area: 1, fieldArea: 0.5 } }, 'de'),
    ).toBe('Die Anbaufläche (1,00 ha) darf nicht größer sein als die Schlagfläche (0,50 ha).');
  });
});
