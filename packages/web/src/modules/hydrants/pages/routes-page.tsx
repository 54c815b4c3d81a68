import Typography from '@mui/material/Typography';
import { hydrantMessages } from '@hortus/contract/modules/hydrants';
import { PageContainer } from '../../../platform/layout/page-container';

/** /310-010 Routen: a placeholder (business.md 2.2). */
export function RoutesPage() {
  return (
    <PageContainer>
      <Typography>{hydrantMessages.routesPlaceholder}</Typography>
    </PageContainer>
  );
}
