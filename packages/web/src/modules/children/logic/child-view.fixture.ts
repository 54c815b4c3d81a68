import type { ChildView } from '@hortus/contract/modules/children';

/** A child as the list load sends it (Mia Müller in 1a, expected until 15:00), for the module's tests. */
export function childView(extra: Partial<ChildView> = {}): ChildView {
  return {
    id: 1,
    id_elternkonto: 0,
    id_eltern: 0,
    id_klasse: 1,
    idKlasse: 1,
    name_klasse: '1a',
    vorname: 'Mia',
    nachname: 'Müller',
    name: 'Mia Müller',
    nameMitKlasse: 'Mia Müller (1a)',
    nameVollst: 'Müller, Mia',
    junge: false,
    date_geburtstag: '',
    betreuungsplatz: '11:30',
    standardentlasszeit: '15:00',
    geschwister: [],
    telefonnummern: [],
    regelausnahmen: [],
    ausnahmen: [],
    abholberechtigte: [],
    anwesenheitsstatus: 0,
    anwesend: true,
    anwesendHeuteBis: '15:00',
    entlassgrund: 'Standardentlasszeit',
    entlassgrundKommentar: '',
    anwesenheitHeute: null,
    tagebucheintraege: {},
    dokumente: [],
    allowEdit: true,
    ...extra,
  };
}
