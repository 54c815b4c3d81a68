import { calendarLimits, type CalendarCategory, type CalendarReply } from '@hortus/contract/modules/calendar';

/** The settings tab's form: the stored settings and every category (new ones with temporary ids ≤ 0). */
export interface SettingsForm {
  standard_id_kategorie: number;
  id_kalenderkategorie_geburtstag: number;
  id_nutzerparameter_geburtstag: number;
  bedingungen_geburtstage_sehen: { gruppen: Record<string, { alle: boolean; gruppen: number[] }> };
  kategorien: CalendarCategory[];
}

export function settingsFormOf(reply: CalendarReply): SettingsForm {
  const { settings } = reply;
  return {
    standard_id_kategorie: settings.standard_id_kategorie,
    id_kalenderkategorie_geburtstag: settings.id_kalenderkategorie_geburtstag,
    id_nutzerparameter_geburtstag: settings.id_nutzerparameter_geburtstag,
    bedingungen_geburtstage_sehen: settings.bedingungen_geburtstage_sehen,
    kategorien: settings.alleKategorien ?? reply.kalender.kategorien,
  };
}

/** A new category: temporary id below every other, 'Neuer Kalender', colour #FF0000, seen by all, edited by nobody. */
export function addCategory(form: SettingsForm): SettingsForm {
  const id = Math.min(0, ...form.kategorien.map((category) => category.id)) - 1;
  const rule = (alle: boolean) => ({ alle, gruppen: [], nutzer: [] });
  return {
    ...form,
    kategorien: [
      ...form.kategorien,
      {
        id,
        name: 'Neuer Kalender',
        farbe: calendarLimits.defaultColor,
        termine: 0,
        bedingungen: { f110: { sehen: rule(true), bearbeiten: rule(false) } },
      },
    ],
  };
}

/** '1 Termin', '3 Termine'. */
export function termineText(count: number): string {
  return `${count} ${count === 1 ? 'Termin' : 'Termine'}`;
}

/**
 * Whether the category at `index` may be deleted, and the note under its delete button: what a delete would
 * take with it, or why it cannot be deleted. The default category promised to delete its events under a
 * disabled button (issue 47).
 */
export function deletionOf(form: SettingsForm, index: number): { canDelete: boolean; note: string | null } {
  const category = form.kategorien[index];
  if (!category) return { canDelete: false, note: null };
  if (category.id === form.standard_id_kategorie)
    return {
      canDelete: false,
      note: 'Der Standardkalender kann nicht gelöscht werden. Bitte zuerst einen anderen Standardkalender wählen.',
    };
  if (form.kategorien.length <= 1)
    return { canDelete: false, note: 'Der einzige Kalender kann nicht gelöscht werden.' };
  if (category.termine === 0) return { canDelete: true, note: null };
  return {
    canDelete: true,
    note:
      category.termine === 1
        ? 'Beim Löschen und Speichern wird auch der Termin dieses Kalenders gelöscht.'
        : `Beim Löschen und Speichern werden auch die ${termineText(category.termine)} dieses Kalenders gelöscht.`,
  };
}

/**
 * Deletes the category at `index` — not the default one and not the only one. The neighbour becomes
 * selected (the next one, or the previous when it was the last); a birthday calendar reference is cleared.
 */
export function removeCategory(form: SettingsForm, index: number): { form: SettingsForm; selected: number } {
  const category = form.kategorien[index];
  if (!category || !deletionOf(form, index).canDelete) return { form, selected: index };
  const kategorien = form.kategorien.filter((_entry, position) => position !== index);
  const standard = kategorien.some((entry) => entry.id === form.standard_id_kategorie)
    ? form.standard_id_kategorie
    : (kategorien[0]?.id ?? 0);
  return {
    form: {
      ...form,
      kategorien,
      standard_id_kategorie: standard,
      id_kalenderkategorie_geburtstag:
        form.id_kalenderkategorie_geburtstag === category.id ? 0 : form.id_kalenderkategorie_geburtstag,
    },
    selected: Math.min(index, kategorien.length - 1),
  };
}
