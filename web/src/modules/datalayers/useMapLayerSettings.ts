import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { saveSettingRequestSchema, saveSettingResponseSchema } from '@headland/domain/api/sessionApi';
import { isAdminOrHigher, resolveRole } from '@headland/domain/roles';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { isConflictError } from '../fields/serverMessages.ts';
import {
  effectiveMapLayerSettings,
  mapLayerSettingsKey,
  parseMapLayerSettings,
  type MapLayerSettings,
} from '../../map/settings/mapLayerSettings.ts';

const settingsQueryKey = (holdingId: number, userId: number) =>
  ['mapLayerSettings', holdingId, userId] as const;
/** The saved setting's Version: 0 when none was read, undefined to save over whatever is stored. */
const versionQueryKey = (holdingId: number, userId: number) =>
  ['mapLayerSettings', holdingId, userId, 'version'] as const;

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

  // The session's copy: the select-holding answer, not updated by saves.
  const [own] = useState(() =>
    selection.Settings.find(
      (setting) =>
        setting.Key === mapLayerSettingsKey &&
        setting.UserId === user.Id &&
        setting.HoldingId === holding.HoldingId,
    ),
  );
  const [saved, setSaved] = useState<MapLayerSettings>(() => {
    const cached = queryClient.getQueryData<MapLayerSettings>(settingsQueryKey(holding.HoldingId, user.Id));
    if (cached) return cached;
    return parseMapLayerSettings(own?.Value);
  });
  // Saves go one after another, each with the version the one before left, so that they never conflict with
  // each other; a save made meanwhile in another tab does.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Kept for the whole visit: without it the cache would drop them after five minutes unseen, and the next save
  // would send the session's old version and meet its own earlier save as a conflict.
  queryClient.setQueryDefaults(['mapLayerSettings'], { gcTime: Infinity });

  const change = useCallback(
    (next: MapLayerSettings) => {
      setSaved(next);
      const key = settingsQueryKey(holding.HoldingId, user.Id);
      const versionKey = versionQueryKey(holding.HoldingId, user.Id);
      queryClient.setQueryData(key, next);
      if (queryClient.getQueryData(versionKey) === undefined) {
        // The version the select-holding answer gave, or 0: none was saved yet.
        queryClient.setQueryData(versionKey, { version: own?.Version ?? 0 });
      }
      queue.current = queue.current.then(async () => {
        const known = queryClient.getQueryData<{ version: number | undefined }>(versionKey);
        try {
          const answer = await api.post('/api/service/settings/save', {
            body: {
              UserId: user.Id,
              HoldingId: holding.HoldingId,
              Key: mapLayerSettingsKey,
              Value: JSON.stringify(next),
              Version: known?.version,
            } satisfies z.input<typeof saveSettingRequestSchema>,
            schema: saveSettingResponseSchema,
            spinner: false,
            // Only a conflict is told, in stop mode: the choice was made in another tab meanwhile (§8).
            errorDialog: 'conflicts',
            conflictMode: 'stop',
          });
          queryClient.setQueryData(versionKey, { version: answer.Version });
        } catch (error) {
          // The user has been told of the other tab's choice; the next change here is saved over it.
          if (isConflictError(error)) queryClient.setQueryData(versionKey, { version: undefined });
          // A choice that could not be saved otherwise still applies for this visit: not worth interrupting.
        }
      });
    },
    [api, queryClient, user.Id, holding.HoldingId, own],
  );

  const settings = useMemo(
    () => effectiveMapLayerSettings(saved, canSetLabelOptions),
    [saved, canSetLabelOptions],
  );
  return { settings, canSetLabelOptions, change };
}
