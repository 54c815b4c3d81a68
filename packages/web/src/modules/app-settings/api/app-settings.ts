import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appSettingsCalls, type AppSettingsData, type AppSettingsReply } from '@hortus/contract/modules/app-settings';
import { call } from '../../../platform/api/client';
import { settingsQueryKey } from '../../../platform/api/settings-key';

export const appSettingsQueryKey = ['appSettings'] as const;

/** Loads the app settings (no dataToSave). */
export function loadAppSettings(): Promise<AppSettingsReply> {
  return call(appSettingsCalls.getOrSaveSettings, {});
}

/** Saves the app settings; the reply carries the stored settings. */
export function saveAppSettings(data: AppSettingsData): Promise<AppSettingsReply> {
  return call(appSettingsCalls.getOrSaveSettings, { dataToSave: { type: 'saveSettings', data } });
}

export function useAppSettings() {
  return useQuery({ queryKey: appSettingsQueryKey, queryFn: loadAppSettings });
}

/** After a save the session settings reload, so title, menu and theme follow. */
export function useSaveAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppSettings,
    onSuccess: async (reply) => {
      queryClient.setQueryData(appSettingsQueryKey, reply);
      await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    },
  });
}
