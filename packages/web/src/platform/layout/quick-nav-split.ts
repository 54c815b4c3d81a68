import type { MenuLink } from '@hortus/contract';
import { sortLinks } from '../navigation/start-route';

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** How many quick-navigation links fit into the top bar at a page width. */
export const quickNavSlots: Record<Breakpoint, number> = { xs: 0, sm: 2, md: 4, lg: 6, xl: 8 };

export interface MenuSplit {
  /** Shown in the top bar. */
  quick: MenuLink[];
  /** Shown in the side drawer: links without quicknav and the quicknav links that did not fit. */
  drawer: MenuLink[];
}

export function splitMenuLinks(links: readonly MenuLink[], slots: number): MenuSplit {
  const sorted = sortLinks(links);
  const quick = sorted.filter((link) => link.quicknav === 1).slice(0, Math.max(0, slots));
  const drawer = sorted.filter((link) => !quick.includes(link));
  return { quick, drawer };
}
