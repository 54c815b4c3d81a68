import { eq, inArray } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import {
  calendarMessages,
  calendarModule,
  calendarRights,
  storedCalendarSettings,
  type CalendarReply,
  type StoredCalendarSettings,
} from '@hortus/contract/modules/calendar';
import type { z } from 'zod';
import type { saveCalendarSettingsInput } from '@hortus/contract/modules/calendar';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import {
  readSharedModuleSettings,
  writeModuleSettings,
  type DeepReadonly,
} from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';
import { whileInputsSame } from '../../platform/cache/derived';
import { calendarCategories } from './schema';

import { calendarData, invalidateCalendar, loadCategories, allCategoriesOf } from './state';
import { visibleBirthdays } from './birthdays';

/** The calendar's settings (module settings 110) and the settings part of a load, with categories and birthdays. */

const defaultSettings: StoredCalendarSettings = {
  standard_id_kategorie: 0,
  id_kalenderkategorie_geburtstag: 0,
  id_nutzerparameter_geburtstag: 0,
  bedingungen_geburtstage_sehen: { gruppen: {} },
};

/** The stored settings, shared by every request (read on every calendar load, never changed by a reader). */
export async function readCalendarSettings(db: Db): Promise<DeepReadonly<StoredCalendarSettings>> {
  return readSharedModuleSettings(db, calendarModule.code, storedCalendarSettings, defaultSettings);
}

/**
 * Settings for a user: the stored ones plus the birthdays this user may see (and all categories for
 * x|110|set). The birthdays carry a version (geburtstageStand); a client that sends the version it
 * holds gets an empty list and geburtstageUnveraendert instead of the same list again.
 *
 * The answer is one object per viewer while the stored settings, the calendar data, the viewer's
 * birthdays and the held version are the same (the load keeps its reply bytes meanwhile); it is only
 * serialised, never changed.
 */
export async function loadSettingsFor(db: Db, viewer: Caller, heldBirthdays?: string): Promise<SettingsForViewer> {
  const settings = await readCalendarSettings(db);
  const data = await calendarData(db);
  const birthdays = await visibleBirthdays(db, settings, viewer);
  const unchanged = heldBirthdays !== undefined && heldBirthdays === birthdays.version;
  return settingsByViewer(viewer, [settings, data, birthdays, unchanged], () => {
    const categories = data.categories;
    // The default falls back to the first category when it is unset or gone.
    const standard = categories.some((category) => category.id === settings.standard_id_kategorie)
      ? settings.standard_id_kategorie
      : (categories[0]?.id ?? 0);
    return {
      // The reply is only serialised: the shared settings go into it as they are.
      ...(settings as StoredCalendarSettings),
      standard_id_kategorie: standard,
      geburtstage: unchanged ? [] : birthdays.list,
      geburtstageStand: birthdays.version,
      ...(unchanged ? { geburtstageUnveraendert: true as const } : {}),
      ...(hasRight(viewer.rechte, calendarRights.settings) ? { alleKategorien: allCategoriesOf(data) } : {}),
    };
  });
}

export type SettingsForViewer = CalendarReply['settings'];

/** Per viewer object (a loaded user is a new object when its rights or groups change). */
const settingsByViewer = whileInputsSame<object, SettingsForViewer>();

type ParsedSettings = z.output<typeof saveCalendarSettingsInput>;

/**
 * Saves the calendar settings and the categories (x|110|set): new categories (id ≤ 0) are created and
 * their temporary ids resolved in the settings; categories missing from the list are deleted with
 * their events. All in one transaction; bad references change nothing.
 */
export async function saveCalendarSettings(db: Db, input: ParsedSettings): Promise<void> {
  const errors: Record<string, string[]> = {};
  const existing = await loadCategories(db);
  const existingIds = new Set(existing.map((category) => category.id));
  const listedIds = new Set(input.kategorien.map((category) => category.id));
  input.kategorien.forEach((category, index) => {
    if (category.id > 0 && !existingIds.has(category.id)) {
      errors[`kategorien.${index}.id`] = [calendarMessages.unknownCategory];
    }
  });
  if (!listedIds.has(input.standard_id_kategorie)) {
    errors['standard_id_kategorie'] = [calendarMessages.defaultCategoryMissing];
  }
  if (input.id_kalenderkategorie_geburtstag !== 0 && !listedIds.has(input.id_kalenderkategorie_geburtstag)) {
    errors['id_kalenderkategorie_geburtstag'] = [calendarMessages.unknownCategory];
  }
  const org = await readOrgData(db);
  if (input.id_nutzerparameter_geburtstag !== 0) {
    const parameter = org.parameters.find((candidate) => candidate.id === input.id_nutzerparameter_geburtstag);
    if (!parameter || parameter.typ !== 7) {
      errors['id_nutzerparameter_geburtstag'] = [calendarMessages.onlyDateParameters];
    }
  }
  const groupIds = new Set(org.groups.map((group) => group.id));
  for (const [key, rule] of Object.entries(input.bedingungen_geburtstage_sehen.gruppen)) {
    if (!groupIds.has(Number(key.slice('gruppe'.length))) || rule.gruppen.some((id) => !groupIds.has(id))) {
      errors[`bedingungen_geburtstage_sehen.gruppen.${key}`] = [calendarMessages.unknownGroup];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  await db.transaction(async (tx) => {
    const idMap = new Map<number, number>();
    for (const [index, category] of input.kategorien.entries()) {
      const values = {
        name: category.name.trim(),
        farbe: category.farbe.toUpperCase(),
        bedingungen: category.bedingungen,
        sort: index,
      };
      if (category.id > 0) {
        await tx.update(calendarCategories).set(values).where(eq(calendarCategories.id, category.id));
        idMap.set(category.id, category.id);
      } else {
        const [row] = await tx.insert(calendarCategories).values(values).returning({ id: calendarCategories.id });
        if (row) idMap.set(category.id, row.id);
      }
    }
    const removed = existing.filter((category) => !listedIds.has(category.id)).map((category) => category.id);
    if (removed.length > 0) await tx.delete(calendarCategories).where(inArray(calendarCategories.id, removed));
    const settings: StoredCalendarSettings = {
      standard_id_kategorie: idMap.get(input.standard_id_kategorie) ?? 0,
      id_kalenderkategorie_geburtstag:
        input.id_kalenderkategorie_geburtstag === 0 ? 0 : (idMap.get(input.id_kalenderkategorie_geburtstag) ?? 0),
      id_nutzerparameter_geburtstag: input.id_nutzerparameter_geburtstag,
      bedingungen_geburtstage_sehen: input.bedingungen_geburtstage_sehen,
    };
    await writeModuleSettings(tx as unknown as Db, calendarModule.code, settings);
    await invalidateCalendar(tx as unknown as Db);
  });
}
