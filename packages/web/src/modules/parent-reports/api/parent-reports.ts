import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  parentReportsCalls,
  type ParentReportsData,
  type ParentReportsReply,
  type ParentReportsSave,
} from '@hortus/contract/modules/parent-reports';
import { callWithVersion } from '../../../platform/query/versioned';
import { upload } from '../../../platform/api/upload';

/** The device cache key of module 210 (school.md 7.4: cached under f210). */
export const parentReportsKey = ['f210'] as const;

export async function getParentReports(held?: ParentReportsData): Promise<ParentReportsData> {
  return (await callWithVersion(parentReportsCalls.getSettings, {}, held)).save;
}

export function useParentReports() {
  return useQuery({
    queryKey: parentReportsKey,
    queryFn: ({ client }) => getParentReports(client.getQueryData<ParentReportsData>(parentReportsKey)),
  });
}

/** Every save answers the fresh data, which replaces the loaded data. */
export function useSaveParentReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: ParentReportsSave): Promise<ParentReportsReply> =>
      callWithVersion(parentReportsCalls.getSettings, { dataToSave }, queryClient.getQueryData(parentReportsKey)),
    onSuccess: (reply) => queryClient.setQueryData(parentReportsKey, reply.save),
  });
}

/**
 * School.md 4.11: after sending, wait until the version stamp differs from the one before (the reply of
 * the send normally already carries it; otherwise load again, a few times).
 */
export async function waitForNewVersion(reply: ParentReportsReply, before: number): Promise<ParentReportsData> {
  let data = reply.save;
  for (let attempt = 0; data.xtime <= before && attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    data = await getParentReports();
  }
  return data;
}

/** upload.php: files file1, file2, … → their paths for the report's `anhaenge`. */
export async function uploadReportFiles(files: readonly File[]) {
  const [file1, file2, file3, file4, file5] = files;
  return (await upload(parentReportsCalls.upload, {}, { file1, file2, file3, file4, file5 })).neuDokument;
}
