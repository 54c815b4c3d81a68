import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 000's processing activity (ServerModule.processing): the news feed with its feedback forms. */
export const dashboardProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Mitteilungen (Dashboard)',
    zweck: 'Information der Benutzer über Neuigkeiten, Rückmeldungen zu Mitteilungen (z. B. Teilnahme)',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und f DSGVO',
    betroffene: ['Benutzer (Eltern, Mitarbeitende)'],
    datenkategorien: ['Mitteilungen mit Verfasser', 'Rückmeldungen der Empfänger', 'Gelesene Hinweisfenster'],
    empfaenger: ['Die Empfängergruppen der Mitteilung', 'Verfasser der Mitteilung (Rückmeldungen)'],
    loeschfrist:
      'Bis zum Löschen der Mitteilung durch den Verfasser oder die Verwaltung; Rückmeldungen mit der Mitteilung',
  },
];
