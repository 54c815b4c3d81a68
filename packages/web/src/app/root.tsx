import { lazy, Suspense, useCallback, useState } from 'react';
import { ErrorBoundary } from '../platform/error/error-boundary';
import { PageLoading } from '../platform/feedback/page-loading';
import { lazyExport } from '../platform/lazy/lazy-export';

// '/' loads only the login chunk; the router, the menu shell and the modules load when the app opens.
const LoginPage = lazyExport(() => import('../platform/login/login-page'), 'LoginPage');
const AppRouter = lazy(() => import('./router'));

const isLoginPath = () => location.pathname === '/';

export function Root() {
  const [inApp, setInApp] = useState(() => !isLoginPath());

  const enterApp = useCallback((route: string) => {
    history.replaceState(null, '', route);
    setInApp(true);
  }, []);

  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>{inApp ? <AppRouter /> : <LoginPage onEnterApp={enterApp} />}</Suspense>
    </ErrorBoundary>
  );
}
