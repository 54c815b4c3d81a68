import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { ErrorBoundary } from '../platform/error/error-boundary';

// The login route loads only the login chunk; the menu shell and the modules are separate chunks.
const LoginPage = lazy(() => import('../platform/login/login-page').then((m) => ({ default: m.LoginPage })));
const AppShell = lazy(() => import('./app-shell'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={<LinearProgress aria-label="Wird geladen…" />}>
          <Routes>
            <Route path="/" element={<LoginPage />} />
            <Route path="*" element={<AppShell />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
