import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ModuleDefinition } from '@hortus/contract';
import { AlertProvider } from '../platform/alert/alert-provider';
import { LoginNotice } from '../platform/session/login-notice';
import { useSettings } from '../platform/api/get-settings';
import { endSession, logout, useLogout } from '../platform/api/logout';
import { MainLayout } from '../platform/layout/main-layout';
import { ModulePage } from '../platform/module-page/module-page';
import type { ModuleLoader } from '../platform/module-page/web-module';
import { moduleAccess } from '../platform/navigation/start-route';
import { reloadCleared } from '../platform/navigation/reload-cleared';
import { useNavigationEffects } from '../platform/navigation/use-navigation-effects';
import { SettingsPending } from '../platform/feedback/settings-pending';
import { NotFoundPage } from '../platform/not-found/not-found-page';
import { PasswordNotice } from '../platform/password-notice/password-notice';
import { SavingProvider } from '../platform/saving/saving-provider';
import { applyOrgPrimary } from '../platform/theme/theme-stores';
import { UpdateNotice } from '../platform/update/update-notice';
import { lazyModule } from './module-outlet';

export interface LoggedInShellProps {
  definition: ModuleDefinition;
  loader: ModuleLoader;
  tabCode: string;
  pathname: string;
  search: string;
}

/** A module route of a logged-in user: menu rule, main layout, module page with the tab rules. */
export function LoggedInShell({ definition, loader, tabCode, pathname, search }: LoggedInShellProps) {
  const { data: settings, isError: settingsFailed, refetch: refetchSettings } = useSettings();
  const { mutate: logoutNow } = useLogout();
  useNavigationEffects(pathname, search);

  const primary = settings?.app_theme_color_primary;
  useEffect(() => {
    if (primary !== undefined) applyOrgPrimary(primary);
  }, [primary]);

  const access = settings ? moduleAccess(definition.code, settings.mainmenu_links) : null;
  const redirectTo = access?.kind === 'redirect' ? access.to : null;
  const mustLogout = access?.kind === 'logout';
  const queryClient = useQueryClient();
  useEffect(() => {
    // Not among the menu links: clear the local caches, then open the first menu link and reload the page.
    if (redirectTo !== null) void reloadCleared(queryClient, redirectTo);
  }, [redirectTo, queryClient]);
  useEffect(() => {
    if (mustLogout)
      void logout()
        .catch(() => undefined)
        .then(endSession);
  }, [mustLogout]);

  if (!settings || access?.kind !== 'allowed') {
    return <SettingsPending failed={!settings && settingsFailed} onRetry={() => void refetchSettings()} />;
  }

  const ModuleTabs = lazyModule(definition.code, loader);
  return (
    <AlertProvider>
      <SavingProvider>
        <MainLayout
          appTitle={settings.app_titel}
          userIdent={settings.user.ident}
          links={settings.mainmenu_links}
          activeModule={definition.code}
          offlineText={definition.offlineBanner}
          onLogout={() => logoutNow()}
        >
          <ModulePage
            definition={definition}
            tabCode={tabCode}
            search={search}
            rights={settings.user.rechte}
            appTitle={settings.app_titel}
            renderTab={(tab) => <ModuleTabs tabCode={tab.code} />}
          />
        </MainLayout>
        <UpdateNotice serverVersion={settings.app_api_version} />
        <PasswordNotice user={settings.user} />
        <LoginNotice />
      </SavingProvider>
    </AlertProvider>
  );
}

/**
 * An address that is no module route, for a logged-in user: the not-found page inside the main layout,
 * with the menu to go on from; without settings (not loaded, offline) the plain page.
 */
export function LoggedInNotFound() {
  const { data: settings } = useSettings();
  const { mutate: logoutNow } = useLogout();
  if (!settings) return <NotFoundPage />;
  return (
    <MainLayout
      appTitle={settings.app_titel}
      userIdent={settings.user.ident}
      links={settings.mainmenu_links}
      activeModule=""
      onLogout={() => logoutNow()}
    >
      <NotFoundPage inShell />
    </MainLayout>
  );
}
