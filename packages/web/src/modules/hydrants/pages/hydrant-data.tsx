import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { hydrantMessages, type HydrantData } from '@hortus/contract/modules/hydrants';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { useHydrants } from '../api/hydrants';

/** Renders its children with the loaded register, else the loading text or the spec's load failure. */
export function WithHydrants({ children }: { children(data: HydrantData): ReactNode }) {
  const query = useHydrants();
  const data = useDataRenderedInSlices(query.data);
  if (data) return children(data);
  return (
    <PageContainer>
      {query.isError ? (
        <Typography role="alert">{hydrantMessages.loadFailed}</Typography>
      ) : (
        <PageLoading text={hydrantMessages.loading} />
      )}
    </PageContainer>
  );
}
