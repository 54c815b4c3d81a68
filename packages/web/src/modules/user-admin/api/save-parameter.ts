import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserParameter } from '@hortus/contract';
import { userAdminCalls, type SavedParameter } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { settingsQueryKey } from '../../../platform/api/settings-key';

/** Saves a parameter (id 0 = new; option ids ≤ 0 are new options) and returns the stored parameter. */
export async function saveParameter(parameter: SavedParameter): Promise<UserParameter> {
  const reply = await call(userAdminCalls.saveNutzerparameter, { data: parameter });
  return reply.nutzerparameter;
}

/** The parameter list comes from the settings: reload them after a save. */
export function useSaveParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
