import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages } from '@hortus/contract/messages';
import { OfflineBanner } from '../offline/offline-banner';
import { Notice } from './notice';
import { PageLoading } from './page-loading';

export interface SettingsPendingProps {
  /** The settings could not be loaded and none are stored on the device (e.g. offline). */
  failed: boolean;
  onRetry(): void;
}

/** While the app has no settings yet: the spinner, or, when loading failed, a German message instead. */
export function SettingsPending({ failed, onRetry }: SettingsPendingProps) {
  return (
    <>
      <OfflineBanner />
      {failed ? (
        <Box sx={{ p: 3 }}>
          <Notice severity="error" data-testid="app-load-failed">
            {messages.appLoadFailed}
            <Box sx={{ mt: 1 }}>
              <Button size="small" color="inherit" variant="outlined" onClick={onRetry}>
                Erneut versuchen
              </Button>
            </Box>
          </Notice>
        </Box>
      ) : (
        <PageLoading />
      )}
    </>
  );
}
