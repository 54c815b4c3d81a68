import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 110's processing activity (ServerModule.processing): events, birthdays and calendar feeds. */
export const calendarProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Kalender',
    zweck: 'Gemeinsame Termine, Geburtstage und persönliche Kalender-Abonnements (iCal)',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und f DSGVO',
    betroffene: ['Benutzer', 'Kinder (Geburtstage)'],
    datenkategorien: ['Termine mit Verfasser', 'Geburtstage', 'Zugangsschlüssel des Kalender-Abonnements'],
    empfaenger: ['Benutzer, die die Kategorie des Termins sehen dürfen'],
    loeschfrist: 'Bis zum Löschen des Termins; Abonnement-Schlüssel enden mit einem neuen Passwort oder dem Konto',
  },
];
