import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Box,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import { withFormulaSubscripts } from '@headland/domain/layers/colourScales';
import {
  buildLayerDialogTree,
  buildSelectorTree,
  layerIdsUnder,
  nearestYearGroups,
  preselectYieldLayers,
  type TreeField,
  sliderOpacity,
  toggleSection,
  type NodeTitle,
  type TreeNode,
} from '@headland/domain/layers/layerTree';
import { NewLayerActions, type NewLayerDraft } from './NewLayerActions.tsx';
import { useLayerNames } from './useLayerNames.ts';

export interface LayerTreeDialogProps {
  opened: boolean;
  year: number;
  layers: readonly DataLayer[];
  /** The year's layers are still on their way. */
  loading?: boolean;
  /** The year's fields, which the 'By field' view groups layers by. */
  fields: readonly TreeField[];
  visible: ReadonlySet<number>;
  opacity: (layerId: number) => number;
  onVisibleChange: (layerIds: readonly number[], visible: boolean) => void;
  onOpacityChange: (layerId: number, opacity: number) => void;
  onClose: () => void;
  /** Given only to users who may write map layers: the "New drawing" and "New EC scan layer" actions. */
  onCreateLayer?: (draft: NewLayerDraft) => void;
  /** A new layer is being created. */
  creating?: boolean;
}

/** A node's title in words: a translated fixed title, or the farm's own name; formulas get subscripts. */
export function useNodeTitle(): (title: NodeTitle) => string {
  const { t } = useTranslation();
  return (title) => withFormulaSubscripts('text' in title ? title.text : t(title.key, title.params ?? {}));
}

/**
 * The layer tree dialog (§2): groups, then subgroups, then layer types, then the year's layers, each layer with
 * its visible toggle and an options section (its opacity) that, when expanded, turns the layer on (§4).
 */
export function LayerTreeDialog({
  opened,
  year,
  layers,
  loading = false,
  fields,
  visible,
  opacity,
  onVisibleChange,
  onOpacityChange,
  onClose,
  onCreateLayer,
  creating = false,
}: LayerTreeDialogProps) {
  const { t } = useTranslation();
  const titleOf = useNodeTitle();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [expandedLayers, setExpandedLayers] = useState<ReadonlySet<number>>(new Set());
  const [view, setView] = useState<'type' | 'field'>('type');
  const [allYears, setAllYears] = useState<ReadonlySet<string>>(new Set());
  // By type, layers of several fields read alike but for their field, which their names then carry; by field,
  // each layer already sits under its field.
  const namesByType = useLayerNames(layers, fields, true);
  const namesByField = useLayerNames(layers, fields, false);
  const named = useMemo(() => {
    const names = view === 'type' ? namesByType : namesByField;
    return layers.map((layer) => ({ ...layer, Name: names.get(layer.DataLayerId) ?? layer.Name }));
  }, [layers, view, namesByType, namesByField]);
  const tree = view === 'type' ? buildLayerDialogTree(named) : buildSelectorTree(named, fields);

  /** §4: a yield or biomass type first shows its 5 nearest years (1 for biomass); 'Show all years' shows the rest. */
  const yearsShown = (node: TreeNode): { children: TreeNode[]; hidden: boolean } => {
    const kind =
      node.typeId === LayerTypeId.Yield ? 'yield' : node.typeId === LayerTypeId.Biomass ? 'biomass' : null;
    if (kind === null || node.children.some((child) => child.kind !== 'year') || allYears.has(node.key)) {
      return { children: node.children, hidden: false };
    }
    const years = node.children.map((child) => Number((child.title as { text: string }).text));
    const nearest = new Set(nearestYearGroups(years, year, kind));
    const children = node.children.filter((_, index) => nearest.has(years[index]!));
    return { children, hidden: children.length < node.children.length };
  };

  const toggleCollapsed = (key: string) =>
    setCollapsed((keys) => {
      const next = new Set(keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const toggleLayerSection = (layerId: number) => {
    const state = toggleSection({ expanded: expandedLayers.has(layerId), visible: visible.has(layerId) });
    setExpandedLayers((ids) => {
      const next = new Set(ids);
      if (state.expanded) next.add(layerId);
      else next.delete(layerId);
      return next;
    });
    if (state.visible && !visible.has(layerId)) onVisibleChange([layerId], true);
  };

  const renderNode = (node: TreeNode, depth: number) => {
    const name = titleOf(node.title);
    if (node.layerId !== undefined) {
      const layerId = node.layerId;
      const expanded = expandedLayers.has(layerId);
      return (
        <Box key={node.key} pl={depth * 16}>
          <Group gap={4} wrap="nowrap">
            <Checkbox
              size="xs"
              label={name}
              aria-label={t('layers.tree.visible', { name })}
              checked={visible.has(layerId)}
              onChange={(event) => onVisibleChange([layerId], event.currentTarget.checked)}
            />
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={t('layers.tree.expand', { name })}
              aria-expanded={expanded}
              onClick={() => toggleLayerSection(layerId)}
            >
              {expanded ? '▾' : '▸'}
            </ActionIcon>
          </Group>
          {expanded && (
            <Box pl={28} pr="sm" pb="xs">
              <Text size="xs" id={`opacity-${layerId}`}>
                {t('layers.legend.opacity')}
              </Text>
              <Slider
                size="xs"
                min={0}
                max={100}
                step={1}
                value={opacity(layerId)}
                label={(value) => `${value} %`}
                thumbLabel={`${t('layers.legend.opacity')} ${name}`}
                onChange={(value) => onOpacityChange(layerId, sliderOpacity(value))}
              />
            </Box>
          )}
        </Box>
      );
    }
    const isCollapsed = collapsed.has(node.key);
    const shownChildren = yearsShown(node);
    const ids = layerIdsUnder(node);
    const shownCount = ids.filter((id) => visible.has(id)).length;
    return (
      <Box key={node.key} pl={depth * 16} role="group" aria-label={name}>
        <Group gap={4} wrap="nowrap">
          <UnstyledButton
            aria-expanded={!isCollapsed}
            onClick={() => toggleCollapsed(node.key)}
            fz="sm"
            fw={node.kind === 'group' ? 700 : 600}
          >
            {isCollapsed ? '▸' : '▾'} {name}
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {shownCount > 0 ? `${shownCount}/${ids.length}` : ids.length}
          </Text>
        </Group>
        {!isCollapsed && node.kind === 'type' && node.typeId === LayerTypeId.Yield && (
          <Box pl={(depth + 1) * 16}>
            <UnstyledButton
              fz="xs"
              td="underline"
              onClick={() =>
                onVisibleChange(
                  preselectYieldLayers(
                    layers.filter((layer) => ids.includes(layer.DataLayerId)),
                    year,
                  ),
                  true,
                )
              }
            >
              {t('layers.tree.preselectYield')}
            </UnstyledButton>
          </Box>
        )}
        {!isCollapsed && shownChildren.children.map((child) => renderNode(child, depth + 1))}
        {!isCollapsed && shownChildren.hidden && (
          <Box pl={(depth + 1) * 16}>
            <UnstyledButton
              fz="xs"
              td="underline"
              onClick={() => setAllYears((keys) => new Set(keys).add(node.key))}
            >
              {t('layers.tree.showAllYears')}
            </UnstyledButton>
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('layers.tree.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('map.close') }}
    >
      <Stack gap={4}>
        <SegmentedControl
          size="xs"
          aria-label={t('layers.tree.view')}
          value={view}
          data={[
            { value: 'type', label: t('layers.tree.byType') },
            { value: 'field', label: t('layers.tree.byField') },
          ]}
          onChange={(value) => setView(value as 'type' | 'field')}
        />
        {loading ? (
          <Text size="sm" role="status">
            {t('layers.tree.loading')}
          </Text>
        ) : tree.length === 0 ? (
          <Text size="sm">{t('layers.tree.empty', { year })}</Text>
        ) : (
          tree.map((node) => renderNode(node, 0))
        )}
        {onCreateLayer && <NewLayerActions fields={fields} pending={creating} onCreate={onCreateLayer} />}
      </Stack>
    </Modal>
  );
}
