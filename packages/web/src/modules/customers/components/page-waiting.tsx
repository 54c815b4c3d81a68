import Typography from '@mui/material/Typography';
import { customerMessages } from '@hortus/contract/modules/customers';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';

/** A page of 410 before its data is there: 'Lade Daten... Bitte warten', or the failed load's message. */
export function PageWaiting({ failed }: { failed: boolean }) {
  return (
    <PageContainer>
      {failed ? (
        <Typography role="alert">{customerMessages.loadFailed}</Typography>
      ) : (
        <PageLoading text={customerMessages.loading} />
      )}
    </PageContainer>
  );
}
