import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages } from '@hortus/contract/messages';
import { Notice } from '../feedback/notice';
import { createStore } from '../store/create-store';
import { useOffline } from './offline-store';

/** Set by module pages whose banner can be dismissed ('verstanden'), e.g. modules 150 and 200 (school.md 2.1). */
const dismissibleStore = createStore(0);

/** A module page calls this while mounted: the offline banner then offers 'verstanden'. */
export function useDismissibleOfflineBanner(): void {
  useEffect(() => {
    dismissibleStore.set(dismissibleStore.get() + 1);
    return () => dismissibleStore.set(dismissibleStore.get() - 1);
  }, []);
}

export interface OfflineBannerProps {
  /**
   * The module's whole banner text where its specification words it as one sentence ('KEINE
   * NETZWERKVERBINDUNG. Die angezeigten Daten …'); its leading 'KEINE NETZWERKVERBINDUNG' is set bold.
   */
  text?: string;
}

export function OfflineBanner({ text }: OfflineBannerProps = {}) {
  const offline = useOffline();
  const isDismissible = dismissibleStore.useValue() > 0;
  const [isDismissed, setDismissed] = useState(false);
  // A new loss of the connection shows the full banner again.
  useEffect(() => {
    if (!offline) setDismissed(false);
  }, [offline]);
  if (!offline) return null;
  if (isDismissible && isDismissed) {
    return (
      <Box
        role="alert"
        aria-label={messages.offlineBanner}
        data-testid="offline-bar"
        sx={{ height: 4, bgcolor: 'error.main' }}
      />
    );
  }
  const head = messages.offlineBanner;
  return (
    <Notice severity="warning" title={text === undefined ? head : undefined} square data-testid="offline-banner">
      {text === undefined ? (
        messages.offlineHint
      ) : (
        <p style={{ margin: 0 }} data-testid="offline-banner-text">
          {text.startsWith(head) ? (
            <>
              <strong>{head}</strong>
              {text.slice(head.length)}
            </>
          ) : (
            text
          )}
        </p>
      )}
      {isDismissible && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" color="inherit" variant="outlined" onClick={() => setDismissed(true)}>
            verstanden
          </Button>
        </Box>
      )}
    </Notice>
  );
}
