import { LEGAL_RETENTION_YEARS } from '@hortus/contract';
import { readDatenschutzSettings } from '../../platform/audit/protokoll';
import { years, type ProcessingSource } from '../../platform/privacy/processing';

/** Module 420's processing activity (ServerModule.processing): employees and their payrolls. */
export const payrollProcessing: ProcessingSource = async (db) => {
  const { lohnJahre } = await readDatenschutzSettings(db);
  return [
    {
      taetigkeit: 'Mitarbeiter und Lohnabrechnung',
      zweck: 'Durchführung des Beschäftigungsverhältnisses: Stammdaten, Arbeitszeiten, Überstunden, Lohnabrechnungen',
      rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und c DSGVO, § 26 BDSG, § 41 EStG, § 147 AO',
      betroffene: ['Beschäftigte'],
      datenkategorien: [
        'Name, Anschrift, Geburtstag',
        'Beschäftigungsdaten (Eintritt, Stunden, Überstunden)',
        'Gehalt, Lohnabrechnungen als PDF',
      ],
      empfaenger: [
        'Lohnbuchhaltung der Einrichtung',
        'Steuerberatung (DATEV-Export), Finanzamt und Sozialversicherung',
      ],
      loeschfrist:
        `Lohnabrechnungen ${years(lohnJahre)} nach Ende des Abrechnungsjahres (Einstellung „Lohnabrechnungen“; ` +
        `gesetzlich mindestens ${years(LEGAL_RETENTION_YEARS.buchungsbeleg)}, Lohnkonto ${years(LEGAL_RETENTION_YEARS.lohnkonto)}); ` +
        'Stammdaten mit dem Löschen des Mitarbeiters',
    },
  ];
};
