import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import { messages, type SessionUser } from '@hortus/contract';
import { passwordNoticeDue, PASSWORD_NOTICE_DELAY_MS, PASSWORD_NOTICE_DURATION_MS } from './password-notice-rules';

/** Whether this page session has shown (or scheduled) the notice: it appears once after login or reload. */
let scheduledThisPage = false;

/**
 * The welcome notice for a user who still has the start password of a group with forcePwReset and holds
 * the account right x|010: 1 s after the app shell first mounts, for 100 s, with a link to /010-010.
 */
export function PasswordNotice({ user }: { user: SessionUser }) {
  const due = passwordNoticeDue(user);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!due || scheduledThisPage) return;
    scheduledThisPage = true;
    const timer = setTimeout(() => setOpen(true), PASSWORD_NOTICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      // Unmounted before it showed (e.g. StrictMode's test mount): the next mount schedules it again.
      scheduledThisPage = false;
    };
  }, [due]);

  useEffect(() => {
    if (!due) setOpen(false);
  }, [due]);

  return (
    <Snackbar
      open={open}
      autoHideDuration={PASSWORD_NOTICE_DURATION_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // Below the app bar: on a phone the full-width notice covered the menu button for 100 s (issue 47).
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        severity="warning"
        variant="filled"
        onClose={() => setOpen(false)}
        data-testid="password-notice"
        // White on the filled warning orange is 3.1:1; black text reaches AA (Lighthouse on /210, issue 21).
        sx={{ color: 'common.black' }}
      >
        {messages.welcomeNotice}{' '}
        <Link
          component={RouterLink}
          to="/010-010"
          color="inherit"
          sx={{ fontWeight: 700 }}
          onClick={() => setOpen(false)}
        >
          {messages.welcomeNoticeLink}
        </Link>
      </Alert>
    </Snackbar>
  );
}
