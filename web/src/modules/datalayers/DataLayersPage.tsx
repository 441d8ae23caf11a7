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
import { Region } from '@headland/domain/region';
import { isMasterOrHigher, resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { availableBasemaps, pickBasemap } from '../../map/basemaps/basemapCatalogue.ts';
import {
  canTrackLocation,
  isMobileDevice,
  userSeesTrackingInfo,
} from '../../map/geolocation/geolocationAvailability.ts';
import { rememberHoldingExtent, rememberedHoldingExtent } from '../../map/holdingExtentMemory.ts';
import type { ContextMenuRequest } from '../../map/interactions/ContextMenuTrigger.ts';
import { croppingOf, fieldOf } from '../../map/layers/fieldFeatures.ts';
import { readMapConfig } from '../../map/mapConfig.ts';
import { useCanEditFields } from '../fields/fieldsQueries.ts';
import { BoundaryEditPanel, type BoundaryEditTarget } from './BoundaryEditPanel.tsx';
import { describeMapFeature } from './describeMapFeature.ts';
import { LocationTracking } from './LocationTracking.tsx';
import { MapContextMenu, type MapContextAction } from './MapContextMenu.tsx';
import { MapOptionsPanel } from './MapOptionsPanel.tsx';
import { MarginPanel } from './MarginPanel.tsx';
import { PlaceSearch } from './PlaceSearch.tsx';
import { ToolsPanel } from './ToolsPanel.tsx';
import { useFieldMap } from './useFieldMap.ts';
import { PictureLayerView } from '../documents/map/PictureLayerView.tsx';
import { DataLayerView } from './layers/DataLayerView.tsx';
import { useMapFieldList } from './useMapFieldList.ts';
import { useMapLayerSettings } from './useMapLayerSettings.ts';
import { CustomBasemapsDialog } from './basemaps/CustomBasemapsDialog.tsx';
import { useCustomBasemaps } from './basemaps/basemapsQueries.ts';
import { translatedServerCropName } from '../../i18n/cropNames.ts';
import { formatArea as areaText } from '../../i18n/numberFormat.ts';

interface ContextMenuState {
  x: number;
  y: number;
  fieldId: number | null;
  fieldName: string | null;
  /** The version the field was read at, which an edit of its boundary saves against. */
  fieldVersion: number | undefined;
  /** The cropping under the pointer, when the menu was opened over the cropping layer. */
  cropping: { croppingId: number; cropName: string; version: number } | null;
}

/** The one tool that owns the map's pointer at a time, besides panning and zooming. */
type ActiveTool =
  | { kind: 'measure' }
  | { kind: 'boundary'; target: BoundaryEditTarget }
  | { kind: 'margin'; fieldId: number; fieldName: string }
  | null;

const mapConfig = readMapConfig();

function boundaryEditKey(target: BoundaryEditTarget): string {
  if (target.kind === 'edit') return `edit-${target.fieldId}`;
  if (target.kind === 'cropping') return `cropping-${target.croppingId}`;
  return 'create';
}

/** The holding's country as searches name it, for the region suffix of place searches. */
const regionCountries: Readonly<Record<number, string>> = {
  [Region.England]: 'England',
  [Region.Scotland]: 'Scotland',
  [Region.Wales]: 'Wales',
};

/**
 * The Map layers module (/datalayers): the holding's fields and croppings of the open year on a map, with the
 * map options, tools, place search, context menu, boundary editing and the margin picker around it.
 */
export function DataLayersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useAppSession();
  const fieldsQuery = useMapFieldList();
  const canEditFields = useCanEditFields();
  // Map-layer readers without the fields area (the Access role) see the map but have no field pages.
  const canReadFields = session.permissions.fields.read;
  const { settings, canSetLabelOptions, change } = useMapLayerSettings();
  const targetRef = useRef<HTMLDivElement>(null);
  const [basemapUnavailable, setBasemapUnavailable] = useState(false);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [contextMenu, setContextMenu] = useState<ContextMenuState | null>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const [activeTool, setActiveTool] = useState<ActiveTool>(null);
  const [managingBasemaps, setManagingBasemaps] = useState(false);
  // §6: Master users and above see the holding's custom base maps, and manage them.
  const master = isMasterOrHigher(resolveRole(session.selection.Role));
  const customBasemaps = useCustomBasemaps(master);
  const mapsKey = session.start.BingMaps.Key ?? mapConfig.mapsKey;
  const nationalGrid = session.brand.srid === 27700;
  const debug = session.user.Properties.Debug === true;
  const trackingAllowed = canTrackLocation({
    brandAllows: session.brand.features.mapGeolocation,
    debug,
    mobile: isMobileDevice({ matchMedia: window.matchMedia?.bind(window), userAgent: navigator.userAgent }),
    geolocationSupported: 'geolocation' in navigator,
  });

  const labelCropName = useCallback(
    (cropId: number, serverName: string) => translatedServerCropName(t, cropId, serverName),
    [t],
  );
  const formatArea = useCallback(
    (hectares: number) => t('map.units.hectares', { value: areaText(hectares, i18n.language) }),
    [t, i18n.language],
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
        const cropping = request.feature ? croppingOf(request.feature) : undefined;
        setContextMenu({
          x: request.pixel[0] ?? 0,
          y: request.pixel[1] ?? 0,
          fieldId: field?.FieldId ?? null,
          fieldName: field?.Name ?? null,
          fieldVersion: field?.Version,
          cropping: cropping
            ? {
                croppingId: cropping.CroppingId,
                cropName: translatedServerCropName(t, cropping.CropId, cropping.Crop.Name),
                version: cropping.Version,
              }
            : null,
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
        customBasemaps: customBasemaps.data ?? session.selection.CustomBasemaps,
        osmTileUrl: mapConfig.basemapTileUrl,
        pSorptionTileUrl: mapConfig.pSorptionTileUrl,
      }),
    [mapsKey, session.selection, session.holding.Region, customBasemaps.data],
  );
  const basemap = pickBasemap(basemaps, settings.basemap);

  const holdingId = session.holding.HoldingId;
  // Before the fields: the view and base map of the holding as last seen, while the list is on its way.
  useEffect(() => {
    const remembered = rememberedHoldingExtent(holdingId);
    if (fieldMap && remembered) fieldMap.previewExtent(remembered);
  }, [fieldMap, holdingId]);

  useEffect(() => {
    if (!fieldMap) return;
    fieldMap.setFields(fieldsQuery.data ?? []);
    const extent = fieldsQuery.data ? fieldMap.holdingExtent() : null;
    if (extent) rememberHoldingExtent(holdingId, extent);
  }, [fieldMap, fieldsQuery.data, holdingId]);

  useEffect(() => {
    fieldMap?.setLayerSettings(settings);
  }, [fieldMap, settings]);

  useEffect(() => {
    fieldMap?.croppings.update({ formatArea, cropName: labelCropName });
    fieldMap?.fields.update({ formatArea });
  }, [fieldMap, formatArea, labelCropName]);

  useEffect(() => {
    fieldMap?.setBasemap(basemap, settings.basemapVisible);
  }, [fieldMap, basemap, settings.basemapVisible]);

  const contextActions: MapContextAction[] = [];
  if (contextMenu?.fieldId != null) {
    const fieldId = contextMenu.fieldId;
    const fieldName = contextMenu.fieldName ?? '';
    const version = contextMenu.fieldVersion;
    contextActions.push(
      { id: 'zoom', label: t('map.contextMenu.zoomToField'), onSelect: () => fieldMap?.zoomToField(fieldId) },
      {
        id: 'edit',
        label: t('map.contextMenu.editBoundary'),
        disabled: !canEditFields,
        onSelect: () =>
          setActiveTool({ kind: 'boundary', target: { kind: 'edit', fieldId, fieldName, version } }),
      },
      ...(contextMenu.cropping
        ? [
            {
              id: 'editCropping',
              label: t('map.contextMenu.editCroppingBoundary', { crop: contextMenu.cropping.cropName }),
              disabled: !canEditFields,
              onSelect: () =>
                setActiveTool({
                  kind: 'boundary',
                  target: { kind: 'cropping', ...contextMenu.cropping!, fieldName },
                }),
            },
          ]
        : []),
      {
        id: 'margin',
        label: t('map.contextMenu.margin'),
        onSelect: () => setActiveTool({ kind: 'margin', fieldId, fieldName }),
      },
      ...(canReadFields
        ? [
            {
              id: 'details',
              label: t('map.contextMenu.fieldDetails'),
              onSelect: () => void navigate(`/fields/details/${fieldId}`),
            },
          ]
        : []),
    );
  } else if (contextMenu) {
    contextActions.push(
      {
        id: 'extent',
        label: t('map.contextMenu.holdingExtent'),
        onSelect: () => fieldMap?.fitHoldingExtent(),
      },
      {
        id: 'new',
        label: t('map.contextMenu.newField'),
        disabled: !canEditFields,
        onSelect: () => setActiveTool({ kind: 'boundary', target: { kind: 'create' } }),
      },
    );
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
      <div ref={targetRef} role="region" aria-label={t('map.region')} tabIndex={0} />
      {fieldMap && <PictureLayerView fieldMap={fieldMap} />}
      {fieldMap && <DataLayerView fieldMap={fieldMap} fields={fieldsQuery.data ?? []} />}

      {fieldsQuery.isPending && (
        <Paper
          pos="absolute"
          top={56}
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
        <Alert pos="absolute" top={56} left="50%" color="red" style={{ transform: 'translateX(-50%)' }}>
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

      <Group pos="absolute" top={8} left={48} gap="xs" align="flex-start">
        <PlaceSearch
          fieldMap={fieldMap}
          mapsKey={mapsKey}
          regionSuffix={regionCountries[session.holding.Region ?? 0] ?? null}
        />
        <Button
          size="xs"
          variant={activeTool?.kind === 'measure' ? 'filled' : 'white'}
          color="dark"
          aria-expanded={activeTool?.kind === 'measure'}
          onClick={() => setActiveTool((tool) => (tool?.kind === 'measure' ? null : { kind: 'measure' }))}
        >
          {t('map.tools.button')}
        </Button>
        {canEditFields && (
          <Button
            size="xs"
            variant="white"
            color="dark"
            disabled={activeTool?.kind === 'boundary'}
            onClick={() => setActiveTool({ kind: 'boundary', target: { kind: 'create' } })}
          >
            {t('map.edit.newField')}
          </Button>
        )}
        {trackingAllowed && fieldMap && (
          <LocationTracking fieldMap={fieldMap} showInfo={userSeesTrackingInfo(session.user.Properties)} />
        )}
      </Group>

      {fieldMap && activeTool && (
        <Box pos="absolute" top={48} right={56}>
          {activeTool.kind === 'measure' && (
            <ToolsPanel fieldMap={fieldMap} nationalGrid={nationalGrid} onClose={() => setActiveTool(null)} />
          )}
          {activeTool.kind === 'boundary' && (
            <BoundaryEditPanel
              // A new target starts a new editor.
              key={boundaryEditKey(activeTool.target)}
              fieldMap={fieldMap}
              target={activeTool.target}
              nationalGrid={nationalGrid}
              onDone={() => setActiveTool(null)}
            />
          )}
          {activeTool.kind === 'margin' && (
            <MarginPanel
              key={activeTool.fieldId}
              fieldMap={fieldMap}
              fieldId={activeTool.fieldId}
              fieldName={activeTool.fieldName}
              onClose={() => setActiveTool(null)}
            />
          )}
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
          onManageBasemaps={master ? () => setManagingBasemaps(true) : undefined}
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

      {managingBasemaps && (
        <CustomBasemapsDialog
          basemaps={customBasemaps.data ?? []}
          onClose={() => setManagingBasemaps(false)}
        />
      )}

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
