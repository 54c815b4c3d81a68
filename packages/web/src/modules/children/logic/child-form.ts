import type { z } from 'zod';
import type { ChildView, ChildrenData, editChildInput } from '@hortus/contract/modules/children';

/** The child dialog's values: the editKind data as the form edits it (the contract's editChildInput). */
export type ChildFormValues = z.input<typeof editChildInput>;

/** The values of a child to edit (new: the settings' defaults, school.md 3.3). */
export function childFormValues(child: ChildView | null, data: ChildrenData): ChildFormValues {
  if (!child) {
    return {
      kind: {
        id: 0,
        vorname: '',
        nachname: '',
        // No class preselected: a new child lands in the class chosen, never in the first by accident (issue 47).
        id_klasse: 0,
        junge: true,
        date_geburtstag: '',
        betreuungsplatz: data.settings.standardbetreuungsplatz,
        standardentlasszeit: data.settings.standardentlasszeit,
        regelausnahmen: [],
      },
      id_eltern: 0,
      ausnahmen: [],
      telefonnummern: [],
      geschwister: [],
      abholberechtigte: [],
    };
  }
  return {
    kind: {
      id: child.id,
      vorname: child.vorname,
      nachname: child.nachname,
      id_klasse: child.id_klasse,
      junge: child.junge,
      date_geburtstag: child.date_geburtstag,
      betreuungsplatz: child.betreuungsplatz,
      standardentlasszeit: child.standardentlasszeit,
      regelausnahmen: child.regelausnahmen.map(({ id, wochentag, anwesend, entlasszeit, kommentar }) => ({
        id,
        wochentag,
        anwesend,
        entlasszeit,
        kommentar,
      })),
    },
    id_eltern: child.id_eltern,
    // Parents' exceptions are shown apart and never sent.
    ausnahmen: child.ausnahmen
      .filter((a) => !a.elternErstellt)
      .map(({ id, tag, anwesend, entlasszeit, kommentar }) => ({ id, tag, anwesend, entlasszeit, kommentar })),
    telefonnummern: child.telefonnummern.map(({ id, name, nummer }) => ({ id, name, nummer })),
    geschwister: child.geschwister,
    abholberechtigte: child.abholberechtigte.map(({ id, name, beziehung, telefon, notiz, gueltigVon, gueltigBis }) => ({
      id,
      name,
      beziehung,
      telefon,
      notiz,
      gueltigVon: gueltigVon ?? '',
      gueltigBis: gueltigBis ?? '',
    })),
  };
}

/** Which form paths each editing tab of the child dialog holds (its error count). */
export const childTabFields = {
  kind: ['kind'],
  ausnahmen: ['ausnahmen'],
  familie: ['telefonnummern', 'geschwister', 'id_eltern'],
  abholberechtigte: ['abholberechtigte'],
} as const;
