// No zod here: the login route links these pages without loading the contract's schemas.

/**
 * The public pages anyone reaches without logging in (linked from the login screen, the app's menu and its
 * footer): the privacy notice with the data protection officer's contact, and the accessibility statement
 * (BITV 2.0). Their content comes from the app settings through the login screen call (`mit=rechtliches`).
 */
export const publicPages = {
  datenschutz: { path: '/datenschutz', label: 'Datenschutz' },
  barrierefreiheit: { path: '/barrierefreiheit', label: 'Barrierefreiheit' },
} as const;

export type PublicPage = keyof typeof publicPages;

/** Which public page `pathname` shows (rendered without the app and without a session); null for any other. */
export function publicPageOf(pathname: string): PublicPage | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === publicPages.datenschutz.path) return 'datenschutz';
  if (path === publicPages.barrierefreiheit.path) return 'barrierefreiheit';
  return null;
}
