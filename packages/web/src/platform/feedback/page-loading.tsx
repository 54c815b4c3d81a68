import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface PageLoadingProps {
  /** A module's loading text where its specification words one ('Lade Daten... Bitte warten'). */
  text?: string;
}

export function PageLoading({ text }: PageLoadingProps = {}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, p: 6 }}>
      <CircularProgress aria-label={text ?? 'Wird geladen…'} />
      {text !== undefined && (
        <Typography color="text.secondary" data-testid="page-loading-text">
          {text}
        </Typography>
      )}
    </Box>
  );
}
