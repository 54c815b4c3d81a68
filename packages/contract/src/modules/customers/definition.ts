import type { ModuleDefinition } from '../../platform/module-definition';
import { messages } from '../../platform/messages';

/** Rights of module 410 Kunden (business.md section 6; written under the rights tree root `x`). */
export const customerRights = {
  module: 'x|410',
  /** Customers, orders, costs; members of the customer group see only their own orders' public information. */
  use: 'x|410|000',
  settings: 'x|410|set',
  /**
   * Cancels an issued invoice by a Stornorechnung (issue 45, GoBD: an issued invoice is final). Needs `use` as
   * well; not within `use`, so a group gets it on purpose.
   */
  storno: 'x|410|sto',
} as const;

export const customersModule: ModuleDefinition = {
  code: '410',
  title: 'Kunden',
  icon: 'Storefront',
  // The settings right alone reaches /410-set through the menu too (issue 47).
  menuRight: customerRights.module,
  quicknav: true,
  offlineBanner: messages.offlineBannerBusiness,
  sort: 410,
  dependsOn: [],
  tabs: [
    { code: '', label: 'Kunden', right: customerRights.use },
    { code: '100', label: 'Aufträge', right: customerRights.use },
    { code: '200', label: 'Kosten', right: customerRights.use },
    // Issue 45: the overdue list with the dunning levels and the bank statement import.
    { code: '300', label: 'Offene Posten', right: customerRights.use },
    { code: 'set', label: 'Einstellungen', right: customerRights.settings },
  ],
  rights: {
    right: customerRights.module,
    label: 'Kunden',
    icon: 'Storefront',
    children: [
      { right: customerRights.use, label: 'Kunden, Aufträge und Kosten', icon: 'Business' },
      { right: customerRights.storno, label: 'Rechnungen stornieren', icon: 'History' },
      { right: customerRights.settings, label: 'Kunden-Einstellungen', icon: 'Settings' },
    ],
  },
};
