import { useEffect } from 'react';
import { Navigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSettings } from '../api/get-settings';
import { logout, endSession } from '../api/logout';
import { selectStartRoute } from '../navigation/start-route';
import { OfflineBanner } from '../offline/offline-banner';

/** '/' with a stored session: open the last view (or the first menu link) without the login form. */
export function StartRedirect() {
  const { data } = useSettings();
  const start = data ? selectStartRoute(data.lastView, data.mainmenu_links) : undefined;

  useEffect(() => {
    if (start !== null) return;
    void logout()
      .catch(() => undefined)
      .then(endSession);
  }, [start]);

  if (start) return <Navigate to={start} replace />;
  return (
    <>
      <OfflineBanner />
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Wird geladen…" />
      </Box>
    </>
  );
}
