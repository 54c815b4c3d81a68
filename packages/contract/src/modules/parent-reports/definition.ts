import type { ModuleDefinition } from '../../platform/module-definition';
import { messages } from '../../platform/messages';

/**
 * Rights of module 210, the parents' side of the children module (school.md 2.5 and 6). Module 210
 * lives inside the children slice (its data are module 200's exceptions; docs/architecture.md
 * "Parent reports (module 210)").
 */
export const parentReportsRights = {
  module: 'x|210',
  /** 'Melden' and 'Historie'. */
  report: 'x|210|000',
  /** 'Kontakt'. */
  contact: 'x|210|100',
  /** 'Einstellungen' of the parent module. */
  settings: 'x|210|set',
} as const;

export const parentReportsModule: ModuleDefinition = {
  code: '210',
  title: 'Meldungen',
  icon: 'FamilyRestroom',
  menuRight: parentReportsRights.module,
  quicknav: true,
  offlineBanner: messages.offlineBannerSchool,
  sort: 210,
  dependsOn: ['200'],
  tabs: [
    // The router's tab "Anwesenheit" is the report screen (school.md 2.5).
    { code: '', label: 'Anwesenheit', right: parentReportsRights.report },
    { code: '100', label: 'Kontakt', right: parentReportsRights.contact },
    { code: 'set', label: 'Einstellungen', right: parentReportsRights.settings },
  ],
  rights: {
    right: parentReportsRights.module,
    label: 'Meldungen der Eltern',
    icon: 'FamilyRestroom',
    children: [
      { right: parentReportsRights.report, label: 'Melden und Historie', icon: 'Edit' },
      { right: parentReportsRights.contact, label: 'Kontakt', icon: 'Contacts' },
      { right: parentReportsRights.settings, label: 'Meldungs-Einstellungen', icon: 'Settings' },
    ],
  },
};
