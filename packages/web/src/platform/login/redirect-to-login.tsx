import { useEffect } from 'react';
import { rememberDeepLink } from '../navigation/deep-link';

/**
 * A module route opened without a session: keep it when it is a deep link (it opens after the login),
 * then open the login screen.
 */
export function RedirectToLogin({ route }: { route: string }) {
  useEffect(() => {
    rememberDeepLink(route);
    location.replace('/');
  }, [route]);
  return null;
}
