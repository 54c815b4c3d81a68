import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../../platform/layout/page-container';

/** The calendar's placeholder tabs 'Tab 2' (110-100) and 'Tab 3' (110-200), without behaviour. */
export function placeholderPage(label: string) {
  return function PlaceholderPage() {
    return (
      <PageContainer>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {label}
          </Typography>
          <Typography color="text.secondary">Dieser Bereich des Kalenders ist noch ohne Inhalt.</Typography>
        </Paper>
      </PageContainer>
    );
  };
}
