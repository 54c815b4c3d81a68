import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MenuLink } from '@hortus/contract';

/**
 * Menu badges, a platform extension point: a module may count something for its menu entry (unread messages).
 * The module offers a hook that answers its badge; the app registers the hooks by module code once
 * (app/modules.ts), and the menu (top bar and drawer) shows each entry's badge. The platform names no module.
 */

/** What a menu entry shows beside its title: a count, and the words screen readers hear ('3 ungelesen'). */
export interface MenuBadge {
  count: number;
  label: string;
}

/**
 * A module's badge source: a React hook (it may load and poll with the module's queries), called only while the
 * user's menu holds the module's entry; null or a count of 0 shows nothing.
 */
export type MenuBadgeSource = () => MenuBadge | null;

let sources: Readonly<Record<string, MenuBadgeSource>> = {};

/** Called once by the app with the modules' badge sources by module code (app/modules.ts). */
export function registerMenuBadges(next: Readonly<Record<string, MenuBadgeSource>>): void {
  sources = next;
}

/** The accessible name of a menu entry: 'Nachrichten' or 'Nachrichten, 3 ungelesen'. */
export function menuEntryName(title: string, badge: MenuBadge | undefined): string {
  return badge ? `${title}, ${badge.label}` : title;
}

const MenuBadgesContext = createContext<ReadonlyMap<string, MenuBadge>>(new Map());

/** The badges of the menu entries by module code (an entry whose module counts nothing now has none). */
export function useMenuBadges(): ReadonlyMap<string, MenuBadge> {
  return useContext(MenuBadgesContext);
}

/** Runs one module's source; each instance calls the same source on every render (a hook per instance). */
function BadgeProbe({
  code,
  source,
  onBadge,
}: {
  code: string;
  source: MenuBadgeSource;
  onBadge(code: string, badge: MenuBadge | null): void;
}) {
  const badge = source();
  const count = badge?.count ?? 0;
  const label = badge?.label ?? '';
  useEffect(() => onBadge(code, count > 0 ? { count, label } : null), [code, count, label, onBadge]);
  // An entry that leaves the menu takes its badge along.
  useEffect(() => () => onBadge(code, null), [code, onBadge]);
  return null;
}

/** Asks the sources of the user's menu entries and offers their badges to the menu below (useMenuBadges). */
export function MenuBadgesProvider({ links, children }: { links: readonly MenuLink[]; children: ReactNode }) {
  const [badges, setBadges] = useState<ReadonlyMap<string, MenuBadge>>(() => new Map());
  const onBadge = useCallback((code: string, badge: MenuBadge | null) => {
    setBadges((current) => {
      const known = current.get(code);
      if (badge === null ? known === undefined : known?.count === badge.count && known.label === badge.label) {
        return current;
      }
      const next = new Map(current);
      if (badge === null) next.delete(code);
      else next.set(code, badge);
      return next;
    });
  }, []);
  const codes = useMemo(() => links.map((link) => link.id).filter((code) => sources[code] !== undefined), [links]);
  return (
    <MenuBadgesContext.Provider value={badges}>
      {codes.map((code) => (
        <BadgeProbe key={code} code={code} source={sources[code] as MenuBadgeSource} onBadge={onBadge} />
      ))}
      {children}
    </MenuBadgesContext.Provider>
  );
}
