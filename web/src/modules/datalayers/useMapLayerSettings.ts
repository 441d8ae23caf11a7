import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAdminOrHigher, resolveRole } from '@headland/domain/roles';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import {
  effectiveMapLayerSettings,
  mapLayerSettingsKey,
  parseMapLayerSettings,
  type MapLayerSettings,
} from '../../map/settings/mapLayerSettings.ts';

const settingsQueryKey = (holdingId: number, userId: number) =>
  ['mapLayerSettings', holdingId, userId] as const;

export interface MapLayerSettingsState {
  /** What the map shows: the saved choices, with the label options only administrators may change. */
  settings: MapLayerSettings;
  /** Only roles with id 2 or lower may set label flags and the style mode (§6). */
  canSetLabelOptions: boolean;
  change: (next: MapLayerSettings) => void;
}

/**
 * The user's map settings on the open holding. They start from the select-holding answer, are kept in the query
 * cache for the rest of the session (the session's copy is not updated by a save), and each change is saved per
 * user and holding in the background.
 */
export function useMapLayerSettings(): MapLayerSettingsState {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { user, holding, selection } = useAppSession();
  const canSetLabelOptions = isAdminOrHigher(resolveRole(selection.Role));

  const [saved, setSaved] = useState<MapLayerSettings>(() => {
    const cached = queryClient.getQueryData<MapLayerSettings>(settingsQueryKey(holding.HoldingId, user.Id));
    if (cached) return cached;
    const own = selection.Settings.find(
      (setting) =>
        setting.Key === mapLayerSettingsKey &&
        setting.UserId === user.Id &&
        setting.HoldingId === holding.HoldingId,
    );
    return parseMapLayerSettings(own?.Value);
  });

  const change = useCallback(
    (next: MapLayerSettings) => {
      setSaved(next);
      queryClient.setQueryData(settingsQueryKey(holding.HoldingId, user.Id), next);
      void api
        .post('/api/service/settings/save', {
          body: {
            UserId: user.Id,
            HoldingId: holding.HoldingId,
            Key: mapLayerSettingsKey,
            Value: JSON.stringify(next),
          },
          spinner: false,
          errorDialog: false,
        })
        // A choice that could not be saved still applies for this visit; it is not worth interrupting the user.
        .catch(() => undefined);
    },
    [api, queryClient, user.Id, holding.HoldingId],
  );

  const settings = useMemo(
    () => effectiveMapLayerSettings(saved, canSetLabelOptions),
    [saved, canSetLabelOptions],
  );
  return { settings, canSetLabelOptions, change };
}
