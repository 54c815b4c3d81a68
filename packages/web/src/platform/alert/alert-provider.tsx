import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { AlertContext, type AlertAction, type AlertApi, type AlertSeverity } from './alert-context';

/** Alert display time (core.md section 9). */
export const ALERT_DURATION_MS = 4_000;

interface AlertState {
  key: number;
  message: string;
  severity: AlertSeverity;
  durationMs: number;
  action?: AlertAction;
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback(
    (message: string, severity: AlertSeverity = 'info', durationMs = ALERT_DURATION_MS, action?: AlertAction) => {
      setAlert({ key: Date.now(), message, severity, durationMs, ...(action ? { action } : {}) });
      setOpen(true);
    },
    [],
  );

  const api = useMemo<AlertApi>(
    () => ({
      show,
      success: (message) => show(message, 'success'),
      error: (message) => show(message, 'error'),
    }),
    [show],
  );

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Snackbar
        key={alert?.key}
        open={open && alert !== null}
        autoHideDuration={alert?.durationMs ?? ALERT_DURATION_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={alert?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
          // An action replaces the close button (the message closes by itself, or with the action).
          {...(alert?.action && {
            action: (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setOpen(false);
                  alert.action?.onClick();
                }}
                sx={{ fontWeight: 700 }}
              >
                {alert.action.label}
              </Button>
            ),
          })}
          data-testid="alert"
          sx={{ width: '100%', whiteSpace: 'pre-line' }}
        >
          {alert?.message}
        </Alert>
      </Snackbar>
    </AlertContext.Provider>
  );
}
