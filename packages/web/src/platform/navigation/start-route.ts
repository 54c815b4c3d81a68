import { parseModulePath, type MenuLink } from '@hortus/contract';
import { isDeepLink } from './deep-link';

/** Menu links in their sort order (ties keep the server's order). */
export function sortLinks(links: readonly MenuLink[]): MenuLink[] {
  return [...links].sort((a, b) => a.sort - b.sort);
}

export function firstLink(links: readonly MenuLink[]): string | null {
  return sortLinks(links)[0]?.link ?? null;
}

/** Module code of a route such as '/010-010?x=1'; null when it is no module route. */
export function moduleCodeOf(route: string): string | null {
  const pathname = route.split(/[?#]/)[0] ?? '';
  return parseModulePath(pathname)?.moduleCode ?? null;
}

/**
 * Where to go after login (or when opening '/' with a stored session): a deep link opened before the login
 * when its module is a menu link of the user, else the last view when its module is still a menu link,
 * otherwise the first menu link; null when the user has no menu links (log out).
 */
export function selectStartRoute(
  lastView: string,
  links: readonly MenuLink[],
  deepLink: string | null = null,
): string | null {
  const first = firstLink(links);
  if (first === null) return null;
  if (deepLink !== null && isDeepLink(deepLink)) {
    const deepModule = moduleCodeOf(deepLink);
    if (links.some((link) => link.id === deepModule)) return deepLink;
  }
  const lastModule = moduleCodeOf(lastView);
  if (lastModule !== null && links.some((link) => link.id === lastModule)) return lastView;
  return first;
}

export type ModuleAccess = { kind: 'allowed' } | { kind: 'redirect'; to: string } | { kind: 'logout' };

/** A module page is reachable only when its code is among the menu links; else the first link opens. */
export function moduleAccess(moduleCode: string, links: readonly MenuLink[]): ModuleAccess {
  if (links.some((link) => link.id === moduleCode)) return { kind: 'allowed' };
  const first = firstLink(links);
  return first === null ? { kind: 'logout' } : { kind: 'redirect', to: first };
}

/** The feature code remembered after each navigation: characters 2 to 4 of the path. */
export function featureCode(pathname: string): string {
  return pathname.slice(1, 4);
}

export { pageTitle } from './page-title';
export { forgetDeepLink, readDeepLink, takeDeepLink } from './deep-link';
