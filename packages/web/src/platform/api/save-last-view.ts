import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformCalls } from '@hortus/contract';
import { call } from './client';
import { settingsQueryKey } from './get-settings';

/** Remembers the last visited route (e.g. '/999-100') in the session. */
export function saveLastView(view: string): Promise<unknown> {
  return call(platformCalls.saveLastView, { query: 'lastView', data: view });
}

/** Saves the last view, then reloads the settings. Failures are silent (the offline flag shows them). */
export function useSaveLastView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLastView,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
