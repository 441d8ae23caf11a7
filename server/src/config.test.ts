import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  ConfigError,
  configFromEnv,
  parseSsoLoginLinks,
  wantsDemoData,
  wantsReferenceProvider,
} from './config.ts';

describe('configFromEnv', () => {
  it('gives the defaults of an empty environment', () => {
    const config = configFromEnv({ INIT_CWD: '/srv/headland' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      tokenTtlHours: 12,
      logLevel: 'info',
      bingMapsKey: null,
      tileUrls: [],
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads every setting it is given', () => {
    const config = configFromEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/headland',
      DATA_DIR: 'store',
      INIT_CWD: '/srv/headland',
      BRAND: 'second',
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      PUBLIC_URL: 'https://farm.example',
      TOKEN_TTL_HOURS: '24',
      LOG_LEVEL: 'warn',
      BING_MAPS_KEY: 'key',
      SEED_DEMO: 'true',
      VITE_BASEMAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/headland',
      dataDir: '/srv/headland/store',
      brand: 'second',
      smtpUrl: 'smtps://user:secret@mail.example:465',
      publicUrl: 'https://farm.example',
      tokenTtlHours: 24,
      logLevel: 'warn',
      bingMapsKey: 'key',
      seedDemo: true,
      tileUrls: ['https://tiles.example/{z}/{x}/{y}.png'],
    });
  });

  it('treats an empty variable as unset', () => {
    expect(configFromEnv({ PORT: '', BRAND: '', DATABASE_URL: '' })).toMatchObject({ port: 3000 });
  });

  it.each([
    ['BRAND', 'fourth', 'BRAND="fourth": must be one of main, second, third'],
    ['PORT', 'abc', 'PORT="abc": must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT="70000": must be a whole number from 0 to 65535'],
    ['TOKEN_TTL_HOURS', '0', 'TOKEN_TTL_HOURS="0": must be a whole number from 1 to 720'],
    ['TOKEN_TTL_HOURS', '12h', 'TOKEN_TTL_HOURS="12h": must be a whole number from 1 to 720'],
    ['DATABASE_URL', 'mysql://db/headland', 'DATABASE_URL="mysql://db/headland": must be a postgres:// URL'],
    ['PUBLIC_URL', 'farm.example', 'PUBLIC_URL="farm.example": must be an http:// or https:// URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL="loud": must be one of'],
    ['SEED_DEMO', 'yes', 'SEED_DEMO="yes": must be true or false'],
    ['ADDRESS_API_URL', 'api.example', 'ADDRESS_API_URL="api.example": must be an http:// or https:// URL'],
    ['SSO_LOGIN_LINKS', 'estate.example', 'SSO_LOGIN_LINKS="estate.example": must be domain=https://'],
    ['HELP_VIDEOS', 'mapLayers=short', 'HELP_VIDEOS="mapLayers=short": "short" is not a video id'],
    [
      'HELP_VIDEOS',
      'intro=hD3kQm7pLw2',
      'HELP_VIDEOS="intro=hD3kQm7pLw2": "intro=hD3kQm7pLw2" does not name',
    ],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });

  it('reads the help videos, and has none without the setting', () => {
    expect(configFromEnv({ HELP_VIDEOS: 'mapLayers=Lm4yZ9bWc6s' }).helpVideos).toEqual({
      mapLayers: 'Lm4yZ9bWc6s',
    });
    expect(configFromEnv({}).helpVideos).toEqual({});
  });

  it('reads the address lookup and single sign-on settings', () => {
    const config = configFromEnv({
      ADDRESS_API_KEY: 'ak_test',
      ADDRESS_API_URL: 'http://127.0.0.1:9999',
      SSO_LOGIN_LINKS:
        'estate.example=https://idp.example/login?u={email} farm.example=https://sso.farm.example/',
    });
    expect(config).toMatchObject({ addressApiKey: 'ak_test', addressApiUrl: 'http://127.0.0.1:9999' });
    expect(parseSsoLoginLinks(config.ssoLoginLinks ?? '')).toEqual(
      new Map([
        ['estate.example', 'https://idp.example/login?u={email}'],
        ['farm.example', 'https://sso.farm.example/'],
      ]),
    );
  });

  it('names every wrong setting at once', () => {
    expect(() => configFromEnv({ PORT: '-1', BRAND: 'x' })).toThrow(/PORT="-1".*\n.*BRAND="x"/);
  });
});

describe('wantsDemoData', () => {
  it('seeds the embedded database unless told not to', () => {
    expect(wantsDemoData(configFromEnv({}))).toBe(true);
    expect(wantsDemoData(configFromEnv({ SEED_DEMO: 'false' }))).toBe(false);
  });

  it('never seeds a DATABASE_URL database unless SEED_DEMO=true', () => {
    expect(wantsDemoData(configFromEnv({ DATABASE_URL: 'postgres://db/headland' }))).toBe(false);
    expect(wantsDemoData(configFromEnv({ DATABASE_URL: 'postgres://db/headland', SEED_DEMO: 'true' }))).toBe(
      true,
    );
  });
});

describe('connected apps settings', () => {
  it('reads the sealing key and refuses one that is not 32 bytes, saying how to make one', () => {
    const key = randomBytes(32);
    expect(
      configFromEnv({ CONNECTION_SEALING_KEY: key.toString('base64') }).connectionSealingKey?.equals(key),
    ).toBe(true);
    expect(configFromEnv({}).connectionSealingKey).toBeUndefined();
    expect(() => configFromEnv({ CONNECTION_SEALING_KEY: 'short' })).toThrow(ConfigError);
    expect(() => configFromEnv({ CONNECTION_SEALING_KEY: 'short' })).toThrow(/openssl rand -base64 32/);
  });

  it('runs the reference provider where demo data is wanted, unless told otherwise', () => {
    expect(wantsReferenceProvider(configFromEnv({}))).toBe(true);
    expect(wantsReferenceProvider(configFromEnv({ DATABASE_URL: 'postgres://db/headland' }))).toBe(false);
    expect(
      wantsReferenceProvider(
        configFromEnv({ DATABASE_URL: 'postgres://db/headland', REFERENCE_PROVIDER: 'true' }),
      ),
    ).toBe(true);
    expect(wantsReferenceProvider(configFromEnv({ REFERENCE_PROVIDER: 'false' }))).toBe(false);
    expect(() => configFromEnv({ REFERENCE_PROVIDER: 'yes' })).toThrow(/REFERENCE_PROVIDER/);
  });
});
