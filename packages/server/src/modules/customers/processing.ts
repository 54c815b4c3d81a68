import { LEGAL_RETENTION_YEARS } from '@hortus/contract';
import { years, type ProcessingSource } from '../../platform/privacy/processing';

/** Module 410's processing activity (ServerModule.processing): customers, orders and their documents. */
export const customersProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Kunden, Aufträge und Belege',
    zweck: 'Angebote, Aufträge, Rechnungen und Mahnungen; Kosten und Belege',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und c DSGVO (Vertrag, §§ 147 AO, 257 HGB)',
    betroffene: ['Kunden und ihre Ansprechpartner'],
    datenkategorien: [
      'Name, Firma, Anschriften, Kontaktdaten',
      'Aufträge, Rechnungen, Mahnungen und Zahlungen',
      'Zahlungseingänge aus Kontoauszügen (Name, IBAN, Verwendungszweck)',
      'Eingangsrechnungen aus dem Rechnungspostfach (Absender, Betreff, Anhang)',
      'Kundenzugang',
    ],
    empfaenger: ['Verwaltung', 'Steuerberatung (Export)'],
    loeschfrist:
      `Rechnungen und Belege ${years(LEGAL_RETENTION_YEARS.buchungsbeleg)} nach Ende des Kalenderjahres, ` +
      `Geschäftsbriefe ${years(LEGAL_RETENTION_YEARS.lohnkonto)} (§ 147 AO, § 257 HGB), danach Löschung durch die Verwaltung. ` +
      'Wird ein Kunde gelöscht, gehen seine Daten und seine Aufträge ohne Belege sofort; Aufträge mit Rechnungen, ' +
      'Stornorechnungen, Rechnungskorrekturen, Angeboten, Mahnungen oder Zahlungsbelegen und die Kontoumsätze, die sie ' +
      'bezahlt haben, bleiben gesperrt — in keiner Liste, Suche oder Auskunft; sie gehen nur in die steuerlich ' +
      'vorgeschriebenen Auswertungen ein (EÜR mit ihren Belegen, DATEV-Export, GoBD-Datenexport, Umsatzübersicht ohne Namen) — ' +
      `bis ${years(LEGAL_RETENTION_YEARS.buchungsbeleg)} nach Ende des Kalenderjahres ihres ` +
      'jüngsten Belegs und werden dann durch den täglichen Löschlauf „Gesperrte Belege gelöschter Kunden löschen“ gelöscht. ' +
      'Aus E-Mails gelesene Rechnungsentwürfe bleiben, bis die Verwaltung sie übernimmt oder verwirft; Hinweise zu ' +
      'übersprungenen E-Mails werden nach 90 Tagen gelöscht',
  },
];
