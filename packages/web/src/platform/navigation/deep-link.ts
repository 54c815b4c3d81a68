/**
 * Deep links (a QR check-in '/150?sa=…', '/110?e=…', '/100?u=…', '/130?s=…') opened without a session
 * are kept in session storage through the login and opened once afterwards. No contract import: the
 * login route reads it, and its JavaScript stays small.
 */

/** Session storage key of the deep link waiting for the login. */
export const deepLinkKey = 'deepLink';

/** Longer addresses are not kept (no module's deep link comes close). */
const maxLength = 2000;

/** A same-origin module route with a query: '/<3 digits>[-<tab>]?<query>'. */
const deepLinkPattern = /^\/\d{3}(?:-[A-Za-z0-9]+)?\?[^#\s]+$/;

/** Whether a route (path and query, no origin) is a deep link worth keeping through the login. */
export function isDeepLink(route: string): boolean {
  return route.length <= maxLength && deepLinkPattern.test(route);
}

/** Remembers a module route opened without a session, when it is a deep link (else forgets any earlier one). */
export function rememberDeepLink(route: string): void {
  try {
    if (isDeepLink(route)) sessionStorage.setItem(deepLinkKey, route);
    else sessionStorage.removeItem(deepLinkKey);
  } catch {
    // Without session storage the login opens the usual start route.
  }
}

/** The remembered deep link, still kept; null when there is none. */
export function readDeepLink(): string | null {
  try {
    const route = sessionStorage.getItem(deepLinkKey);
    return route !== null && isDeepLink(route) ? route : null;
  } catch {
    return null;
  }
}

export function forgetDeepLink(): void {
  try {
    sessionStorage.removeItem(deepLinkKey);
  } catch {
    // Nothing was kept without session storage.
  }
}

/** The remembered deep link, removed on reading (it opens once); null when there is none. */
export function takeDeepLink(): string | null {
  const route = readDeepLink();
  forgetDeepLink();
  return route;
}
