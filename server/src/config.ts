import type { BrandId } from '@headland/domain/brands';

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
  /** Folder of the document library's files; by default `<dataDir>-files`, beside the embedded database. */
  filesDir?: string;
  /**
   * An S3-compatible bucket for the document library instead of the folder, so that several servers share one
   * library: `https://KEY_ID:SECRET@host[:port]/bucket?region=eu-west-2` (path-style requests).
   */
  filesS3Url?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    brand: (env.BRAND as BrandId | undefined) || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 12),
    logLevel: env.LOG_LEVEL ?? 'warn',
    bingMapsKey: env.BING_MAPS_KEY || null,
    filesDir: env.FILES_DIR || undefined,
    filesS3Url: env.FILES_S3_URL || undefined,
  };
}
