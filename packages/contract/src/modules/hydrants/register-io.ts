import { hydrantInput, type Hydrant, type HydrantValues, type Street } from './calls';
import { csvRecords, csvText, unguardCell } from '../../platform/csv';
import { germanIssueMessage, safeParseReporting } from '../../platform/schema';

/**
 * Export and import of the register (beyond the specification): CSV (semicolon, UTF-8 with byte order
 * mark, opens in German Excel) and GeoJSON (a FeatureCollection of points, WGS 84). Both carry the same
 * columns; an import checks every row with the hydrant rules and names bad rows by line number.
 */
export const REGISTER_COLUMNS = [
  'nummer',
  'strasse',
  'hausnummer',
  'plz',
  'ort',
  'breitengrad',
  'laengengrad',
  'lage',
  'lageSchild',
  'durchmesser',
  'status',
  'maengel',
  'letztePruefung',
  'info',
] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];
export type RegisterRow = Partial<Record<RegisterColumn, string>>;

export const importMessages = {
  empty: 'Die Datei enthält keine Hydranten.',
  noHeader: `Die erste Zeile muss die Spaltennamen enthalten (${REGISTER_COLUMNS.join(';')}).`,
  unknownColumn: (name: string) => `Unbekannte Spalte „${name}“.`,
  badGeoJson: 'Die Datei ist kein GeoJSON mit Punkten (FeatureCollection).',
  unclosedQuote: 'Ein Anführungszeichen wird nicht geschlossen.',
  row: (line: number, field: string, message: string) => `Zeile ${line}: ${field}: ${message}`,
  duplicateNumber: (line: number, nummer: string) => `Zeile ${line}: Die Nummer ${nummer} gibt es schon.`,
  duplicatePosition: (line: number) => `Zeile ${line}: An dieser Position steht schon ein Hydrant.`,
} as const;

function rowOf(hydrant: Hydrant, street: Street | undefined): Record<RegisterColumn, string> {
  return {
    nummer: hydrant.nummer,
    strasse: street?.strasse ?? '',
    hausnummer: hydrant.hausnummer,
    plz: street?.plz ?? '',
    ort: street?.ort ?? '',
    breitengrad: String(hydrant.coords_lat),
    laengengrad: String(hydrant.coords_lon),
    lage: hydrant.lage,
    lageSchild: hydrant.lageSchild,
    durchmesser: String(hydrant.durchmesser),
    status: hydrant.status,
    maengel: hydrant.mangel.join(','),
    letztePruefung: hydrant.letztePruefung,
    info: hydrant.info,
  };
}

/** Columns that hold numbers: a plain number there is no formula and stays unguarded. */
const NUMBER_COLUMNS: ReadonlySet<RegisterColumn> = new Set(['breitengrad', 'laengengrad', 'durchmesser']);

export function registerCsv(hydrants: readonly Hydrant[], streets: readonly Street[]): string {
  const byId = new Map(streets.map((street) => [street.id, street]));
  const rows = hydrants.map((h) => {
    const row = rowOf(h, byId.get(h.id_strasse));
    return REGISTER_COLUMNS.map((column) => row[column]);
  });
  return csvText([[...REGISTER_COLUMNS], ...rows], {
    bom: true,
    number: (column) => NUMBER_COLUMNS.has(REGISTER_COLUMNS[column] as RegisterColumn),
  });
}

export function registerGeoJson(hydrants: readonly Hydrant[], streets: readonly Street[]): string {
  const byId = new Map(streets.map((street) => [street.id, street]));
  return JSON.stringify({
    type: 'FeatureCollection',
    features: hydrants.map((h) => {
      const { breitengrad: _lat, laengengrad: _lon, ...properties } = rowOf(h, byId.get(h.id_strasse));
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [h.coords_lon, h.coords_lat] },
        properties,
      };
    }),
  });
}

/** The file's records without blank lines (the contract's one CSV reader), or the message of an unclosed quote. */
function csvLines(text: string): { line: number; cells: string[] }[] | string {
  const { records, unclosedQuote } = csvRecords(text);
  if (unclosedQuote) return importMessages.unclosedQuote;
  return records.filter((record) => record.cells.some((value) => value.trim() !== ''));
}

export type ParsedImport = { rows: { line: number; row: RegisterRow }[] } | { error: string };

export function parseRegisterCsv(text: string): ParsedImport {
  const records = csvLines(text.replace(/^\uFEFF/, ''));
  if (typeof records === 'string') return { error: records };
  const [header, ...data] = records;
  if (!header) return { error: importMessages.empty };
  const names = header.cells.map((name) => name.trim());
  if (!names.includes('breitengrad') || !names.includes('laengengrad')) return { error: importMessages.noHeader };
  const unknown = names.find((name) => name !== '' && !(REGISTER_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) return { error: importMessages.unknownColumn(unknown) };
  if (data.length === 0) return { error: importMessages.empty };
  return {
    rows: data.map(({ line, cells }) => ({
      line,
      row: Object.fromEntries(
        names.flatMap((name, index) => (name === '' ? [] : [[name, unguardCell(cells[index] ?? '').trim()]])),
      ) as RegisterRow,
    })),
  };
}

/** GeoJSON: every feature is one row (its number in the file counts as the line, starting at 1). */
export function parseRegisterGeoJson(text: string): ParsedImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: importMessages.badGeoJson };
  }
  const features = (json as { type?: unknown; features?: unknown } | null)?.features;
  if ((json as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) {
    return { error: importMessages.badGeoJson };
  }
  if (features.length === 0) return { error: importMessages.empty };
  return {
    rows: features.map((feature: unknown, index) => {
      const f = feature as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: unknown } | null;
      const coordinates =
        f?.geometry?.type === 'Point' && Array.isArray(f.geometry.coordinates) ? f.geometry.coordinates : [];
      const properties = typeof f?.properties === 'object' && f.properties !== null ? f.properties : {};
      const row: RegisterRow = {};
      for (const column of REGISTER_COLUMNS) {
        const value = (properties as Record<string, unknown>)[column];
        if (typeof value === 'string' || typeof value === 'number') row[column] = String(value).trim();
      }
      row.laengengrad = coordinates[0] === undefined ? '' : String(coordinates[0]);
      row.breitengrad = coordinates[1] === undefined ? '' : String(coordinates[1]);
      return { line: index + 1, row };
    }),
  };
}

/** A row as a hydrant (id 0: new); or the German messages of its bad fields, each with the line number. */
export function hydrantOfRow(line: number, row: RegisterRow): { hydrant: HydrantValues } | { errors: string[] } {
  const parsed = safeParseReporting(hydrantInput, {
    id: 0,
    coords_lat: row.breitengrad ?? '',
    coords_lon: row.laengengrad ?? '',
    id_strasse: 0,
    strasse: row.strasse ?? '',
    plz: row.plz ?? '',
    ort: row.ort ?? '',
    hausnummer: row.hausnummer ?? '',
    nummer: row.nummer ?? '',
    ...(row.lage ? { lage: row.lage } : {}),
    ...(row.lageSchild ? { lageSchild: row.lageSchild } : {}),
    ...(row.durchmesser ? { durchmesser: row.durchmesser } : {}),
    ...(row.status ? { status: row.status } : {}),
    mangel: (row.maengel ?? '')
      .split(/[,\s]+/)
      .filter((key) => key !== '')
      .map((key) => key.padStart(2, '0')),
    letztePruefung: row.letztePruefung ?? '',
    info: row.info ?? '',
  });
  if (parsed.success) return { hydrant: parsed.data };
  const columnOf: Record<string, string> = { coords_lat: 'breitengrad', coords_lon: 'laengengrad', mangel: 'maengel' };
  return {
    errors: parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      return importMessages.row(line, columnOf[field] ?? field, germanIssueMessage(issue));
    }),
  };
}
