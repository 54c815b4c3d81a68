import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 150's processing activity (ServerModule.processing): attendance polls. */
export const attendanceProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Anwesenheitsabfragen',
    zweck: 'Planung: wer an welchen Terminen teilnimmt',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und f DSGVO',
    betroffene: ['Benutzer'],
    datenkategorien: ['Zusagen und Absagen je Termin mit Zeitpunkt'],
    empfaenger: ['Benutzer, deren Gruppen die Bedingung der Abfrage erfüllen'],
    loeschfrist: 'Bis zum Löschen der Abfrage',
  },
];
