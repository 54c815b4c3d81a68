import type { ProcessingSource } from '../../platform/privacy/processing';

/** Module 210's processing activity (ServerModule.processing): the parents' reports about their children. */
export const parentReportsProcessing: ProcessingSource = async () => [
  {
    taetigkeit: 'Meldungen der Eltern',
    zweck: 'Abwesenheit, Krankmeldung und abweichende Abholung der eigenen Kinder melden',
    rechtsgrundlage: 'Art. 6 Abs. 1 lit. b DSGVO; Atteste Art. 9 Abs. 2 lit. a DSGVO',
    betroffene: ['Kinder', 'Eltern und Sorgeberechtigte'],
    datenkategorien: ['Art, Zeitraum und Text der Meldung', 'Anhänge'],
    besondereKategorien: ['Krankmeldungen und Atteste'],
    empfaenger: ['Pädagogisches Personal der Klasse oder Gruppe'],
    loeschfrist: 'Mit den Ausnahmen des Kindes (Kinderverwaltung), spätestens mit dem Kind',
  },
];
