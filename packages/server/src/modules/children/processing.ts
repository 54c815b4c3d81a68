import { readDatenschutzSettings } from '../../platform/audit/protokoll';
import { months, type ProcessingSource } from '../../platform/privacy/processing';

/** Module 200's processing activities (ServerModule.processing): the children's records and their attendance. */
export const childrenProcessing: ProcessingSource = async (db) => {
  const settings = await readDatenschutzSettings(db);
  return [
    {
      taetigkeit: 'Kinderverwaltung',
      zweck:
        'Betreuung der Kinder: Gruppen und Klassen, Erreichbarkeit der Eltern, Abholung, Ausnahmen, Tagebuch, Dokumente, Ausweise',
      rechtsgrundlage:
        'Art. 6 Abs. 1 lit. b DSGVO (Betreuungsvertrag), lit. c und e DSGVO (Aufsichtspflicht, Landesrecht); Gesundheitsangaben Art. 9 Abs. 2 lit. a DSGVO (Einwilligung)',
      betroffene: ['Kinder', 'Eltern und Sorgeberechtigte', 'Abholberechtigte Personen'],
      datenkategorien: [
        'Name, Geburtstag, Klasse oder Gruppe',
        'Telefonnummern der Eltern',
        'Abholpersonen und Abholberechtigungen',
        'Ausnahmen und Fehlmeldungen',
        'Tagebucheinträge und Dokumente',
        'Ausweis mit Foto',
        'Einwilligungen',
      ],
      besondereKategorien: ['Gesundheitshinweise (z. B. Allergien, Medikamente)'],
      empfaenger: ['Pädagogisches Personal der Klasse oder Gruppe', 'Eltern des Kindes (eigene Kinder)'],
      loeschfrist:
        'Mit dem Löschen des Kindes durch die Verwaltung (nach dem Austritt); Dokumente und Fotos mit dem Kind',
    },
    {
      taetigkeit: 'Anwesenheit der Kinder',
      zweck: 'Nachweis der Anwesenheit (Ankunft, Abholung) für Aufsicht, Abrechnung und Statistik',
      rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und c DSGVO',
      betroffene: ['Kinder'],
      datenkategorien: ['Tag, Kommen und Gehen, Klasse', 'Name ausgetretener Kinder in alten Einträgen'],
      empfaenger: ['Pädagogisches Personal der Klasse oder Gruppe'],
      loeschfrist:
        `${months(settings.anwesenheitMonate)} (Einstellung „Anwesenheiten“); Namen ausgetretener Kinder werden nach ` +
        `${months(settings.ausgetreteneMonate)} entfernt (Einstellung „Ausgetretene“), die Zählung bleibt anonym`,
    },
  ];
};
