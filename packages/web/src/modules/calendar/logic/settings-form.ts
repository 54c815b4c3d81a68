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

/**
 * Deletes the category at `index` — not the default one and not the only one. The neighbour becomes
 * selected (the next one, or the previous when it was the last); a birthday calendar reference is cleared.
 */
export function removeCategory(form: SettingsForm, index: number): { form: SettingsForm; selected: number } {
  const category = form.kategorien[index];
  if (!category || form.kategorien.length <= 1 || category.id === form.standard_id_kategorie) {
    return { form, selected: index };
  }
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
