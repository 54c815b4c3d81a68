import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 130's processing activity (ServerModule.processing): files shared in slots. */
export const cloudProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Dateiablage (Cloud)',
    zweck: 'Bereitstellen von Dateien für berechtigte Benutzer',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und f DSGVO',
    betroffene: ['Benutzer (hochladende Personen)', 'In Dateien genannte Personen'],
    datenkategorien: ['Dateien und Dateinamen', 'Hochladende Person und Zeitpunkt'],
    empfaenger: ['Benutzer, deren Gruppen die Bedingung des Ordners erfüllen'],
    loeschfrist: 'Bis zum Löschen der Datei oder des Ordners',
  },
];
