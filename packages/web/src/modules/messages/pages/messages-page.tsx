import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messagesPlaceholderText } from '@hortus/contract/modules/messages';
import { PageContainer } from '../../../platform/layout/page-container';

/** Module 120 is a placeholder view without behaviour. */
export function MessagesPage() {
  return (
    <PageContainer>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Nachrichten
        </Typography>
        <Typography>{messagesPlaceholderText}</Typography>
      </Paper>
    </PageContainer>
  );
}
