import type { ModuleDefinition } from '../../platform/module-definition';

/** Rights of module 220 Beiträge (issue 46): the office's fee management, settings, the parents' own view. */
export const feesRights = {
  module: 'x|220',
  /** Scopes, children's fees, mandates, menu, kitchen list, monthly runs (IBANs in full). */
  manage: 'x|220|000',
  /** A parent's own family: meal orders, statements, mandate (IBAN masked). */
  own: 'x|220|100',
  /** Creditor ID, meal price, cut-off, due day, sibling discounts. */
  settings: 'x|220|set',
} as const;

export const feesModule: ModuleDefinition = {
  code: '220',
  title: 'Beiträge',
  icon: 'Storefront',
  menuRight: feesRights.module,
  quicknav: false,
  sort: 220,
  // 200: children, classes, families (parent accounts) and the parents' absence reports (210's data, kept by 200).
  // 410: the books — a run's receipts, returned debits and their bank fees are booked there (server public.ts).
  dependsOn: ['200', '410'],
  tabs: [
    { code: '', label: 'Beiträge', right: feesRights.manage },
    { code: '100', label: 'Essen und Abrechnungen', right: feesRights.own },
    { code: 'set', label: 'Einstellungen', right: feesRights.settings },
  ],
  rights: {
    right: feesRights.module,
    label: 'Beiträge',
    icon: 'Storefront',
    children: [
      { right: feesRights.manage, label: 'Beiträge verwalten (mit IBAN)', icon: 'Storefront' },
      { right: feesRights.own, label: 'Eigene Familie: Essen, Abrechnungen, Mandat', icon: 'FamilyRestroom' },
      { right: feesRights.settings, label: 'Beitrags-Einstellungen', icon: 'Settings' },
    ],
  },
};
