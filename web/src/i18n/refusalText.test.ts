import { describe, expect, it } from 'vitest';
import { createI18n, createLoadedI18n } from './createI18n.ts';
import { refusalEntryText, refusalText } from './refusalText.ts';

describe('refusalText', () => {
  it('says a code of the catalogue with its parameters in the shown language', async () => {
    const refusal = {
      Code: 'userNotMember',
      Params: { userId: 7 },
      Message: 'User #7 is not a member of this holding.',
    };
    expect(refusalText(createI18n('en'), refusal)).toBe('User #7 is not a member of this holding.');
    expect(refusalText(await createLoadedI18n('fr'), refusal)).toBe(
      'L’utilisateur n° 7 n’est pas membre de cette exploitation.',
    );
  });

  it("keeps the server's words for a code it does not know", async () => {
    const french = await createLoadedI18n('fr');
    expect(refusalText(french, { Code: 'somethingNew', Message: 'Something new went wrong.' })).toBe(
      'Something new went wrong.',
    );
    expect(refusalText(french, { Message: 'No code at all.' })).toBe('No code at all.');
  });

  it("says a family's bare codes and a cropping problem's areas as the reader writes them", async () => {
    const german = await createLoadedI18n('de');
    expect(
      refusalEntryText(
        german,
        { Field: 'Area', Code: 'areaAboveField', Params: { area: 1, fieldArea: 0.5 } },
        {},
        'cropping',
      ),
    ).toBe('Die Anbaufläche (1,00 ha) darf nicht größer sein als die Schlagfläche (0,50 ha).');
    expect(
      refusalEntryText(german, { Field: 'Zones', Code: 'tooManyZones', Params: { max: 5 } }, {}, 'layers'),
    ).toMatch(/5/);
  });
});
