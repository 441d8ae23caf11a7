import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Divider, Group, Popover, Select, Stack, Switch, Text } from '@mantine/core';
import { CroppingStyleMode } from '@headland/domain/crops';
import { Region } from '@headland/domain/region';
import type { BasemapDefinition } from '../../map/basemaps/basemapCatalogue.ts';
import { croppingLabelKeys, type MapLayerSettings } from '../../map/settings/mapLayerSettings.ts';

export interface MapOptionsPanelProps {
  settings: MapLayerSettings;
  basemaps: readonly BasemapDefinition[];
  /** The base map shown (the saved one when it is still offered). */
  basemapId: string;
  canSetLabelOptions: boolean;
  regionId: number | null;
  onChange: (next: MapLayerSettings) => void;
  /** Given to Master users and above: opens the holding's custom base maps. */
  onManageBasemaps?: () => void;
}

const styleModes = Object.values(CroppingStyleMode);

/**
 * The 'Map options' popup at the bottom left of the map: base map and its visibility, the fields and croppings
 * layers, labels, and (for administrators) which texts cropping labels show and what croppings are coloured by.
 */
export function MapOptionsPanel({
  settings,
  basemaps,
  basemapId,
  canSetLabelOptions,
  regionId,
  onChange,
  onManageBasemaps,
}: MapOptionsPanelProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const basemapName = (basemap: BasemapDefinition) =>
    basemap.name ?? t(basemap.labelKey ?? 'map.basemaps.osm');
  const showLabels = settings.croppings.showLabels || settings.fields.showLabels;
  // The management options label follows the holding's scheme: AECS in Scotland, SFI elsewhere.
  const flagText = (key: (typeof croppingLabelKeys)[number]) =>
    key === 'sfiManagementOptions' && regionId === Region.Scotland
      ? t('map.labelFlags.aecsManagementOptions')
      : t(`map.labelFlags.${key}`);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top-start"
      offset={8}
      shadow="md"
      withinPortal={false}
      trapFocus={false}
      closeOnEscape
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
        >
          {t('map.options.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('map.options.title')} role="dialog" maw={320}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('map.options.title')}
          </Text>
          <Select
            label={t('map.options.basemap')}
            size="xs"
            data={basemaps.map((basemap) => ({ value: basemap.id, label: basemapName(basemap) }))}
            value={basemapId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={(value) => value && onChange({ ...settings, basemap: value })}
          />
          {onManageBasemaps && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-haspopup="dialog"
              onClick={() => {
                setOpened(false);
                onManageBasemaps();
              }}
            >
              {t('map.basemapForm.open')}
            </Button>
          )}
          <Switch
            size="xs"
            label={t('map.options.basemapVisible')}
            checked={settings.basemapVisible}
            onChange={(event) => onChange({ ...settings, basemapVisible: event.currentTarget.checked })}
          />
          <Divider label={t('map.options.layers')} labelPosition="left" />
          <Switch
            size="xs"
            label={t('map.options.fields')}
            checked={settings.fields.visible}
            onChange={(event) =>
              onChange({ ...settings, fields: { ...settings.fields, visible: event.currentTarget.checked } })
            }
          />
          <Switch
            size="xs"
            label={t('map.options.croppings')}
            checked={settings.croppings.visible}
            onChange={(event) =>
              onChange({
                ...settings,
                croppings: { ...settings.croppings, visible: event.currentTarget.checked },
              })
            }
          />
          <Switch
            size="xs"
            label={t('map.options.showLabels')}
            checked={showLabels}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              onChange({
                ...settings,
                fields: { ...settings.fields, showLabels: checked },
                croppings: { ...settings.croppings, showLabels: checked },
              });
            }}
          />
          <Divider label={t('map.options.labelOptions')} labelPosition="left" />
          {!canSetLabelOptions && (
            <Text size="xs" c="dimmed">
              {t('map.options.labelOptionsLocked')}
            </Text>
          )}
          <Select
            label={t('map.options.styleMode')}
            size="xs"
            disabled={!canSetLabelOptions}
            data={styleModes.map((mode) => ({ value: mode, label: t(`map.styleModes.${mode}`) }))}
            value={settings.croppings.croppingStyleMode}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={(value) =>
              value &&
              onChange({
                ...settings,
                croppings: { ...settings.croppings, croppingStyleMode: value as CroppingStyleMode },
              })
            }
          />
          <Stack gap={4}>
            {croppingLabelKeys.map((key) => (
              <Checkbox
                key={key}
                size="xs"
                label={flagText(key)}
                disabled={!canSetLabelOptions}
                checked={settings.croppings.croppingLabels[key]}
                onChange={(event) =>
                  onChange({
                    ...settings,
                    croppings: {
                      ...settings.croppings,
                      croppingLabels: {
                        ...settings.croppings.croppingLabels,
                        [key]: event.currentTarget.checked,
                      },
                    },
                  })
                }
              />
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('map.options.close')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
