import { useEffect, useRef } from 'react';
import { useSaveLastView } from '../api/save-last-view';
import { rememberFeature } from './feature-store';
import { featureCode } from './start-route';

/**
 * After each navigation: remember the feature code and, when coming from a page other than the login,
 * save the last view in the session and reload the settings. The first page after login or after a
 * reload counts as coming from the login.
 */
export function useNavigationEffects(pathname: string, search: string): void {
  const previous = useRef<string | null>(null);
  const { mutate: saveLastView } = useSaveLastView();

  useEffect(() => {
    const route = pathname + search;
    rememberFeature(featureCode(pathname));
    const from = previous.current;
    previous.current = route;
    if (from !== null && from !== '/' && from !== route) saveLastView(route);
  }, [pathname, search, saveLastView]);
}
