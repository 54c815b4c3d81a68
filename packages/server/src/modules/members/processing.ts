import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 100's processing activity (ServerModule.processing): the member directory. */
export const membersProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Mitgliederverzeichnis',
    zweck: 'Verzeichnis der Mitglieder mit den Angaben, die die Verwaltung für das Verzeichnis freigibt',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b DSGVO (Mitgliedschaft), lit. f DSGVO',
    betroffene: ['Mitglieder (Benutzer)'],
    datenkategorien: ['Name und die freigegebenen Benutzerparameter (z. B. Telefon, Anschrift, Geburtstag)'],
    empfaenger: ['Benutzer, deren Gruppen die Sichtbedingung des Parameters erfüllen'],
    loeschfrist: 'Mit dem Löschen des Benutzerkontos',
  },
];
