import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { brandIdSchema, type BrandId } from '@headland/domain/brands';
import { parseHelpVideoIds, type HelpVideoIds } from '@headland/domain/helpLinks';
import { parseSealingKey, sealingKeyAdvice } from './modules/apps/sealing.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres:// URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** Forces one brand whatever the request host says. */
  brand?: BrandId;
  /** smtp:// or smtps:// URL for outgoing mail; without it mail goes to the local outbox. */
  smtpUrl?: string;
  /** Public address used in links inside e-mails. */
  publicUrl: string;
  /** Folder holding the built web app (web/dist). */
  webDist: string;
  /** Lifetime of an access token. */
  tokenTtlHours: number;
  logLevel: string;
  /** Key of the keyed basemap providers (aerial, Ordnance Survey, road map); null when none is configured. */
  bingMapsKey: string | null;
  /**
   * Whether the demo holdings and accounts are put into an empty database at start-up. Absent: yes for the
   * embedded database (the quick start), no for a DATABASE_URL one.
   */
  seedDemo?: boolean;
  /** Tile URL templates the web app was built with (VITE_BASEMAP_TILE_URL …), allowed by the page's CSP. */
  tileUrls?: string[];
  /**
   * Whether client addresses are read from X-Forwarded-For: false (the default) uses the connection's address;
   * true trusts every proxy; a comma-separated list of addresses or CIDR ranges trusts those proxies only.
   */
  trustProxy?: boolean | string;
  /** Folder of the document library's files; by default `<dataDir>-files`, beside the embedded database. */
  filesDir?: string;
  /**
   * An S3-compatible bucket for the document library instead of the folder, so that several servers share one
   * library: `https://KEY_ID:SECRET@host[:port]/bucket?region=eu-west-2` (path-style requests).
   */
  filesS3Url?: string;
  /** Key of the Ideal Postcodes address API; without it sign-up looks up post code districts only (offline). */
  addressApiKey?: string;
  /** Base address of the Ideal Postcodes API (tests point it at a local server). */
  addressApiUrl?: string;
  /**
   * Single sign-on: e-mail domains and the login link of their identity provider, as
   * `farm.example=https://idp.example/login?user={email}` pairs separated by spaces; `{email}` and `{invite}`
   * are filled in. Used only by brands with single sign-on.
   */
  ssoLoginLinks?: string;
  /** The help dialog's videos: the video host's id of each video item (HELP_VIDEOS); none by default. */
  helpVideos?: HelpVideoIds;
  /** CONNECTION_SEALING_KEY: the key that seals connected apps' tokens and passwords (32 bytes). */
  connectionSealingKey?: Buffer;
  /**
   * Whether the reference provider (the OmniaConnect app) runs inside this server under /reference-provider.
   * Absent: on wherever demo data is wanted (the quick start).
   */
  referenceProvider?: boolean;
  /** Where this server reaches the reference provider; by default PUBLIC_URL/reference-provider. */
  referenceProviderUrl?: string;
}

/** TRUST_PROXY: unset, empty, 'false' or '0' is off; 'true' or '1' is on; anything else lists proxies. */
export function trustProxyFromEnv(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|0|no|off)$/i.test(text)) return false;
  if (/^(true|1|yes|on)$/i.test(text)) return true;
  return text;
}

/**
 * Reads SSO_LOGIN_LINKS: `domain=link` pairs separated by white space, each link an http(s) address. Null when
 * any pair is not of that shape.
 */
export function parseSsoLoginLinks(value: string): Map<string, string> | null {
  const links = new Map<string, string>();
  for (const pair of value.trim().split(/\s+/).filter(Boolean)) {
    const match = /^([a-z0-9.-]+\.[a-z]{2,})=(https?:\/\/\S+)$/i.exec(pair);
    if (!match) return null;
    links.set(match[1]!.toLowerCase(), match[2]!);
  }
  return links;
}

/** A setting that cannot be used; the message names every wrong variable and what it must be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset variable and an empty one mean the same: the default. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

function urlWithProtocols(protocols: string[], what: string) {
  return optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${what}` },
  );
}

const whole = (min: number, max: number) =>
  optionalText.refine(
    (value) => value === undefined || (/^\d+$/.test(value) && +value >= min && +value <= max),
    {
      message: `must be a whole number from ${min} to ${max}`,
    },
  );

/** Every setting the server reads from its environment; README's Configuration table lists the same. */
const envSchema = z.object({
  PORT: whole(0, 65535),
  HOST: optionalText,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'a postgres:// URL'),
  DATA_DIR: optionalText,
  BRAND: optionalText.refine((value) => value === undefined || brandIdSchema.safeParse(value).success, {
    message: `must be one of ${brandIdSchema.options.join(', ')}`,
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL'),
  WEB_DIST: optionalText,
  TOKEN_TTL_HOURS: whole(1, 720),
  LOG_LEVEL: optionalText.refine(
    (value) => value === undefined || (logLevels as readonly string[]).includes(value),
    {
      message: `must be one of ${logLevels.join(', ')}`,
    },
  ),
  BING_MAPS_KEY: optionalText,
  SEED_DEMO: optionalText.refine((value) => value === undefined || value === 'true' || value === 'false', {
    message: 'must be true or false',
  }),
  VITE_BASEMAP_TILE_URL: urlWithProtocols(['http:', 'https:'], 'an http:// or https:// tile URL template'),
  VITE_P_SORPTION_TILE_URL: urlWithProtocols(['http:', 'https:'], 'an http:// or https:// tile URL template'),
  TRUST_PROXY: optionalText,
  FILES_DIR: optionalText,
  FILES_S3_URL: urlWithProtocols(
    ['http:', 'https:'],
    'an http:// or https:// URL of an S3-compatible bucket',
  ),
  ADDRESS_API_KEY: optionalText,
  ADDRESS_API_URL: urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL'),
  SSO_LOGIN_LINKS: optionalText.refine((value) => value === undefined || parseSsoLoginLinks(value) !== null, {
    message: 'must be domain=https://… pairs separated by spaces',
  }),
  HELP_VIDEOS: optionalText.superRefine((value, context) => {
    const parsed = parseHelpVideoIds(value ?? '');
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.problem });
  }),
  CONNECTION_SEALING_KEY: optionalText.refine(
    (value) => value === undefined || parseSealingKey(value) !== null,
    {
      message: `is not 32 bytes in base64. ${sealingKeyAdvice}`,
    },
  ),
  REFERENCE_PROVIDER: optionalText.refine(
    (value) => value === undefined || value === 'true' || value === 'false',
    {
      message: 'must be true or false',
    },
  ),
  REFERENCE_PROVIDER_URL: urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL'),
});

/**
 * Reads and checks the configuration. A wrong value stops the start with a ConfigError naming each wrong
 * variable, its value and what it must be, rather than running with a guess.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`The server's configuration is not valid:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  const port = settings.PORT === undefined ? 3000 : Number(settings.PORT);
  // A relative DATA_DIR means the folder where the command was typed (npm runs scripts in the workspace).
  const startedIn = env.INIT_CWD ?? process.cwd();
  const dataDir = settings.DATA_DIR ?? resolve(repoRoot, 'data');
  return {
    port,
    host: settings.HOST ?? '0.0.0.0',
    databaseUrl: settings.DATABASE_URL,
    dataDir: dataDir.startsWith('memory://') || isAbsolute(dataDir) ? dataDir : resolve(startedIn, dataDir),
    brand: settings.BRAND as BrandId | undefined,
    smtpUrl: settings.SMTP_URL,
    publicUrl: settings.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: settings.WEB_DIST ?? resolve(repoRoot, 'web', 'dist'),
    tokenTtlHours: settings.TOKEN_TTL_HOURS === undefined ? 12 : Number(settings.TOKEN_TTL_HOURS),
    logLevel: settings.LOG_LEVEL ?? 'info',
    bingMapsKey: settings.BING_MAPS_KEY ?? null,
    seedDemo: settings.SEED_DEMO === undefined ? undefined : settings.SEED_DEMO === 'true',
    tileUrls: [settings.VITE_BASEMAP_TILE_URL, settings.VITE_P_SORPTION_TILE_URL].filter(
      (url): url is string => url !== undefined,
    ),
    trustProxy: trustProxyFromEnv(settings.TRUST_PROXY),
    filesDir: settings.FILES_DIR,
    filesS3Url: settings.FILES_S3_URL,
    addressApiKey: settings.ADDRESS_API_KEY,
    addressApiUrl: settings.ADDRESS_API_URL,
    ssoLoginLinks: settings.SSO_LOGIN_LINKS,
    helpVideos: helpVideosOf(settings.HELP_VIDEOS),
    connectionSealingKey:
      settings.CONNECTION_SEALING_KEY === undefined
        ? undefined
        : (parseSealingKey(settings.CONNECTION_SEALING_KEY) ?? undefined),
    referenceProvider:
      settings.REFERENCE_PROVIDER === undefined ? undefined : settings.REFERENCE_PROVIDER === 'true',
    referenceProviderUrl: settings.REFERENCE_PROVIDER_URL,
  };
}

function helpVideosOf(setting: string | undefined): HelpVideoIds {
  const parsed = parseHelpVideoIds(setting ?? '');
  return parsed.ok ? parsed.videos : {};
}

/**
 * Whether this start may put the demo holdings and accounts into an empty database: on the embedded database
 * unless SEED_DEMO=false (the quick start relies on it), on a DATABASE_URL one only with SEED_DEMO=true.
 */
export function wantsDemoData(config: Pick<ServerConfig, 'seedDemo' | 'databaseUrl'>): boolean {
  return config.seedDemo ?? !config.databaseUrl;
}

/** Whether the reference provider runs: as configured, else wherever demo data is wanted. */
export function wantsReferenceProvider(
  config: Pick<ServerConfig, 'referenceProvider' | 'seedDemo' | 'databaseUrl'>,
): boolean {
  return config.referenceProvider ?? wantsDemoData(config);
}
