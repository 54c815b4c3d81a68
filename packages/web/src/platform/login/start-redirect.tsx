import { useEffect } from 'react';
import { useSettings } from '../api/get-settings';
import { endSession, logout } from '../api/logout';
import { SettingsPending } from '../feedback/settings-pending';
import { forgetDeepLink, readDeepLink, selectStartRoute } from '../navigation/start-route';

/** '/' with a stored session: open the last view (or the first menu link) without the login form. */
export function StartRedirect({ onEnterApp }: { onEnterApp(route: string): void }) {
  const { data, isError, refetch } = useSettings();
  // A deep link kept from before a login (e.g. logged in meanwhile in another tab) opens once.
  const deepLink = readDeepLink();
  const start = data ? selectStartRoute(data.lastView, data.mainmenu_links, deepLink) : undefined;

  useEffect(() => {
    if (start === undefined) return;
    forgetDeepLink();
    if (start !== null) {
      onEnterApp(start);
      return;
    }
    void logout()
      .catch(() => undefined)
      .then(endSession);
  }, [start, onEnterApp]);

  return <SettingsPending failed={!data && isError} onRetry={() => void refetch()} />;
}
