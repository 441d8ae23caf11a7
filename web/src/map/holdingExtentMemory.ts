import type { Extent } from 'ol/extent.js';

const keyOf = (holdingId: number) => `headland.map.holdingExtent.${holdingId}`;

function localStore(): Storage | null {
  try {
    return window.localStorage ?? null;
  } catch {
    // Access to storage itself can throw when the browser blocks it.
    return null;
  }
}

/**
 * Keeps the extent the map last fitted for a holding (EPSG:3857), so that the next time the map opens on it the
 * view and its base map tiles are there at once, while the fields list is still on its way.
 */
export function rememberHoldingExtent(holdingId: number, extent: Extent, storage = localStore()): void {
  try {
    storage?.setItem(keyOf(holdingId), JSON.stringify(extent));
  } catch {
    // A full or blocked storage only means the next map starts from the default extent.
  }
}

/** The holding's remembered extent, or null when there is none or it is not a usable extent. */
export function rememberedHoldingExtent(holdingId: number, storage = localStore()): Extent | null {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(keyOf(holdingId)) ?? 'null');
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  if (!value.every((each): each is number => typeof each === 'number' && Number.isFinite(each))) return null;
  const [minX, minY, maxX, maxY] = value;
  return minX! < maxX! && minY! < maxY! ? value : null;
}
