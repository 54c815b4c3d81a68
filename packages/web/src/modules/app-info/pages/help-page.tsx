import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { appInfoProvider } from '@hortus/contract/modules/app-info';
import { PageContainer } from '../../../platform/layout/page-container';

export function HelpPage() {
  return (
    <PageContainer>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Hilfe
        </Typography>
        <Typography>{appInfoProvider.helpPlaceholder}</Typography>
      </Paper>
    </PageContainer>
  );
}
