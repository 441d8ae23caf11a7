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
  /**
   * Whether client addresses are read from X-Forwarded-For: false (the default) uses the connection's address;
   * true trusts every proxy; a comma-separated list of addresses or CIDR ranges trusts those proxies only.
   */
  trustProxy?: boolean | string;
}

/** TRUST_PROXY: unset, empty, 'false' or '0' is off; 'true' or '1' is on; anything else lists proxies. */
export function trustProxyFromEnv(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|0|no|off)$/i.test(text)) return false;
  if (/^(true|1|yes|on)$/i.test(text)) return true;
  return text;
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
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
  };
}
