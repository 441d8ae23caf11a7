import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { FeatureLike } from 'ol/Feature.js';
import { toLonLat } from 'ol/proj.js';
import { FieldMap, type FieldMapTexts } from '../../map/FieldMap.ts';
import type { ContextMenuRequest } from '../../map/interactions/ContextMenuTrigger.ts';

export interface FieldMapCallbacks {
  describeFeature: (feature: FeatureLike) => readonly string[] | null;
  formatArea: (hectares: number) => string;
  onContextMenu: (request: ContextMenuRequest) => void;
  onSelectionChange: (fieldIds: ReadonlySet<number>) => void;
  onBasemapUnavailable: () => void;
}

/**
 * Creates the page's FieldMap in `targetRef` once it is mounted and disposes it on unmount. The callbacks are
 * read through a ref, so the map always calls the latest ones without being rebuilt. The map's state (centre,
 * zoom, rotation, features in view) is written to the target's data attributes after rendering, where browser tests
 * and diagnostics can read it without reaching into OpenLayers.
 */
export function useFieldMap(
  targetRef: RefObject<HTMLDivElement | null>,
  texts: FieldMapTexts,
  callbacks: FieldMapCallbacks,
): FieldMap | null {
  const [fieldMap, setFieldMap] = useState<FieldMap | null>(null);
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });
  const textsRef = useRef(texts);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const created = new FieldMap({
      target,
      texts: textsRef.current,
      describeFeature: (feature) => latest.current.describeFeature(feature),
      formatArea: (hectares) => latest.current.formatArea(hectares),
      onContextMenu: (request) => latest.current.onContextMenu(request),
      onSelectionChange: (ids) => latest.current.onSelectionChange(ids),
      onBasemapUnavailable: () => latest.current.onBasemapUnavailable(),
    });
    // Written shortly after the last frame rather than on every one: a pan draws sixty frames a second.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const describe = () => {
      const view = created.map.getView();
      const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]);
      const counts = created.featureCountInView();
      target.dataset.centerLon = (lon ?? 0).toFixed(5);
      target.dataset.centerLat = (lat ?? 0).toFixed(5);
      target.dataset.zoom = (view.getZoom() ?? 0).toFixed(2);
      // The view in its own projection (EPSG:3857), exact, so that a test can turn a lon/lat into a pixel.
      const [x = 0, y = 0] = view.getCenter() ?? [];
      target.dataset.centerX = String(x);
      target.dataset.centerY = String(y);
      target.dataset.resolution = String(view.getResolution() ?? 0);
      target.dataset.rotation = (view.getRotation() ?? 0).toFixed(4);
      target.dataset.fieldsInView = String(counts.fields);
      target.dataset.croppingsInView = String(counts.croppings);
      target.dataset.rendered = 'true';
    };
    const key = created.map.on('postrender', () => {
      clearTimeout(timer);
      timer = setTimeout(describe, 150);
    });
    setFieldMap(created);
    return () => {
      clearTimeout(timer);
      created.map.un('postrender', key.listener);
      created.dispose();
      setFieldMap(null);
    };
  }, [targetRef]);

  return fieldMap;
}
