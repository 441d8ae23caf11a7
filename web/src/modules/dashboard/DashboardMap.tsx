import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FieldMap } from '../../map/FieldMap.ts';
import { defaultMapLayerSettings } from '../../map/settings/mapLayerSettings.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { formatArea } from '../../i18n/numberFormat.ts';
import { fieldListQuery } from '../fields/fieldsQueries.ts';

/** The overview shows shapes and colours only: names would not fit at this size. */
const overviewSettings = {
  ...defaultMapLayerSettings,
  fields: { ...defaultMapLayerSettings.fields, showLabels: false },
  croppings: { ...defaultMapLayerSettings.croppings, showLabels: false },
};

/**
 * A small map of the holding's fields coloured by crop, from the fields list the fields screens and the map share
 * (one cache entry, revalidated by its ETag). Pointer tools are off; a click opens the map screen. Loaded on its own,
 * so the cards show before the map code arrives.
 */
export function DashboardMap() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const api = useApiClient();
  const { holding, yearId } = useAppSession();
  const fields = useQuery({ ...fieldListQuery(api, holding.HoldingId, yearId), staleTime: Infinity });
  const targetRef = useRef<HTMLDivElement>(null);
  const [fieldMap, setFieldMap] = useState<FieldMap | null>(null);
  const open = useRef(() => navigate('/datalayers'));
  const language = useRef(i18n.language);
  useLayoutEffect(() => {
    open.current = () => navigate('/datalayers');
    language.current = i18n.language;
  });

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const created = new FieldMap({
      target,
      texts: {
        zoomIn: t('map.controls.zoomIn'),
        zoomOut: t('map.controls.zoomOut'),
        resetRotation: t('map.controls.resetRotation'),
        attributions: t('map.controls.attributions'),
        holdingExtent: t('map.controls.holdingExtent'),
      },
      describeFeature: () => null,
      formatArea: (hectares) => `${formatArea(hectares, language.current)} ha`,
    });
    created.setPointerTools(false);
    created.setLayerSettings(overviewSettings);
    const key = created.map.on('click', () => open.current());
    const rendered = created.map.on('rendercomplete', () => {
      target.dataset.rendered = 'true';
    });
    setFieldMap(created);
    return () => {
      created.map.un('click', key.listener);
      created.map.un('rendercomplete', rendered.listener);
      created.dispose();
      setFieldMap(null);
    };
    // The map is made once; its texts are those of the language it was opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (fieldMap && fields.data) {
      fieldMap.setFields(fields.data);
      targetRef.current!.dataset.fields = String(fields.data.filter((field) => field.Boundary).length);
    }
  }, [fieldMap, fields.data]);

  return (
    <div
      ref={targetRef}
      className="dashboard-map"
      style={{ height: 260, cursor: 'pointer', borderRadius: 4, overflow: 'hidden' }}
    />
  );
}
