import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { messages } from '@hortus/contract';
import { useOffline } from './offline-store';

export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Alert severity="warning" data-testid="offline-banner" sx={{ borderRadius: 0 }}>
      <AlertTitle>{messages.offlineBanner}</AlertTitle>
      {messages.offlineHint}
    </Alert>
  );
}
