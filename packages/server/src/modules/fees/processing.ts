import { LEGAL_RETENTION_YEARS } from '@hortus/contract';
import { years, type ProcessingSource } from '../../platform/privacy/processing';

/** Module 220's processing activity (ServerModule.processing): care fees, meals and direct debits. */
export const feesProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Beiträge und Verpflegung',
    zweck: 'Berechnung und Einzug der Betreuungs- und Essensbeiträge, Jahresbescheinigungen',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und c DSGVO (Betreuungsvertrag, § 147 AO)',
    betroffene: ['Eltern und Sorgeberechtigte (Beitragszahler)', 'Kinder'],
    datenkategorien: [
      'Betreuungsumfang, Ermäßigungen und Zuschüsse',
      'SEPA-Lastschriftmandate (Kontoinhaber, IBAN)',
      'Essensbestellungen',
      'Monatsabrechnungen und Rücklastschriften',
    ],
    empfaenger: ['Verwaltung', 'Kreditinstitut (SEPA-Lastschriftdatei)'],
    loeschfrist:
      `Abrechnungen und SEPA-Lastschriftdateien sind Buchungsbelege: ${years(LEGAL_RETENTION_YEARS.buchungsbeleg)} ` +
      'nach Ende des Kalenderjahres (§ 147 AO). Wird eine Familie gelöscht, werden ihre Abrechnungen und die darin ' +
      'genannten Mandate gesperrt (niemandem mehr angezeigt) und nach Fristende vom Löschlauf „Beitragsabrechnungen ' +
      'und Lastschriftdateien löschen“ gelöscht; Mandate ohne Abrechnung sofort mit der Familie',
  },
];
