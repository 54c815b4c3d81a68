import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract';
import { hydrantMessages, type HydrantData } from '@hortus/contract/modules/hydrants';
import { ApiError } from '../../../platform/api/errors';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { useHydrants } from '../api/hydrants';

/**
 * Renders its children with the loaded register, else the loading text or the spec's load failure; a
 * refusal of the register (no right 310|000, e.g. a holder of the settings right only) is 'Zugriff
 * verweigert' (business.md 2.6), not a network failure.
 */
export function WithHydrants({ children }: { children(data: HydrantData): ReactNode }) {
  const query = useHydrants();
  const data = useDataRenderedInSlices(query.data);
  if (data) return children(data);
  return (
    <PageContainer>
      {query.error instanceof ApiError && query.error.status === 'noRight' ? (
        <Typography data-testid="access-denied">{messages.accessDenied}</Typography>
      ) : query.isError ? (
        <Typography role="alert">{hydrantMessages.loadFailed}</Typography>
      ) : (
        <PageLoading text={hydrantMessages.loading} />
      )}
    </PageContainer>
  );
}
