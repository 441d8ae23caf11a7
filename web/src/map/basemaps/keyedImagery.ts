import XYZ from 'ol/source/XYZ.js';
import type { TileCoord } from 'ol/tilecoord.js';

/** The keyed maps provider's imagery sets behind the aerial, Ordnance Survey and road base maps. */
export const imagerySets = {
  aerial: 'Aerial',
  ordnanceSurvey: 'OrdnanceSurvey',
  road: 'RoadOnDemand',
} as const;
export type KeyedBasemapKind = keyof typeof imagerySets;

export function isKeyedBasemapKind(kind: string): kind is KeyedBasemapKind {
  return Object.hasOwn(imagerySets, kind);
}

const metadataUrl = 'https://dev.virtualearth.net/REST/v1/Imagery/Metadata/';

interface ImageryMetadata {
  copyright?: string;
  resourceSets?: { resources?: { imageUrl?: string; imageUrlSubdomains?: string[]; zoomMax?: number }[] }[];
}

/** The quadkey of a tile: its x and y bits interleaved from zoom 1 down, as the provider addresses tiles. */
export function quadKey(z: number, x: number, y: number): string {
  let key = '';
  for (let level = z; level > 0; level--) {
    const mask = 1 << (level - 1);
    let digit = 0;
    if ((x & mask) !== 0) digit += 1;
    if ((y & mask) !== 0) digit += 2;
    key += String(digit);
  }
  return key;
}

export interface KeyedImageryOptions {
  kind: KeyedBasemapKind;
  key: string;
  maxZoom: number;
  culture?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Asks the provider where its tiles are (one metadata call per base map) and answers a tile source for them.
 * Unlike OpenLayers' own source for this provider, a failed call rejects, so the map can say the base map is
 * unavailable instead of waiting for ever.
 */
export async function loadKeyedImagery(options: KeyedImageryOptions): Promise<XYZ> {
  const culture = options.culture ?? 'en-GB';
  const url =
    `${metadataUrl}${imagerySets[options.kind]}?uriScheme=https&include=ImageryProviders` +
    `&key=${encodeURIComponent(options.key)}&c=${culture}`;
  const response = await (options.fetch ?? fetch)(url, { signal: options.signal });
  if (!response.ok) throw new Error(`imagery metadata answered ${response.status}`);
  const metadata = (await response.json()) as ImageryMetadata;
  const resource = metadata.resourceSets?.[0]?.resources?.[0];
  if (!resource?.imageUrl) throw new Error('imagery metadata has no image URL');
  const template = resource.imageUrl.replace('{culture}', culture);
  const subdomains = resource.imageUrlSubdomains?.length ? resource.imageUrlSubdomains : [''];
  return new XYZ({
    maxZoom: Math.min(options.maxZoom, resource.zoomMax ?? options.maxZoom),
    crossOrigin: 'anonymous',
    attributions: metadata.copyright,
    tileUrlFunction: (tileCoord: TileCoord) => {
      const [z = 0, x = 0, y = 0] = tileCoord;
      const subdomain = subdomains[(x + y) % subdomains.length] ?? '';
      return template.replace('{subdomain}', subdomain).replace('{quadkey}', quadKey(z, x, y));
    },
  });
}
