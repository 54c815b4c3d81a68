import { useLocation } from 'react-router';
import { findModule, parseModulePath } from '@hortus/contract';
import { RedirectToLogin } from '../platform/login/redirect-to-login';
import { NotFoundPage } from '../platform/not-found/not-found-page';
import { hasSession } from '../platform/session/storage';
import { LoggedInNotFound, LoggedInShell } from './logged-in-shell';
import { webModules } from './modules';

/** Every route except '/': a module route of the web registry, or the not-found page (with the menu when logged in). */
export default function AppShell() {
  const { pathname, search } = useLocation();
  const parsed = parseModulePath(pathname);
  const definition = parsed ? findModule(parsed.moduleCode) : undefined;
  const loader = parsed ? webModules[parsed.moduleCode] : undefined;

  if (!parsed || !definition || !loader) return hasSession() ? <LoggedInNotFound /> : <NotFoundPage />;
  if (!hasSession()) return <RedirectToLogin route={pathname + search} />;
  return (
    <LoggedInShell
      definition={definition}
      loader={loader}
      tabCode={parsed.tabCode}
      pathname={pathname}
      search={search}
    />
  );
}
