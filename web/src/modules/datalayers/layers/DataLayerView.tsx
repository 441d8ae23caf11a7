import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import type { CreateLayerRequest, DataLayer, LayerZone } from '@headland/domain/api/layersApi';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { layerColourScale } from '@headland/domain/layers/colourScales';
import { showsLayerLabels } from '@headland/domain/layers/layerTree';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import type { FieldMap } from '../../../map/FieldMap.ts';
import { DataLayerSet } from '../../../map/layers/DataLayerSet.ts';
import { useApiClient } from '../../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../../shell/session/AppSessionContext.tsx';
import { CalculatedLayerDialog } from './CalculatedLayerDialog.tsx';
import { LayerImportDialog } from './LayerImportDialog.tsx';
import { LayerLegend, useLayerFormats, ZoneDetails } from './LayerLegend.tsx';
import { LayerTreeDialog } from './LayerTreeDialog.tsx';
import { layerZonesQuery, useCreateLayer, useLayerList } from './layersQueries.ts';
import type { NewLayerDraft } from './NewLayerActions.tsx';
import { ZoneEditorPanel } from './ZoneEditorPanel.tsx';
import { useLayerNames } from './useLayerNames.ts';

/** Data layers draw above the fields and croppings; each shown layer goes on top of those shown before. */
const dataLayerBaseZIndex = 10;
const defaultOpacity = 100;

export interface DataLayerViewProps {
  fieldMap: FieldMap;
  fields: readonly FieldResponse[];
  /** Called while the zone editor owns the map's pointer. */
  onEditingChange?: (editing: boolean) => void;
}

/**
 * The data layers of the map page: the 'Data layers' button and its layer tree dialog, the shown layers drawn on
 * the map (zones loaded on demand, with the loading overlay), the key legend with the opacity slider, the details
 * box for the zone under the pointer, and the requirement, application, import and zone editing screens.
 */
export function DataLayerView({ fieldMap, fields, onEditingChange }: DataLayerViewProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const holdingId = session.holding.HoldingId;
  const canWrite = session.permissions.mapLayers.write && !session.readOnly;
  const list = useLayerList();
  const layers = useMemo(() => list.data ?? [], [list.data]);
  const byId = useMemo(() => new Map(layers.map((layer) => [layer.DataLayerId, layer])), [layers]);
  const [treeOpened, setTreeOpened] = useState(false);
  const [visible, setVisible] = useState<readonly number[]>([]);
  const [opacities, setOpacities] = useState<ReadonlyMap<number, number>>(new Map());
  const [hovered, setHovered] = useState<{ layerId: number; zone: LayerZone } | null>(null);
  const [dialog, setDialog] = useState<'requirement' | 'application' | 'import' | null>(null);
  const [editingLayerId, setEditingLayerId] = useState<number | null>(null);
  const setRef = useRef<DataLayerSet | null>(null);
  const { formatNumber } = useLayerFormats();
  const createLayer = useCreateLayer();

  /** A new drawing (holding) or EC scan (field) is created empty, shown, and opened in the zone editor. */
  const handleCreateLayer = (draft: NewLayerDraft) => {
    const body: CreateLayerRequest =
      draft.kind === 'drawing'
        ? {
            TypeId: LayerTypeId.Drawing,
            Scope: MapScope.Holding,
            HoldingId: holdingId,
            Year: session.yearId,
            Name: draft.name,
          }
        : {
            TypeId: LayerTypeId.EcScan,
            Scope: MapScope.Field,
            HoldingId: holdingId,
            FieldId: draft.fieldId,
            Year: session.yearId,
            Name: draft.name,
            Unit: 'mS/m',
          };
    createLayer.mutate(body, {
      onSuccess: (layer) => {
        setTreeOpened(false);
        changeVisible([layer.DataLayerId], true);
        setEditingLayerId(layer.DataLayerId);
      },
    });
  };

  // Shown layers in stack order, the top one last: the one drawn above the others, which the legend describes and
  // its opacity and Edit zones act on.
  const shown = visible.filter((id) => byId.has(id));
  const shownLayers = shown
    .map((id) => byId.get(id))
    .filter((layer): layer is DataLayer => layer !== undefined);
  const names = useLayerNames(shownLayers, fields);
  const nameOf = (id: number) => names.get(id) ?? byId.get(id)?.Name ?? '';
  const zoneQueries = useQueries({
    queries: shown.map((id) => layerZonesQuery(api, holdingId, id)),
  });
  const opacityOf = (id: number) => opacities.get(id) ?? byId.get(id)?.Style?.Opacity ?? defaultOpacity;

  useEffect(() => {
    const created = new DataLayerSet({ map: fieldMap.map });
    setRef.current = created;
    const handleMove = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      const found = created.zoneAt(event.pixel);
      // A new state only when the zone under the pointer changes, not on every move.
      setHovered((current) =>
        current?.zone.DataLayerZoneId === found?.zone.DataLayerZoneId && current?.zone === found?.zone
          ? current
          : found,
      );
    };
    fieldMap.map.on('pointermove', handleMove);
    return () => {
      fieldMap.map.un('pointermove', handleMove);
      created.dispose();
      setRef.current = null;
    };
  }, [fieldMap]);

  // Draws the shown layers whose zones have arrived and removes the others.
  useEffect(() => {
    const set = setRef.current;
    if (!set) return;
    const wanted = new Set<number>();
    shown.forEach((id, index) => {
      const data = zoneQueries[index]?.data;
      const layer = data?.Layer ?? byId.get(id);
      if (!data || !layer) return;
      wanted.add(id);
      const opacity = opacityOf(id);
      set.show({
        layerId: id,
        zones: data.Zones,
        scale: layerColourScale(layer),
        opacity,
        showLabels: showsLayerLabels(layer.TypeId, opacity),
        showStroke: layer.ShowStroke,
        showZoneNumbers: layer.ShowZoneNumbers,
        labelOf: (zone) => zoneLabelText(zone, formatNumber),
        zIndex: dataLayerBaseZIndex + index,
      });
    });
    for (const id of set.shown()) if (!wanted.has(id)) set.hide(id);
    const target = fieldMap.map.getTargetElement();
    if (target) {
      target.dataset.dataLayers = String(set.shown().length);
      target.dataset.zoneLabels = String(set.labelledZoneCount());
    }
  });

  const loading = zoneQueries.some((query) => query.isPending);
  const failed = shown.filter((_, index) => zoneQueries[index]?.isError);

  const changeVisible = (ids: readonly number[], show: boolean) => {
    setVisible((current) => {
      const rest = current.filter((id) => !ids.includes(id));
      return show ? [...rest, ...ids] : rest;
    });
  };
  /** The legend's choice of layer brings it to the top of the stack: what it describes is what is drawn above. */
  const bringToTop = (id: number) =>
    setVisible((current) =>
      current.includes(id) ? [...current.filter((each) => each !== id), id] : current,
    );
  const changeOpacity = (id: number, opacity: number) =>
    setOpacities((current) => new Map(current).set(id, opacity));

  const legendLayer = shownLayers[shownLayers.length - 1];
  const hoveredLayer = hovered ? byId.get(hovered.layerId) : undefined;
  const editingLayer = editingLayerId !== null ? byId.get(editingLayerId) : undefined;

  useEffect(() => {
    onEditingChange?.(editingLayer !== undefined);
  }, [editingLayer, onEditingChange]);

  return (
    <>
      <Group pos="absolute" top={40} left={48} gap="xs">
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={() => setTreeOpened(true)}
          aria-haspopup="dialog"
        >
          {t('layers.button')}
        </Button>
        {canWrite && (
          <>
            <Button
              size="xs"
              variant="white"
              color="dark"
              onClick={() => setDialog('import')}
              aria-haspopup="dialog"
            >
              {t('layers.import.button')}
            </Button>
            <Button
              size="xs"
              variant="white"
              color="dark"
              onClick={() => setDialog('requirement')}
              aria-haspopup="dialog"
            >
              {t('layers.calculated.requirementButton')}
            </Button>
            <Button
              size="xs"
              variant="white"
              color="dark"
              onClick={() => setDialog('application')}
              aria-haspopup="dialog"
            >
              {t('layers.calculated.applicationButton')}
            </Button>
          </>
        )}
      </Group>

      {list.isError && (
        <Alert pos="absolute" top={96} left="50%" color="red" style={{ transform: 'translateX(-50%)' }}>
          {t('layers.tree.loadError')}
        </Alert>
      )}
      {failed.map((id) => (
        <Alert
          key={id}
          pos="absolute"
          top={96}
          left="50%"
          color="red"
          style={{ transform: 'translateX(-50%)' }}
        >
          {t('layers.zonesError', { name: nameOf(id) })}
        </Alert>
      ))}

      {loading && (
        <Box
          pos="absolute"
          inset={0}
          style={{ background: 'rgba(255,255,255,0.35)', display: 'grid', placeItems: 'center', zIndex: 5 }}
        >
          <Paper role="status" aria-label={t('layers.loadingZones')} px="md" py="sm" shadow="sm">
            <Group gap="sm">
              <Loader size="sm" />
              <Text fz="clamp(16px, 2vw, 40px)">{t('layers.loadingZones')}</Text>
            </Group>
          </Paper>
        </Box>
      )}

      <Stack pos="absolute" bottom={32} right={8} gap="xs" align="flex-end">
        {hovered && hoveredLayer && (
          <ZoneDetails layer={hoveredLayer} name={nameOf(hoveredLayer.DataLayerId)} zone={hovered.zone} />
        )}
        {legendLayer && (
          <LayerLegend
            layers={shownLayers}
            layer={legendLayer}
            nameOf={nameOf}
            scale={layerColourScale(legendLayer)}
            opacity={opacityOf(legendLayer.DataLayerId)}
            onLayerChange={bringToTop}
            onOpacityChange={(value) => changeOpacity(legendLayer.DataLayerId, value)}
            onClose={() => changeVisible([legendLayer.DataLayerId], false)}
          />
        )}
        {legendLayer && canWrite && !editingLayer && (
          <Button
            size="xs"
            variant="white"
            color="dark"
            onClick={() => setEditingLayerId(legendLayer.DataLayerId)}
          >
            {t('layers.editor.button')}
          </Button>
        )}
      </Stack>

      {editingLayer && (
        <Box pos="absolute" top={84} left={48}>
          <ZoneEditorPanel
            key={editingLayer.DataLayerId}
            fieldMap={fieldMap}
            layer={editingLayer}
            onClose={() => setEditingLayerId(null)}
          />
        </Box>
      )}

      <LayerTreeDialog
        opened={treeOpened}
        year={session.yearId}
        layers={layers}
        loading={list.isPending}
        fields={fields}
        visible={new Set(shown)}
        opacity={opacityOf}
        onVisibleChange={changeVisible}
        onOpacityChange={changeOpacity}
        onClose={() => setTreeOpened(false)}
        onCreateLayer={canWrite ? handleCreateLayer : undefined}
        creating={createLayer.isPending}
      />
      {(dialog === 'requirement' || dialog === 'application') && (
        <CalculatedLayerDialog
          kind={dialog}
          layers={layers}
          fields={fields}
          onClose={() => setDialog(null)}
          onCreated={(layer: DataLayer) => {
            setDialog(null);
            changeVisible([layer.DataLayerId], true);
          }}
        />
      )}
      {dialog === 'import' && (
        <LayerImportDialog
          fields={fields}
          onClose={() => setDialog(null)}
          onImported={(ids) => changeVisible(ids, true)}
        />
      )}
    </>
  );
}

/** A zone's map label: its own label, else its rate or value in the reader's number format. */
function zoneLabelText(zone: LayerZone, formatNumber: (value: number) => string): string {
  if (zone.Label) return zone.Label;
  const value = zone.ProductRate ?? zone.Value;
  return value === null ? '' : formatNumber(value);
}
