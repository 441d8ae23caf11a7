import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { resolveRole } from '@headland/domain/roles';
import { formatHectares } from '@headland/domain/units';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { availableBasemaps, pickBasemap } from '../../map/basemaps/basemapCatalogue.ts';
import type { ContextMenuRequest } from '../../map/interactions/ContextMenuTrigger.ts';
import { fieldOf } from '../../map/layers/fieldFeatures.ts';
import { readMapConfig } from '../../map/mapConfig.ts';
import { describeMapFeature } from './describeMapFeature.ts';
import { MapContextMenu, type MapContextAction } from './MapContextMenu.tsx';
import { MapOptionsPanel } from './MapOptionsPanel.tsx';
import { useFieldMap } from './useFieldMap.ts';
import { useMapFieldList } from './useMapFieldList.ts';
import { useMapLayerSettings } from './useMapLayerSettings.ts';
import { LocationTracking } from './LocationTracking.tsx';
import { PlaceSearch } from './PlaceSearch.tsx';
import { ToolsPanel } from './ToolsPanel.tsx';
import {
  canTrackLocation,
  canViewTrackingInfo,
  isMobileDevice,
} from '../../map/geolocation/geolocationAvailability.ts';
import { Region } from '@headland/domain/region';

interface ContextMenuState {
  x: number;
  y: number;
  fieldId: number | null;
  fieldName: string | null;
}

const mapConfig = readMapConfig();

/** The holding's country as searches name it, for the region suffix of place searches. */
const regionCountries: Readonly<Record<number, string>> = {
  [Region.England]: 'England',
  [Region.Scotland]: 'Scotland',
  [Region.Wales]: 'Wales',
};

/**
 * The Map layers module (/datalayers): the holding's fields and croppings of the open year on a map, with the
 * map options, tools, place search, context menu and boundary editing around it.
 */
export function DataLayersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useAppSession();
  const fieldsQuery = useMapFieldList();
  const { settings, canSetLabelOptions, change } = useMapLayerSettings();
  const targetRef = useRef<HTMLDivElement>(null);
  const [basemapUnavailable, setBasemapUnavailable] = useState(false);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [contextMenu, setContextMenu] = useState<ContextMenuState | null>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const [toolsOpen, setToolsOpen] = useState(false);
  const mapsKey = session.start.BingMaps.Key ?? mapConfig.mapsKey;
  const debug = session.user.Properties.Debug === true;
  const trackingAllowed = canTrackLocation({
    brandAllows: session.brand.features.mapGeolocation,
    debug,
    mobile: isMobileDevice({ matchMedia: window.matchMedia?.bind(window), userAgent: navigator.userAgent }),
    geolocationSupported: 'geolocation' in navigator,
  });

  const formatArea = useCallback(
    (hectares: number) => t('map.units.hectares', { value: formatHectares(hectares) }),
    [t],
  );

  const fieldMap = useFieldMap(
    targetRef,
    {
      zoomIn: t('map.controls.zoomIn'),
      zoomOut: t('map.controls.zoomOut'),
      resetRotation: t('map.controls.resetRotation'),
      attributions: t('map.controls.attributions'),
      holdingExtent: t('map.controls.holdingExtent'),
    },
    {
      describeFeature: (feature) => describeMapFeature(feature, session.yearId, t),
      formatArea,
      onContextMenu: (request: ContextMenuRequest) => {
        const field = request.feature ? fieldOf(request.feature) : undefined;
        setContextMenu({
          x: request.pixel[0] ?? 0,
          y: request.pixel[1] ?? 0,
          fieldId: field?.FieldId ?? null,
          fieldName: field?.Name ?? null,
        });
      },
      onSelectionChange: (ids) => setSelectedCount(ids.size),
      onBasemapUnavailable: () => setBasemapUnavailable(true),
    },
  );

  const basemaps = useMemo(
    () =>
      availableBasemaps({
        mapsKey,
        role: resolveRole(session.selection.Role),
        regionId: session.holding.Region,
        customBasemaps: session.selection.CustomBasemaps,
        osmTileUrl: mapConfig.basemapTileUrl,
        pSorptionTileUrl: mapConfig.pSorptionTileUrl,
      }),
    [mapsKey, session.selection, session.holding.Region],
  );
  const basemap = pickBasemap(basemaps, settings.basemap);

  useEffect(() => {
    fieldMap?.setFields(fieldsQuery.data ?? []);
  }, [fieldMap, fieldsQuery.data]);

  useEffect(() => {
    fieldMap?.setLayerSettings(settings);
  }, [fieldMap, settings]);

  useEffect(() => {
    fieldMap?.croppings.update({ formatArea });
    fieldMap?.fields.update({ formatArea });
  }, [fieldMap, formatArea]);

  useEffect(() => {
    fieldMap?.setBasemap(basemap, settings.basemapVisible);
  }, [fieldMap, basemap, settings.basemapVisible]);

  const contextActions: MapContextAction[] = [];
  if (contextMenu?.fieldId != null) {
    const fieldId = contextMenu.fieldId;
    contextActions.push(
      { id: 'zoom', label: t('map.contextMenu.zoomToField'), onSelect: () => fieldMap?.zoomToField(fieldId) },
      {
        id: 'details',
        label: t('map.contextMenu.fieldDetails'),
        onSelect: () => void navigate(`/fields/details/${fieldId}`),
      },
    );
  } else if (contextMenu) {
    contextActions.push({
      id: 'extent',
      label: t('map.contextMenu.holdingExtent'),
      onSelect: () => fieldMap?.fitHoldingExtent(),
    });
  }

  return (
    <Box
      pos="relative"
      mih={420}
      h="calc(100dvh - var(--app-shell-header-offset, 56px) - 2 * var(--mantine-spacing-md))"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <VisuallyHidden>
        <h2>{t('map.title')}</h2>
      </VisuallyHidden>
      <div ref={targetRef} role="region" aria-label={t('map.region')} data-testid="field-map" tabIndex={0} />

      {fieldsQuery.isPending && (
        <Paper
          pos="absolute"
          top={12}
          left="50%"
          px="sm"
          py={6}
          shadow="sm"
          style={{ transform: 'translateX(-50%)' }}
        >
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('map.loading')}</Text>
          </Group>
        </Paper>
      )}
      {fieldsQuery.isError && (
        <Alert pos="absolute" top={12} left="50%" color="red" style={{ transform: 'translateX(-50%)' }}>
          <Group gap="sm">
            <Text size="sm">{t('map.loadError')}</Text>
            <Button size="compact-xs" variant="light" onClick={() => void fieldsQuery.refetch()}>
              {t('map.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {basemapUnavailable && !noticeDismissed && settings.basemapVisible && (
        <Paper
          role="status"
          pos="absolute"
          bottom={40}
          left="50%"
          maw={420}
          px="sm"
          py={6}
          shadow="sm"
          withBorder
          style={{ transform: 'translateX(-50%)' }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs">{t('map.basemapUnavailable')}</Text>
            <CloseButton size="sm" aria-label={t('map.dismiss')} onClick={() => setNoticeDismissed(true)} />
          </Group>
        </Paper>
      )}

      <Group
        pos="absolute"
        top={8}
        left={48}
        right={56}
        gap="xs"
        align="flex-start"
        style={{ pointerEvents: 'none' }}
      >
        <Group gap="xs" style={{ pointerEvents: 'auto' }}>
          <PlaceSearch
            fieldMap={fieldMap}
            mapsKey={mapsKey}
            regionSuffix={regionCountries[session.holding.Region ?? 0] ?? null}
          />
          <Button
            size="xs"
            variant={toolsOpen ? 'filled' : 'white'}
            color="dark"
            onClick={() => setToolsOpen((open) => !open)}
            aria-expanded={toolsOpen}
          >
            {t('map.tools.button')}
          </Button>
          {trackingAllowed && fieldMap && (
            <LocationTracking
              fieldMap={fieldMap}
              showInfo={canViewTrackingInfo({ debug, geolocationInfo: false })}
            />
          )}
        </Group>
      </Group>
      {toolsOpen && fieldMap && (
        <Box pos="absolute" top={48} right={56}>
          <ToolsPanel
            fieldMap={fieldMap}
            nationalGrid={session.brand.srid === 27700}
            onClose={() => setToolsOpen(false)}
          />
        </Box>
      )}

      <Group pos="absolute" bottom={8} left={8} gap="xs">
        <MapOptionsPanel
          settings={settings}
          basemaps={basemaps}
          basemapId={basemap.id}
          canSetLabelOptions={canSetLabelOptions}
          regionId={session.holding.Region}
          onChange={change}
        />
        {selectedCount > 0 && (
          <Badge
            variant="white"
            color="dark"
            size="lg"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('map.selection.clear')}
                onClick={() => fieldMap?.selection.clear()}
              />
            }
          >
            {t('map.selection.count', { count: selectedCount })}
          </Badge>
        )}
      </Group>

      <MapContextMenu
        at={contextMenu}
        label={
          contextMenu?.fieldName
            ? t('map.contextMenu.label', { name: contextMenu.fieldName })
            : t('map.contextMenu.mapLabel')
        }
        actions={contextActions}
        onClose={() => setContextMenu(null)}
      />
    </Box>
  );
}
