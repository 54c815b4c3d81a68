import { lazy, Suspense, useCallback, useState } from 'react';
import { publicPageOf } from '@hortus/contract/login-route';
import { ErrorBoundary } from '../platform/error/error-boundary';
import { PageLoading } from '../platform/feedback/page-loading';
import { lazyExport } from '../platform/lazy/lazy-export';

// '/' loads only the login chunk; the router, the menu shell and the modules load when the app opens.
const LoginPage = lazyExport(() => import('../platform/login/login-page'), 'LoginPage');
const AppRouter = lazy(() => import('./router'));
// The public pages (/datenschutz, /barrierefreiheit) need neither a session nor the app.
const LegalPage = lazyExport(() => import('../platform/legal/legal-page'), 'LegalPage');

const isLoginPath = () => location.pathname === '/';

export function Root() {
  const [inApp, setInApp] = useState(() => !isLoginPath());
  const [publicPage] = useState(() => publicPageOf(location.pathname));

  const enterApp = useCallback((route: string) => {
    history.replaceState(null, '', route);
    setInApp(true);
  }, []);

  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        {publicPage ? <LegalPage page={publicPage} /> : inApp ? <AppRouter /> : <LoginPage onEnterApp={enterApp} />}
      </Suspense>
    </ErrorBoundary>
  );
}
