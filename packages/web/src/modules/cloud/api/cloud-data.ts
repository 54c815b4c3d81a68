import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLOUD_TIMEOUT_MS,
  cloudLoadReply,
  cloudPaths,
  cloudSaveReply,
  type CloudData,
  type CloudDataToSave,
} from '@hortus/contract';
import { call } from '../../../platform/api/client';

export const cloudKeys = { all: ['cloud'] as const, data: ['cloud', 'data'] as const };

/** The empty getOrSaveSettings call: the slots the user may see and the module settings. */
export async function getCloudData(): Promise<CloudData> {
  const reply = await call(cloudPaths.getOrSaveSettings, {}, cloudLoadReply, { timeoutMs: CLOUD_TIMEOUT_MS });
  return reply.save;
}

export const cloudDataQueryOptions = () => queryOptions({ queryKey: cloudKeys.data, queryFn: getCloudData });

export function useCloudData() {
  return useQuery(cloudDataQueryOptions());
}

type SaveAction = Extract<CloudDataToSave, { type: 'editslot' | 'delslot' | 'settings' }>;

/** The save action (editslot, delslot, settings): the reply carries the reloaded data. */
export async function saveCloud(action: SaveAction): Promise<{ save: CloudData; id: number | undefined }> {
  const reply = await call(cloudPaths.getOrSaveSettings, { dataToSave: JSON.stringify(action) }, cloudSaveReply, {
    timeoutMs: CLOUD_TIMEOUT_MS,
  });
  return { save: reply.save, id: reply.id };
}

export function useSaveCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCloud,
    onSuccess: (result) => queryClient.setQueryData(cloudKeys.data, result.save),
  });
}
