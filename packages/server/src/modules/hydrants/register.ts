import { todayIsoDay } from '@hortus/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CHECKED,
  defectCatalogue,
  statusCatalogue,
  type HydrantData,
  hydrantMessages,
  normaliseDefects,
  statusName,
  type Hydrant,
  type HydrantStatus,
  type HydrantValues,
  type Street,
} from '@hortus/contract/modules/hydrants';
import type { Db } from '../../platform/db/database';
import { bumpVersion, claimVersion, versioned, type SaveVersion } from '../../platform/db/versions';
import { invalid } from '../../platform/http/calls';
import { requireHydrant, type HydrantRow } from './access';
import { mapConfig } from './map-service';
import { hydrantStreets, hydrants } from './schema';
import { readHydrantSettings } from './settings';

/** The wire shape of a stored hydrant (business.md 3.1). */
export function toHydrant(row: HydrantRow): Hydrant {
  return {
    id: row.id,
    coords_lat: row.lat,
    coords_lon: row.lon,
    id_strasse: row.streetId,
    hausnummer: row.hausnummer,
    lageSchild: row.lageSchild,
    nummer: row.nummer,
    lage: row.lage,
    durchmesser: row.durchmesser,
    info: row.info,
    status: row.status,
    mangel: row.mangel,
    lastUpdate: row.lastUpdate,
    letztePruefung: row.lastInspection,
    version: row.version,
  };
}

/** getHydranten: the whole register with the map settings and catalogues. */
export async function loadRegister(db: Db): Promise<HydrantData> {
  return {
    status: 'success',
    settings: await readHydrantSettings(db),
    hydranten: await listHydrants(db),
    strassen: await listStreets(db),
    statuswerte: [...statusCatalogue],
    maengel: [...defectCatalogue],
    karte: mapConfig(),
  };
}

export async function listHydrants(db: Db): Promise<Hydrant[]> {
  const rows = await db.select().from(hydrants).orderBy(asc(hydrants.id));
  return rows.map(toHydrant);
}

export async function listStreets(db: Db): Promise<Street[]> {
  return db
    .select({
      id: hydrantStreets.id,
      strasse: hydrantStreets.strasse,
      plz: hydrantStreets.plz,
      ort: hydrantStreets.ort,
    })
    .from(hydrantStreets)
    .orderBy(asc(hydrantStreets.strasse), asc(hydrantStreets.ort));
}

function today(now: number): string {
  return todayIsoDay(now);
}

export async function changeStatus(
  db: Db,
  id: number,
  status: HydrantStatus,
  by: number | null,
  now = Date.now(),
): Promise<Hydrant> {
  await requireHydrant(db, id);
  const [row] = await db
    .update(hydrants)
    .set({
      ...bumpVersion(hydrants, by),
      status,
      lastUpdate: now,
      // Marking a hydrant checked is an inspection.
      ...(status === CHECKED ? { lastInspection: today(now) } : {}),
    })
    .where(eq(hydrants.id, id))
    .returning();
  return toHydrant(row as HydrantRow);
}

/**
 * Saves the defect list. Recording defects means the hydrant was inspected, so it becomes checked
 * (neuStatus '1') and its inspection day is today (docs/architecture.md, Hydrants).
 */
export async function changeDefects(
  db: Db,
  id: number,
  mangel: readonly string[],
  by: number | null,
  now = Date.now(),
): Promise<Hydrant> {
  await requireHydrant(db, id);
  const [row] = await db
    .update(hydrants)
    .set({
      ...bumpVersion(hydrants, by),
      mangel: normaliseDefects(mangel),
      status: CHECKED,
      lastUpdate: now,
      lastInspection: today(now),
    })
    .where(eq(hydrants.id, id))
    .returning();
  return toHydrant(row as HydrantRow);
}

/** The street of a hydrant: an existing id, or found / created by name, postcode and town. */
async function streetFor(db: Db, input: HydrantValues): Promise<Street> {
  if (input.id_strasse > 0) {
    const [row] = await db.select().from(hydrantStreets).where(eq(hydrantStreets.id, input.id_strasse)).limit(1);
    if (!row) throw invalid('id_strasse', hydrantMessages.unknownStreet);
    return row;
  }
  if (input.strasse === '') {
    throw invalid('strasse', 'Bitte angeben.');
  }
  const key = { strasse: input.strasse, plz: input.plz, ort: input.ort };
  await db.insert(hydrantStreets).values(key).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(hydrantStreets)
    .where(
      and(eq(hydrantStreets.strasse, key.strasse), eq(hydrantStreets.plz, key.plz), eq(hydrantStreets.ort, key.ort)),
    )
    .limit(1);
  return row as Street;
}

/** saveHydrant: creates (id 0) or replaces a hydrant; a new street is created in the same transaction. */
export async function saveHydrant(
  db: Db,
  input: HydrantValues,
  save: SaveVersion,
  now = Date.now(),
): Promise<{ hydrant: Hydrant; strasse: Street }> {
  return db.transaction(async (tx) => {
    if (input.id > 0) await claimVersion(tx, versioned(hydrants), input.id, save);
    const existing = input.id > 0 ? await requireHydrant(tx, input.id) : null;
    const strasse = await streetFor(tx, input);
    const mangel = normaliseDefects(input.mangel);
    const values = {
      lat: input.coords_lat,
      lon: input.coords_lon,
      streetId: strasse.id,
      hausnummer: input.hausnummer,
      lageSchild: input.lageSchild,
      nummer: input.nummer,
      lage: input.lage,
      durchmesser: input.durchmesser,
      info: input.info,
      status: input.status,
      mangel,
      lastUpdate: now,
      editedBy: save.by,
      lastInspection:
        input.status === CHECKED && existing?.status !== CHECKED && input.letztePruefung === ''
          ? today(now)
          : input.letztePruefung,
    };
    const [row] = existing
      ? await tx.update(hydrants).set(values).where(eq(hydrants.id, existing.id)).returning()
      : await tx.insert(hydrants).values(values).returning();
    return { hydrant: toHydrant(row as HydrantRow), strasse };
  });
}

export async function deleteHydrant(db: Db, id: number): Promise<void> {
  await requireHydrant(db, id);
  await db.delete(hydrants).where(eq(hydrants.id, id));
}

/** saveHydrantChangeStatusALL: every hydrant gets the status; answers the status value and the count. */
export async function changeAllStatuses(
  db: Db,
  status: HydrantStatus,
  now = Date.now(),
): Promise<{ statuswert: { id: HydrantStatus; name: string }; anzahl: number }> {
  const rows = await db
    .update(hydrants)
    .set({ status, lastUpdate: now })
    .where(sql`${hydrants.status} <> ${status}`)
    .returning({ id: hydrants.id });
  return { statuswert: { id: status, name: statusName(status) }, anzahl: rows.length };
}
