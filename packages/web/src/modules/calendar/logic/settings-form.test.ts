import { describe, expect, it } from 'vitest';
import { addCategory, deletionOf, removeCategory, type SettingsForm } from './settings-form';

const rule = { alle: true, gruppen: [], nutzer: [] };
const category = (id: number, termine: number) => ({
  id,
  name: `K${id}`,
  farbe: '#1E88E5',
  termine,
  bedingungen: { f110: { sehen: rule, bearbeiten: rule } },
});
const form: SettingsForm = {
  standard_id_kategorie: 1,
  id_kalenderkategorie_geburtstag: 0,
  id_nutzerparameter_geburtstag: 0,
  bedingungen_geburtstage_sehen: { gruppen: {} },
  kategorien: [category(1, 12), category(2, 1), category(3, 0)],
};

describe('deletionOf', () => {
  it('the default category says why it cannot be deleted instead of promising to delete its events (issue 47)', () => {
    expect(deletionOf(form, 0)).toEqual({
      canDelete: false,
      note: 'Der Standardkalender kann nicht gelöscht werden. Bitte zuerst einen anderen Standardkalender wählen.',
    });
    expect(removeCategory(form, 0).form).toBe(form);
  });

  it('another category names what a delete takes with it; without events nothing', () => {
    expect(deletionOf(form, 1)).toEqual({
      canDelete: true,
      note: 'Beim Löschen und Speichern wird auch der Termin dieses Kalenders gelöscht.',
    });
    expect(deletionOf({ ...form, kategorien: [category(1, 0), category(2, 5)] }, 1).note).toBe(
      'Beim Löschen und Speichern werden auch die 5 Termine dieses Kalenders gelöscht.',
    );
    expect(deletionOf(form, 2)).toEqual({ canDelete: true, note: null });
  });

  it('the only category cannot go either', () => {
    const only = { ...form, standard_id_kategorie: 0, kategorien: [category(4, 3)] };
    expect(deletionOf(only, 0)).toEqual({ canDelete: false, note: 'Der einzige Kalender kann nicht gelöscht werden.' });
    expect(deletionOf(addCategory(only), 0).canDelete).toBe(true);
  });
});
