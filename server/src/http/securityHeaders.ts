import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { helpVideoEmbedOrigin } from '@headland/domain/helpLinks';
import type { ServerConfig } from '../config.ts';

/** OpenLayers' OpenStreetMap tiles, the default base map. */
const openStreetMapTiles = 'https://tile.openstreetmap.org';
/** The keyed maps provider: its metadata and geocoder calls, and its tile servers (ecn.t0… and the like). */
const keyedMapsProvider = ['https://dev.virtualearth.net', 'https://*.virtualearth.net'];

/** The origin of a tile URL template (`https://tiles.example/{z}/{x}/{y}.png` → `https://tiles.example`). */
function templateOrigin(template: string): string | null {
  // Subdomain patterns such as {a-c} are not valid in a URL: allow every subdomain of the rest.
  const wildcarded = template.replace(/^(https?:\/\/)\{[^}]*\}\./, '$1wildcard-subdomain.');
  try {
    const url = new URL(wildcarded);
    return url.origin.replace('wildcard-subdomain.', '*.');
  } catch {
    return null;
  }
}

/** The page's Content-Security-Policy directives for this configuration. */
export function contentSecurityDirectives(config: ServerConfig): Record<string, string[]> {
  const tileHosts = [
    openStreetMapTiles,
    ...keyedMapsProvider,
    ...(config.tileUrls ?? []).flatMap((url) => templateOrigin(url) ?? []),
  ];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mantine writes its theme into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Any https image: the Master may add custom base maps from tile servers of their choice. Images run no code.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the live socket (ws:/wss: of the same host) too.
    'connect-src': ["'self'", ...new Set(tileHosts)],
    'worker-src': ["'self'", 'blob:'],
    // The help dialog plays tutorial videos in the video host's privacy-enhanced player; no other page frames.
    'frame-src': [helpVideoEmbedOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function isHttps(config: ServerConfig): boolean {
  return config.publicUrl.startsWith('https:');
}

/**
 * Security headers on every answer: the CSP above, nosniff, a referrer policy that still names the site to
 * tile servers (OpenStreetMap asks for it), no framing, and HSTS when the public address is https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The map's tiles come from other sites that send no Cross-Origin-Resource-Policy header.
    crossOriginEmbedderPolicy: false,
  });
}
