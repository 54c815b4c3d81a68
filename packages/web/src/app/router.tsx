import { lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { useRefreshSettingsAfterPageLoad } from '../platform/api/get-settings';
import { PersistedQueries } from './persisted-queries';

const AppShell = lazy(() => import('./app-shell'));

/** Going back to '/' inside the app reloads the page, which opens the login route (or the start route). */
function LeaveApp() {
  useEffect(() => {
    location.reload();
  }, []);
  return null;
}

function RefreshSettings() {
  useRefreshSettingsAfterPageLoad();
  return null;
}

/**
 * The service worker (offline shell, push) is registered once the app opens, not on the login route:
 * whoever has logged in once has it for every page of the app, the login screen included.
 */
function ServiceWorker() {
  useEffect(() => {
    if (import.meta.env.PROD) {
      void import('./register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
    }
  }, []);
  return null;
}

export default function AppRouter() {
  return (
    <PersistedQueries>
      <RefreshSettings />
      <ServiceWorker />
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<LeaveApp />} />
          <Route path="*" element={<AppShell />} />
        </Routes>
      </BrowserRouter>
    </PersistedQueries>
  );
}
