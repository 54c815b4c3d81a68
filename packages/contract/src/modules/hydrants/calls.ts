import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { ruledString } from '../../platform/schema';
import { jsonField, newOrRecordId, recordId } from '../../platform/wire';
import { isIsoDate, tooLongMessage, validationMessages } from '../../platform/validation';
import { DEFAULT_INSPECTION_YEARS, defectCatalogue, type HydrantStatus } from './logic';
import { versionInput, versionView } from '../../platform/versions';

/** Base path of module 310's calls (business.md 7.1). */
export const HYDRANT_PATH = '/_api/300/310/karte.php';

/** German texts of module 310 (business.md section 8) and our own where the specification is silent. */
export const hydrantMessages = {
  saveFailed: 'Hydrant konnte nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  deleteFailed: 'Hydrant konnte nicht gelöscht werden. Bitte die Netzwerkverbindung prüfen.',
  loadFailed: 'Hydranten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  settingsSaveFailed: 'Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  locationDisabled: 'Standortermittlung ist nicht aktiviert.',
  locationUnsupported: 'Standortermittlung wird nicht unterstützt.',
  noAddressFromCoordinates: 'Es konnte keine Adresse aus den Koordinaten ermittelt werden.',
  noCoordinatesFromAddress: 'Es konnten keine Koordinaten aus der Adresse ermittelt werden.',
  geocodingFailed: 'Es konnte keine Adresse ermittelt werden. Bitte Netzwerkverbindung prüfen.',
  saved: 'Hydrant erfolgreich gespeichert!',
  deleted: 'Hydrant erfolgreich gelöscht!',
  allStatus: (statusName: string) => `Alle Hydranten sind nun "${statusName}".`,
  unknownHydrant: 'Diesen Hydranten gibt es nicht (mehr).',
  unknownStreet: 'Diese Straße gibt es nicht.',
  unknownDefect: 'Unbekannter Mangel.',
  unknownStatus: 'Ungültiger Status.',
  latitude: 'Bitte einen Breitengrad zwischen -90 und 90 angeben.',
  longitude: 'Bitte einen Längengrad zwischen -180 und 180 angeben.',
  zoom: 'Bitte eine Zoomstufe zwischen 1 und 20 angeben.',
  digitsOnly: 'Bitte nur Ziffern angeben.',
  postcode: 'Die Postleitzahl muss aus fünf Ziffern bestehen.',
  diameter: 'Bitte einen Durchmesser zwischen 0 und 1000 mm angeben.',
  cycle: 'Bitte einen Prüfzyklus zwischen 1 und 20 Jahren angeben.',
  deleteConfirm: 'Der Hydrant wird unwiderruflich gelöscht.',
  loading: 'Lade Daten... Bitte warten',
  noFindings: 'Keine Mängel gefunden',
  noOverdue: 'Keine überfälligen Hydranten',
  noResults: 'Keine Hydranten gefunden',
  routesPlaceholder: 'Hier können bald Prüfrouten geplant werden.',
  bulkConfirm: 'Alle Hydranten werden auf „ungeprüft“ gesetzt. Fortfahren?',
} as const;

/** Defaults of a new hydrant (business.md 9). */
export const hydrantDefaults = {
  lageSchild: 'Laterne',
  lage: 'Gehweg',
  durchmesser: 100,
  status: '2' as HydrantStatus,
  zoom: 18,
  zoomSnap: 0.5,
  /** Fallback home position when no settings exist: the geographic centre of Germany (Niederdorla). */
  home: { lat: 51.1634, lon: 10.4477, zoom: 6 },
  maxZoom: 20,
  minZoom: 1,
} as const;

const NAME_MAX = 100;
const HOUSE_MAX = 20;
const NUMBER_MAX = 20;
const INFO_MAX = 1000;

/**
 * A number given as number or numeric text (form fields arrive as text). One schema, not a union: every
 * refused value — an emptied field (NaN), text, a number out of range — gets the field's own message,
 * never a union member's 'erwartet Zahl, erhalten NaN'.
 */
function numberInput(message: string, min: number, max: number) {
  return z
    .custom<number | string>((value) => typeof value === 'number' || typeof value === 'string', {
      error: validationMessages.required,
    })
    .transform((value, ctx) => {
      const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value.replace(',', '.'));
      if (!Number.isFinite(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return number;
    });
}

/** The koordinaten rule: a latitude or longitude in degrees. */
export const latitude = numberInput(hydrantMessages.latitude, -90, 90);
export const longitude = numberInput(hydrantMessages.longitude, -180, 180);
export const zoomLevel = numberInput(hydrantMessages.zoom, hydrantDefaults.minZoom, hydrantDefaults.maxZoom);

const nameText = (max: number) => ruledString('name').pipe(z.string().trim().max(max, tooLongMessage(max)));
/** The nummer rule: digits only (empty allowed unless required). */
const digits = (max: number) =>
  z
    .string({ error: validationMessages.required })
    .trim()
    .regex(/^[0-9]*$/, hydrantMessages.digitsOnly)
    .max(max, tooLongMessage(max));

/**
 * The plz rule: empty or a German postcode of exactly five digits. A spreadsheet turns 01445 into 1445;
 * such a value is refused rather than stored as a second street.
 */
export const postcode = z
  .string({ error: validationMessages.required })
  .trim()
  .refine((value) => /^[0-9]*$/.test(value), { message: hydrantMessages.digitsOnly, abort: true })
  .refine((value) => value === '' || value.length === 5, hydrantMessages.postcode);

export const hydrantStatus = z
  .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], { error: hydrantMessages.unknownStatus })
  .transform((value) => String(value) as HydrantStatus);

export const defectKey = z
  .string({ error: hydrantMessages.unknownDefect })
  .refine((key) => defectCatalogue.some((entry) => entry.schluessel === key), hydrantMessages.unknownDefect);
export const defectList = z.array(defectKey).max(defectCatalogue.length * 2);

const isoDayOrEmpty = z
  .string()
  .refine((value) => value === '' || isIsoDate(value), validationMessages.date)
  .default('');

/** A hydrant as the edit form sends it (saveHydrant); id 0 is a new hydrant. */
export const hydrantInput = z
  .object({
    id: newOrRecordId(),
    coords_lat: latitude,
    coords_lon: longitude,
    /** An existing street; 0: the street is given by strasse/plz/ort (created when it does not exist). */
    id_strasse: newOrRecordId(),
    strasse: nameText(NAME_MAX).default(''),
    plz: postcode.default(''),
    ort: nameText(NAME_MAX).default(''),
    hausnummer: nameText(HOUSE_MAX).default(''),
    lageSchild: nameText(NAME_MAX).default(hydrantDefaults.lageSchild),
    nummer: digits(NUMBER_MAX).default(''),
    lage: nameText(NAME_MAX).default(hydrantDefaults.lage),
    durchmesser: numberInput(hydrantMessages.diameter, 0, 1000)
      .pipe(z.number().int(hydrantMessages.diameter))
      .default(hydrantDefaults.durchmesser),
    info: ruledString('text')
      .pipe(z.string().max(INFO_MAX, tooLongMessage(INFO_MAX)))
      .default(''),
    status: hydrantStatus.default(hydrantDefaults.status),
    mangel: defectList.default([]),
    /** Day of the last inspection ('YYYY-MM-DD'), '' when never inspected. */
    letztePruefung: isoDayOrEmpty,
    ...versionInput,
  })
  .refine((value) => !(isRecord(value) && value.id_strasse === 0 && value.strasse === ''), {
    // A street given by name needs its name (the server creates it). Checked even while other fields are
    // refused (`when`), so the form shows it on the first Speichern, not after a server round trip.
    path: ['strasse'],
    message: validationMessages.required,
    when: () => true,
  });
export type HydrantInput = z.input<typeof hydrantInput>;

/** The street rule runs even on refused input (`when`), which may be no object at all (`null`, a string). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
export type HydrantValues = z.output<typeof hydrantInput>;

export const hydrant = z.object({
  id: z.number(),
  coords_lat: z.number(),
  coords_lon: z.number(),
  id_strasse: z.number(),
  hausnummer: z.string(),
  lageSchild: z.string(),
  nummer: z.string(),
  lage: z.string(),
  durchmesser: z.number(),
  info: z.string(),
  status: z.enum(['1', '2']),
  mangel: z.array(z.string()),
  /** Last change, Unix milliseconds. */
  lastUpdate: z.number(),
  letztePruefung: z.string(),
  ...versionView,
});
export type Hydrant = z.infer<typeof hydrant>;

export const street = z.object({ id: z.number(), strasse: z.string(), plz: z.string(), ort: z.string() });
export type Street = z.infer<typeof street>;

export const hydrantSettings = z.object({
  startpos_lat: z.number(),
  startpos_lon: z.number(),
  startpos_zoom: z.number(),
  /** Inspection cycle in years (default 4). */
  pruefzyklusJahre: z.number().int().min(1).max(20).default(DEFAULT_INSPECTION_YEARS),
});
export type HydrantSettings = z.infer<typeof hydrantSettings>;

/** saveSettings: start position and zoom (business.md 7.1), optionally the inspection cycle. */
export const hydrantSettingsInput = z.object({
  coords_lat: latitude,
  coords_lon: longitude,
  zoom: zoomLevel,
  pruefzyklusJahre: numberInput(hydrantMessages.cycle, 1, 20).pipe(z.number().int(hydrantMessages.cycle)).optional(),
});
export type HydrantSettingsInput = z.input<typeof hydrantSettingsInput>;

/** Where the map gets its tiles from (server environment, docs/operations.md). */
export const mapConfig = z.object({
  /** Tile URL template ({z}/{x}/{y}); '' draws no tiles (tests, offline installations). */
  tileUrl: z.string(),
  attribution: z.string(),
  /** The server offers address lookups (a geocoding service is configured). */
  geocoding: z.boolean(),
});
export type MapConfig = z.infer<typeof mapConfig>;

export const hydrantData = z.object({
  status: z.literal('success'),
  /** The register's version stamp (set by the platform; send it back as `xtime` to get what changed). */
  xtime: z.number().optional(),
  /** null: nothing saved yet, the map starts at the fallback home position. */
  settings: hydrantSettings.nullable(),
  hydranten: z.array(hydrant),
  strassen: z.array(street),
  statuswerte: z.array(z.object({ id: z.enum(['1', '2']), name: z.string() })),
  maengel: z.array(z.object({ schluessel: z.string(), name: z.string() })),
  karte: mapConfig,
});
export type HydrantData = z.infer<typeof hydrantData>;

const success = z.object({ status: z.literal('success') });
const hydrantReply = success.extend({ hydrant });

export const address = z.object({ strasse: z.string(), hausnummer: z.string(), plz: z.string(), ort: z.string() });
export type Address = z.infer<typeof address>;

const SEARCH_MAX = 200;

/** Largest import (the server takes request bodies up to 1 MB). */
export const IMPORT_MAX_CHARS = 900_000;
export const registerFormats = ['csv', 'geojson'] as const;
const registerFormat = z.enum(registerFormats, { error: 'Bitte csv oder geojson angeben.' });
const offeredFile = success.extend({ file: z.string(), name: z.string() });

/** Calls of module 310 (business.md 7.1; docs/api.md). */
export const hydrantCalls = {
  getHydranten: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'getHydranten',
    request: {},
    reply: hydrantData,
    delta: { snapshot: null, collections: { hydranten: 'id', strassen: 'id' } },
  }),
  saveHydrantChangeStatus: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'saveHydrantChangeStatus',
    request: { idHydrant: recordId(), status: hydrantStatus },
    reply: hydrantReply,
  }),
  /** Saves the defect list; the inspection marks the hydrant checked, so the reply carries neuStatus. */
  saveHydrantChangeMangel: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'saveHydrantChangeMangel',
    request: { idHydrant: recordId(), mangel: jsonField(defectList) },
    reply: hydrantReply.extend({ neuStatus: z.enum(['1', '2']) }),
  }),
  saveHydrant: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'saveHydrant',
    request: { hydrant: jsonField(hydrantInput) },
    reply: hydrantReply.extend({ strasse: street }),
  }),
  delHydrant: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'delHydrant',
    request: { idHydrant: recordId() },
    reply: success,
  }),
  saveSettings: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'saveSettings',
    request: { settings: jsonField(hydrantSettingsInput) },
    reply: success.extend({ settings: hydrantSettings }),
  }),
  saveHydrantChangeStatusALL: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'saveHydrantChangeStatusALL',
    request: { neuStatus: hydrantStatus },
    reply: success.extend({ statuswert: z.object({ id: z.enum(['1', '2']), name: z.string() }), anzahl: z.number() }),
  }),
  /** Inspection report PDF (hydrants with defects by street), fetched through download.php. */
  getBericht: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'getBericht',
    request: {},
    reply: offeredFile,
    timeoutMs: 30_000,
  }),
  /** The register as CSV or GeoJSON, fetched through download.php. */
  exportRegister: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'exportRegister',
    request: { format: registerFormat },
    reply: offeredFile,
    timeoutMs: 30_000,
  }),
  /** Adds the hydrants of a CSV or GeoJSON file; bad rows refuse the whole file, duplicates are skipped. */
  importRegister: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'importRegister',
    request: {
      format: registerFormat,
      inhalt: z
        .string({ error: validationMessages.required })
        .max(
          IMPORT_MAX_CHARS,
          `Die Datei ist zu groß (höchstens ${IMPORT_MAX_CHARS.toLocaleString('de-DE')} Zeichen).`,
        ),
    },
    reply: success.extend({ angelegt: z.number(), duplikate: z.array(z.string()) }),
    timeoutMs: 60_000,
  }),
  /** Reverse lookup through the server's geocoding proxy (needs a house number and country de). */
  reverseGeocode: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'reverseGeocode',
    request: { lat: latitude, lon: longitude },
    reply: success.extend({ adresse: address }),
  }),
  /** Forward lookup: an address text to coordinates. */
  searchAddress: defineCallSpec({
    path: HYDRANT_PATH,
    func: 'searchAddress',
    request: {
      q: ruledString('required', 'name').pipe(z.string().trim().max(SEARCH_MAX, tooLongMessage(SEARCH_MAX))),
    },
    reply: success.extend({ lat: z.number(), lon: z.number() }),
  }),
};
