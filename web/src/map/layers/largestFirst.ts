import type { FeatureLike } from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';

/**
 * A render order that draws the largest geometries first, so that decluttering drops the labels of the smallest.
 * OpenLayers sorts every feature in view by it whenever it rebuilds a layer's drawing (each frame of a zoom), so
 * areas are kept per geometry and revision: computed inside the comparison, they cost more than the drawing at a
 * holding-wide view of thousands of fields.
 */
export function largestFirst(): (a: FeatureLike, b: FeatureLike) => number {
  const areas = new WeakMap<Geometry, { revision: number; area: number }>();
  const areaOf = (feature: FeatureLike): number => {
    const geometry = feature.getGeometry() as (Geometry & { getArea?: () => number }) | undefined;
    if (!geometry?.getArea) return 0;
    const revision = geometry.getRevision();
    const cached = areas.get(geometry);
    if (cached && cached.revision === revision) return cached.area;
    const area = geometry.getArea();
    areas.set(geometry, { revision, area });
    return area;
  };
  return (a, b) => areaOf(b) - areaOf(a);
}
