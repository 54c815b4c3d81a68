import { formatGermanDateTime, todayIsoDay } from '@hortus/contract';
import {
  defectCatalogue,
  hasUrgentDefect,
  hydrantMessages,
  hydrantOfRow,
  importMessages,
  parseRegisterCsv,
  parseRegisterGeoJson,
  registerCsv,
  registerGeoJson,
  type Hydrant,
  type HydrantValues,
  type Street,
} from '@hortus/contract/modules/hydrants';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { offerFile, type OfferedFile } from '../../platform/files/offer-file';
import { type AppContext, invalid } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { listHydrants, listStreets } from './register';
import { hydrantStreets, hydrants } from './schema';

/** At most one hydrant per ~1 m: positions are compared rounded to 5 decimal places. */
function positionKey(lat: number, lon: number): string {
  return `${lat.toFixed(5)},${lon.toFixed(5)}`;
}

function streetKey(street: Pick<Street, 'strasse' | 'plz' | 'ort'>): string {
  return `${street.strasse}\u0000${street.plz}\u0000${street.ort}`;
}

/** The register file (CSV for spreadsheets, GeoJSON for GIS) with the day in its name. */
export async function exportRegister(
  db: Db,
  format: 'csv' | 'geojson',
  now = new Date(),
): Promise<{ name: string; mime: string; bytes: string }> {
  const [list, streets] = [await listHydrants(db), await listStreets(db)];
  const day = todayIsoDay(now.getTime());
  return format === 'csv'
    ? { name: `Hydranten-${day}.csv`, mime: 'text/csv; charset=utf-8', bytes: registerCsv(list, streets) }
    : { name: `Hydranten-${day}.geojson`, mime: 'application/geo+json', bytes: registerGeoJson(list, streets) };
}

/**
 * Adds the hydrants of an import file in one transaction. Any bad row refuses the whole file (the
 * messages name the line numbers, at `inhalt`); a row whose number or position (≈ 1 m) already exists —
 * in the register or earlier in the file — is skipped and reported.
 */
export async function importRegister(
  db: Db,
  format: 'csv' | 'geojson',
  text: string,
  now = Date.now(),
): Promise<{ angelegt: number; duplikate: string[] }> {
  const parsed = format === 'csv' ? parseRegisterCsv(text) : parseRegisterGeoJson(text);
  if ('error' in parsed) throw invalid('inhalt', parsed.error);
  const rows: { line: number; hydrant: HydrantValues }[] = [];
  const errors: string[] = [];
  for (const { line, row } of parsed.rows) {
    const result = hydrantOfRow(line, row);
    if ('errors' in result) errors.push(...result.errors);
    else rows.push({ line, hydrant: result.hydrant });
  }
  if (errors.length > 0) {
    const shown = errors.length > 50 ? [...errors.slice(0, 50), `… und ${errors.length - 50} weitere Fehler`] : errors;
    throw invalid({ inhalt: shown }, shown[0] as string);
  }
  return db.transaction(async (tx) => {
    const existing = await listHydrants(tx);
    const numbers = new Set(existing.map((h) => h.nummer).filter((n) => n !== ''));
    const positions = new Set(existing.map((h) => positionKey(h.coords_lat, h.coords_lon)));
    const streets = new Map((await listStreets(tx)).map((street) => [streetKey(street), street.id]));
    const duplikate: string[] = [];
    const values: (typeof hydrants.$inferInsert)[] = [];
    for (const { line, hydrant } of rows) {
      const position = positionKey(hydrant.coords_lat, hydrant.coords_lon);
      if (hydrant.nummer !== '' && numbers.has(hydrant.nummer)) {
        duplikate.push(importMessages.duplicateNumber(line, hydrant.nummer));
        continue;
      }
      if (positions.has(position)) {
        duplikate.push(importMessages.duplicatePosition(line));
        continue;
      }
      if (hydrant.nummer !== '') numbers.add(hydrant.nummer);
      positions.add(position);
      const key = streetKey(hydrant);
      let streetId = streets.get(key);
      if (streetId === undefined) {
        const [created] = await tx
          .insert(hydrantStreets)
          .values({ strasse: hydrant.strasse, plz: hydrant.plz, ort: hydrant.ort })
          .returning({ id: hydrantStreets.id });
        streetId = (created as { id: number }).id;
        streets.set(key, streetId);
      }
      values.push({
        lat: hydrant.coords_lat,
        lon: hydrant.coords_lon,
        streetId,
        hausnummer: hydrant.hausnummer,
        lageSchild: hydrant.lageSchild,
        nummer: hydrant.nummer,
        lage: hydrant.lage,
        durchmesser: hydrant.durchmesser,
        info: hydrant.info,
        status: hydrant.status,
        mangel: [...new Set(hydrant.mangel)].sort(),
        lastUpdate: now,
        lastInspection: hydrant.letztePruefung,
      });
    }
    for (let i = 0; i < values.length; i += 1000) await tx.insert(hydrants).values(values.slice(i, i + 1000));
    return { angelegt: values.length, duplikate };
  });
}

function defectNames(hydrant: Hydrant): string {
  return hydrant.mangel
    .map((key) => `${key} ${defectCatalogue.find((d) => d.schluessel === key)?.name ?? ''}`.trim())
    .join('\n');
}

/**
 * The inspection report for the water utility: every hydrant with defects, grouped by street, with
 * number, house number, position and defect names; urgent findings marked.
 */
export async function inspectionReport(db: Db, now = Date.now()): Promise<Buffer> {
  const [list, streets] = [await listHydrants(db), await listStreets(db)];
  const withDefects = list.filter((h) => h.mangel.length > 0);
  const byStreet = new Map<number, Hydrant[]>();
  for (const hydrant of withDefects)
    byStreet.set(hydrant.id_strasse, [...(byStreet.get(hydrant.id_strasse) ?? []), hydrant]);
  const ordered = streets.filter((street) => byStreet.has(street.id));
  return renderPdf({ title: 'Hydranten-Prüfbericht', subject: 'Hydranten mit Mängeln' }, (pdf) => {
    pdf.title('Hydranten-Prüfbericht');
    pdf.paragraph(
      `Stand ${formatGermanDateTime(now)} · ${list.length} Hydranten, davon ${withDefects.length} mit Mängeln, ` +
        `${withDefects.filter((h) => hasUrgentDefect(h.mangel)).length} dringend (!).`,
      { grey: 0.3 },
    );
    if (ordered.length === 0) pdf.paragraph(hydrantMessages.noFindings);
    for (const street of ordered) {
      pdf.heading(
        [street.strasse, [street.plz, street.ort].filter((p) => p !== '').join(' ')].filter((p) => p !== '').join(', '),
      );
      const rows = (byStreet.get(street.id) ?? [])
        .sort((a, b) => a.hausnummer.localeCompare(b.hausnummer, 'de', { numeric: true }))
        .map((h) => [
          `${hasUrgentDefect(h.mangel) ? '! ' : ''}${h.nummer}`,
          h.hausnummer,
          `${h.coords_lat.toFixed(6)}, ${h.coords_lon.toFixed(6)}`,
          `${h.lage}, DN ${h.durchmesser}`,
          defectNames(h),
        ]);
      pdf.table({
        columns: [
          { header: 'Nummer', width: 60 },
          { header: 'Hausnr.', width: 50 },
          { header: 'Position', width: 110 },
          { header: 'Lage', width: 75 },
          { header: 'Mängel' },
        ],
        rows,
        size: 9,
      });
    }
  });
}

/** getBericht: the inspection report, offered for download.php. */
export async function offerInspectionReport(app: AppContext, user: LoadedUser): Promise<OfferedFile> {
  const bytes = await inspectionReport(app.db);
  const name = `Hydranten-Pruefbericht-${todayIsoDay()}.pdf`;
  return offerFile(
    { app, user },
    { name, mime: 'application/pdf', bytes },
    { via: 'download', key: 'hydranten-bericht.pdf' },
  );
}
