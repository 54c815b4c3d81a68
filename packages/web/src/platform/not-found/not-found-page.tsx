import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract';

/** The not-found text; `inShell` when the main layout already gives the page its <main>. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  return (
    <Box component={inShell ? 'div' : 'main'} sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {messages.notFound}
      </Typography>
      <Typography sx={{ mb: 3 }}>Die aufgerufene Adresse gibt es in dieser App nicht.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Zur Startseite
      </Button>
    </Box>
  );
}
