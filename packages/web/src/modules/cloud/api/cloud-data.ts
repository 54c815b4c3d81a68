import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallReplyOutput } from '@hortus/contract';
import { cloudCalls, type CloudData, type CloudSave } from '@hortus/contract/modules/cloud';
import { call } from '../../../platform/api/client';
import { ApiError } from '../../../platform/api/errors';

export const cloudKeys = { all: ['cloud'] as const, data: ['cloud', 'data'] as const };

/** The reloaded data of a load, save or delete reply (an upload reply carries none). */
export function savedData(reply: CallReplyOutput<typeof cloudCalls.getOrSaveSettings>): {
  save: CloudData;
  id: number | undefined;
} {
  if (!('save' in reply)) throw new ApiError('error', 'Unerwartete Antwort des Servers.', 200);
  return { save: reply.save, id: reply.id };
}

/** The empty getOrSaveSettings call: the slots the user may see and the module settings. */
export async function getCloudData(): Promise<CloudData> {
  return savedData(await call(cloudCalls.getOrSaveSettings, {})).save;
}

export const cloudDataQueryOptions = () => queryOptions({ queryKey: cloudKeys.data, queryFn: getCloudData });

export function useCloudData() {
  return useQuery(cloudDataQueryOptions());
}

type SaveAction = Extract<CloudSave, { type: 'editslot' | 'delslot' | 'settings' }>;

/** The save action (editslot, delslot, settings): the reply carries the reloaded data. */
export async function saveCloud(action: SaveAction): Promise<{ save: CloudData; id: number | undefined }> {
  return savedData(await call(cloudCalls.getOrSaveSettings, { dataToSave: action }));
}

export function useSaveCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCloud,
    onSuccess: (result) => queryClient.setQueryData(cloudKeys.data, result.save),
  });
}
