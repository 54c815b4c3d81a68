import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { okReply } from '@hortus/contract';
import { settingsQueryKey } from './get-settings';

/** Remembers the last visited route (e.g. '/999-100') in the session. */
export function saveLastView(view: string): Promise<unknown> {
  return call('/_api/settings/?func=saveSettings&query=lastView', { data: view }, okReply, {
    timeoutMs: 10_000,
  });
}

/** Saves the last view, then reloads the settings. Failures are silent (the offline flag shows them). */
export function useSaveLastView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLastView,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
