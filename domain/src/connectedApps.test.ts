import { describe, expect, it } from 'vitest';
import {
  appName,
  AppStatus,
  brandOffersApp,
  ConnectionMode,
  ExternalApp,
  defaultFirstYear,
  emptyOrganisationsMessage,
  firstYearChoices,
  isConnectionInvalid,
  mayUpdateConnection,
} from './connectedApps.ts';
import { Role } from './roles.ts';

describe('connected apps', () => {
  it('numbers apps, statuses and modes as the spec does', () => {
    expect(ExternalApp).toEqual({
      OmniaConnect: 1,
      Dropbox: 100,
      iSoyl: 101,
      JohnDeere: 200,
      Claas: 210,
      FieldView: 220,
      Glgm: 301,
    });
    expect(AppStatus).toEqual({ Ok: 0, InvalidConnection: 1, InvalidOrganisation: 2 });
    expect(ConnectionMode).toEqual({ OAuth: 1, BasicAuth: 2 });
  });

  it('calls a connection invalid when not Ok, or Ok without a needed organisation', () => {
    const ok = { appId: ExternalApp.JohnDeere, status: AppStatus.Ok, organisationId: '7' };
    expect(isConnectionInvalid(ok)).toBe(false);
    expect(isConnectionInvalid({ ...ok, status: AppStatus.InvalidConnection })).toBe(true);
    expect(isConnectionInvalid({ ...ok, status: AppStatus.InvalidOrganisation })).toBe(true);
    expect(isConnectionInvalid({ ...ok, organisationId: null })).toBe(true);
    expect(
      isConnectionInvalid({ appId: ExternalApp.Dropbox, status: AppStatus.Ok, organisationId: null }),
    ).toBe(false);
  });

  it("offers an app in the brand's connection set, and the reference provider on every brand", () => {
    const fileStoreOnly = [ExternalApp.Dropbox];
    expect(brandOffersApp(ExternalApp.Dropbox, fileStoreOnly)).toBe(true);
    expect(brandOffersApp(ExternalApp.JohnDeere, fileStoreOnly)).toBe(false);
    expect(brandOffersApp(ExternalApp.OmniaConnect, [])).toBe(true);
  });

  it('names an app as its maker does, and an unknown id by its number', () => {
    expect(appName(ExternalApp.FieldView)).toBe('Climate FieldView');
    expect(appName(999)).toBe('#999');
  });

  it('lets the owner or Admin and above update a connection', () => {
    expect(mayUpdateConnection({ userId: 3, role: Role.Client }, 3)).toBe(true);
    expect(mayUpdateConnection({ userId: 4, role: Role.Client }, 3)).toBe(false);
    expect(mayUpdateConnection({ userId: 4, role: Role.Manager }, 3)).toBe(false);
    expect(mayUpdateConnection({ userId: 4, role: Role.Admin }, 3)).toBe(true);
    expect(mayUpdateConnection({ userId: 4, role: Role.Master }, 3)).toBe(true);
  });

  it('offers first years from 2010 to the latest holding year, the earliest by default', () => {
    expect(firstYearChoices([2019, 2026])).toEqual(Array.from({ length: 17 }, (_, i) => 2010 + i));
    expect(firstYearChoices([])).toEqual([2010]);
    expect(defaultFirstYear([2021, 2019, 2026])).toBe(2019);
    expect(defaultFirstYear([2004])).toBe(2010);
  });

  it('words an empty organisation list for the sync app apart', () => {
    expect(emptyOrganisationsMessage(ExternalApp.Glgm)).toBe('apps.noSitesSync');
    expect(emptyOrganisationsMessage(ExternalApp.JohnDeere)).toBe('apps.noSites');
  });
});
