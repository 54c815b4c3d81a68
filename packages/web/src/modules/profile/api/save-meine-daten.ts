import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls, type GetMeineDatenReply, type OwnValues } from '@hortus/contract/modules/profile';
import { call } from '../../../platform/api/client';
import { meineDatenQueryKey } from './get-meine-daten';

/** The own values and, opt-in, the preferred language for messages. */
export type OwnValuesPayload = OwnValues;

/** Saves the own parameter values; the reply is the fresh own data. */
export function saveMeineDaten(values: OwnValuesPayload): Promise<GetMeineDatenReply> {
  return call(profileCalls.saveMeineDaten, { data: values });
}

export function useSaveMeineDaten() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeineDaten,
    onSuccess: (reply) => queryClient.setQueryData(meineDatenQueryKey, reply),
  });
}
