import { hasRight } from '@hortus/contract';
import { feesRights, mondayOf, type FeesData } from '@hortus/contract/modules/fees';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { addDays, berlinNow } from '../../platform/time/berlin-time';
import { allowedFamilyId, canSeeEveryFamily, visibleChildren } from './access';
import { currentMandates, mandateViews } from './mandates';
import { loadMenu, loadOrders } from './meals';
import { loadRuns } from './runs';
import { childScopesByChild, loadOneOffs, loadScopes } from './scopes';
import { readFeesSettings } from './settings';

/** Days of the meal window a load answers: two weeks from a Monday. */
export const MEAL_WINDOW_DAYS = 14;

/**
 * What /220 shows the caller: the fee office everything (IBANs in full); a parent their own family's children,
 * orders, mandate (IBAN masked) and statements. `ab`: a day of the first week of the meal window (default today).
 */
export async function loadFees(db: Db, user: Caller, ab = '', now = Date.now()): Promise<FeesData> {
  const { day: heute, time: jetzt } = berlinNow(now);
  const from = mondayOf(ab === '' ? heute : ab);
  const to = addDays(from, MEAL_WINDOW_DAYS - 1);
  const office = canSeeEveryFamily(user);
  const familyId = allowedFamilyId(user);
  const [settings, umfaenge, children] = await Promise.all([
    readFeesSettings(db),
    loadScopes(db),
    visibleChildren(db, user),
  ]);
  const childIds = children.map((child) => child.id);
  const [assignments, orders, menu, mandates, laeufe, einmalig] = await Promise.all([
    childScopesByChild(db, childIds),
    loadOrders(db, childIds, from, to, settings.bestellschluss),
    loadMenu(db, from, to),
    office || hasRight(user.rechte, feesRights.own) ? currentMandates(db, familyId) : Promise.resolve(new Map()),
    office || hasRight(user.rechte, feesRights.own) ? loadRuns(db, familyId) : Promise.resolve([]),
    office ? loadOneOffs(db) : Promise.resolve([]),
  ]);
  const families = new Map<number, { id: number; name: string; kinder: number[] }>();
  for (const child of children) {
    const family = families.get(child.familyId) ?? { id: child.familyId, name: child.familyName, kinder: [] };
    family.kinder.push(child.id);
    families.set(child.familyId, family);
  }
  return {
    settings:
      office || hasRight(user.rechte, feesRights.settings)
        ? settings
        : { ...settings, glaeubigerIban: '', glaeubigerBic: '' },
    umfaenge,
    kinder: children.map((child) => ({
      id: child.id,
      name: `${child.vorname} ${child.nachname}`,
      id_klasse: child.classId,
      name_klasse: child.className,
      id_familie: child.familyId,
      zuordnungen: assignments.get(child.id) ?? [],
    })),
    familien: [...families.values()],
    mandate: mandateViews(mandates.values(), office),
    speiseplan: menu,
    bestellungen: orders,
    einmalig,
    laeufe,
    ab: from,
    heute,
    jetzt,
    xtime: now,
  };
}
