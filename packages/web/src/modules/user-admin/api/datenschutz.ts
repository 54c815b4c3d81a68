import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatenschutzInput, PrivacyPaper } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';
import { userAdminKeys } from './keys';

/** The retention settings (defaults while none are saved) and the retention jobs' last runs. */
export function useDatenschutz() {
  return useQuery({
    queryKey: userAdminKeys.datenschutz,
    queryFn: () => call(userAdminCalls.getDatenschutz, {}),
  });
}

/** Saves the retention settings; the page shows them as saved. */
export function useSaveDatenschutz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: DatenschutzInput) => call(userAdminCalls.saveDatenschutz, { data }),
    onSuccess: (reply) => queryClient.setQueryData(userAdminKeys.datenschutz, reply),
  });
}

/** A compliance paper (privacy notice, record of processing, TOM, deletion concept, AVV): made on the server, downloaded. */
export async function downloadPrivacyPaper(paper: PrivacyPaper): Promise<void> {
  const reply = await call(userAdminCalls.datenschutzPapier, { data: paper });
  await downloadStoredFile(reply.file, reply.name);
}
