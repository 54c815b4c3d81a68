import { and, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DATENSCHUTZ_SETTINGS_CODE,
  PROTOKOLL_LOGIN_MODULE,
  PROTOKOLL_PAGE_DEFAULT,
  datenschutzSettings,
  datenschutzRun,
  datenschutzRunCode,
  formatEuro,
  type DatenschutzReply,
  type DatenschutzSettings,
  protokollMessages,
  protokollTime,
  type ModuleDefinition,
  type ProtokollEntry,
} from '@hortus/contract';
import type { Caller } from '../auth/session-user';
import type { Db } from '../db/database';
import { groups, protokoll, users } from '../db/schema';
import type { AppContext } from '../http/calls';
import type { BackgroundJob, ProtokollField, ProtokollFields, ProtokollNames } from '../modules/server-module';
import { readModuleSettings, writeModuleSettings } from '../settings/module-settings';

/**
 * The Protokoll (docs/architecture.md "Protokoll"): the database's row triggers (migration 0016) record
 * every change of the tracked tables in the writing transaction; this service records logins, reads the
 * entries for user administration and a record's history, and removes entries past the retention.
 */

/** One change of a row as the trigger stores it: table, operation, changed columns [old, new]. */
interface StoredChange {
  t: string;
  a: 'INSERT' | 'UPDATE' | 'DELETE';
  f: Record<string, [unknown, unknown]>;
}

/**
 * Readable names of the platform's tracked tables (the details line names the part of a record that changed);
 * a module names its own tables (ServerModule.protokollLabels, AppContext.protokollLabels).
 */
const platformTableLabels: Readonly<Record<string, string>> = {
  users: 'Benutzer',
  user_groups: 'Gruppenzugehörigkeit',
  user_rights: 'Einzelrecht',
  user_parameter_values: 'Parameterwert',
  groups: 'Gruppe',
  group_rights: 'Gruppenrecht',
  group_parameters: 'Gruppenparameter',
  user_parameters: 'Parameter',
  parameter_options: 'Auswahlwert',
  module_settings: 'Moduleinstellungen',
  app_settings: 'Einstellung',
  anmeldung: 'Anmeldung',
  weitergabe: 'Weitergabe',
};

/** The readable names of every tracked table: the platform's and those the modules give (a table name otherwise). */
export function protokollTableLabels(
  modules: readonly { protokollLabels?: Readonly<Record<string, string>> }[],
): ReadonlyMap<string, string> {
  return new Map([
    ...Object.entries(platformTableLabels),
    ...modules.flatMap((module) => Object.entries(module.protokollLabels ?? {})),
  ]);
}
const operationLabels: Record<StoredChange['a'], string> = { INSERT: 'neu', UPDATE: 'geändert', DELETE: 'entfernt' };

/**
 * The platform's own columns as the Protokoll reads them, and columns no reader needs in any table: the
 * record's id (the entry names it), its version counter and last editor (the entry names who).
 */
const platformFields: ProtokollFields = {
  users: {
    nn: 'Benutzername',
    ident: 'Anzeigename',
    show: 'In der Mitgliederliste',
    root_pw: 'Startpasswort',
    locked_until: 'Gesperrt bis',
    preferred_language: 'Bevorzugte Sprache für Nachrichten',
    push_quiet_hours: 'Ruhezeiten für Benachrichtigungen',
  },
  user_groups: { user_id: { label: 'Benutzer', ref: 'Benutzer' }, group_id: { label: 'Gruppe', ref: 'Gruppe' } },
  user_rights: { user_id: { label: 'Benutzer', ref: 'Benutzer' }, right: 'Recht' },
  group_rights: { group_id: { label: 'Gruppe', ref: 'Gruppe' }, right: 'Recht' },
  user_parameter_values: {
    user_id: { label: 'Benutzer', ref: 'Benutzer' },
    parameter_id: 'Parameter',
    wert: 'Wert',
    option_ids: 'Auswahl',
  },
  groups: {
    name: 'Name',
    icon: 'Symbol',
    beschreibung: 'Beschreibung',
    standard: 'Standardgruppe',
    force_pw_reset: 'Passwortwechsel erzwingen',
    totp_required: 'Zwei-Faktor-Anmeldung erforderlich',
  },
  group_parameters: { group_id: { label: 'Gruppe', ref: 'Gruppe' }, parameter_id: 'Parameter' },
  user_parameters: {
    name: 'Name',
    icon: 'Symbol',
    typ: 'Typ',
    sort: 'Sortierung',
    ident: 'Kennung',
    see_on_table: 'In der Benutzertabelle',
    bedingungen: 'Bedingungen',
  },
  parameter_options: { parameter_id: 'Parameter', sort: 'Sortierung', wert: 'Wert' },
  module_settings: { module_code: 'Modul', value: 'Werte' },
  app_settings: { key: 'Einstellung', value: 'Wert' },
};
const everyTable: Readonly<Record<string, ProtokollField>> = { id: null, version: null, edited_by: null };

/** How the Protokoll reads every tracked table's columns: the platform's and those the modules give. */
export function protokollFieldsOf(
  modules: readonly { protokollFields?: ProtokollFields }[],
): ReadonlyMap<string, Readonly<Record<string, ProtokollField>>> {
  return new Map([
    ...Object.entries(platformFields),
    ...modules.flatMap((module) => Object.entries(module.protokollFields ?? {})),
  ]);
}

/** The current names of users (display name, else user name) and groups, the platform's record types. */
const platformNames: Readonly<Record<string, ProtokollNames>> = {
  Benutzer: namesById((db, wanted) =>
    db
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.ident}, ''), ${users.nn})` })
      .from(users)
      .where(inArray(users.id, wanted)),
  ),
  Gruppe: namesById((db, wanted) =>
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, wanted)),
  ),
};

/**
 * A record type's names lookup from one query over record ids: the ids the Protokoll stores (text) that are
 * record ids (positive integers within the database's range) are read, at most once each; none means no query.
 */
export function namesById(
  read: (db: Db, ids: number[]) => Promise<readonly { id: number; name: string }[]>,
): ProtokollNames {
  return async (db, ids) => {
    const wanted = [...new Set(ids)]
      .filter((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647)
      .map(Number);
    if (wanted.length === 0) return new Map();
    return new Map((await read(db, wanted)).map((row) => [String(row.id), row.name.trim()]));
  };
}

/** Per record type, its names: the platform's and those the modules give. */
export function protokollNamesOf(
  modules: readonly { protokollNames?: Readonly<Record<string, ProtokollNames>> }[],
): ReadonlyMap<string, ProtokollNames> {
  return new Map([
    ...Object.entries(platformNames),
    ...modules.flatMap((module) => Object.entries(module.protokollNames ?? {})),
  ]);
}

/** The longest details line a reply carries (a record's deletion lists all its parts). */
const DETAILS_MAX = 4000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const decimal = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** Current names of records by type and id (text), as far as the reader may see them. */
export type ProtokollNameLookup = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** How the Protokoll reads a column's value: German dates, amounts and numbers, ja/nein, a record's current name. */
function valueText(
  value: unknown,
  field: Exclude<ProtokollField, string | null> | undefined,
  names: ProtokollNameLookup,
): string {
  if (value === null || value === undefined || value === '') return '–';
  if (field?.ref !== undefined && (typeof value === 'number' || typeof value === 'string')) {
    const name = names.get(field.ref)?.get(String(value));
    return name === undefined ? `Nr. ${value}` : `„${name}“`;
  }
  if (typeof value === 'number') {
    if (field?.format === 'euro') return formatEuro(value);
    if (field?.format === 'hundertstel') return decimal(value / 100);
    return Number.isInteger(value) ? String(value) : decimal(value);
  }
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string') {
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}.${day[2]}.${day[1]}`;
    if (ISO_TIME.test(value)) return protokollTime(value.replace(' ', 'T'));
    return `„${value}“`;
  }
  if (Array.isArray(value))
    return value.length === 0 ? '–' : value.map((entry) => valueText(entry, field, names)).join(', ');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([key, entry]) => `${key}: ${valueText(entry, undefined, names)}`,
    );
    return parts.length === 0 ? '–' : `(${parts.join(', ')})`;
  }
  return String(value);
}

/** A column's German name and value rule (the module's or the platform's; the column's name otherwise). */
function fieldOf(
  fields: ReadonlyMap<string, Readonly<Record<string, ProtokollField>>>,
  table: string,
  column: string,
): { label: string; field?: Exclude<ProtokollField, string | null> } | null {
  const own = fields.get(table);
  // `null` leaves a column out: only a column the module does not mention falls back to the common rules.
  const field = own !== undefined && column in own ? own[column] : everyTable[column];
  if (field === null) return null;
  if (field === undefined) {
    // Amounts and hours kept as whole cents or hundredths read as such even where a module names no column.
    if (column.endsWith('_cents')) return { label: column, field: { label: column, format: 'euro' } };
    if (column.endsWith('_hundredths')) return { label: column, field: { label: column, format: 'hundertstel' } };
    return { label: column };
  }
  return typeof field === 'string' ? { label: field } : { label: field.label, field };
}

/** The readable parts of an entry's details: labels, fields and the names of the records its values name. */
export interface ProtokollReading {
  labels: ReadonlyMap<string, string>;
  fields: ReadonlyMap<string, Readonly<Record<string, ProtokollField>>>;
  names: ProtokollNameLookup;
}

/**
 * The details of an entry as readable lines, one per changed part: 'Benutzer geändert: Anzeigename „Anna“ →
 * „Anna B.“' and 'Gruppenzugehörigkeit neu: Gruppe „Verwaltung“'.
 */
export function detailsText(details: unknown, reading: ProtokollReading): string {
  if (!Array.isArray(details)) return '';
  const parts = (details as StoredChange[]).map((change) => {
    const fields = Object.entries(change.f ?? {}).flatMap(([name, [before, after]]) => {
      const column = fieldOf(reading.fields, change.t, name);
      if (column === null) return [];
      const text = (value: unknown) => valueText(value, column.field, reading.names);
      return [
        change.a === 'UPDATE'
          ? `${column.label} ${text(before)} → ${text(after)}`
          : `${column.label} ${text(change.a === 'INSERT' ? after : before)}`,
      ];
    });
    const label = reading.labels.get(change.t) ?? change.t;
    const head =
      change.t === 'anmeldung' || change.t === 'weitergabe'
        ? label
        : `${label} ${operationLabels[change.a] ?? ''}`.trim();
    return fields.length > 0 ? `${head}: ${fields.join(', ')}` : head;
  });
  const text = parts.join('\n');
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

/** The records an entry's details name by a column with `ref`, per record type (ids as text). */
function referencedIds(
  details: unknown,
  fields: ReadonlyMap<string, Readonly<Record<string, ProtokollField>>>,
  into: Map<string, Set<string>>,
): void {
  if (!Array.isArray(details)) return;
  for (const change of details as StoredChange[]) {
    for (const [name, values] of Object.entries(change.f ?? {})) {
      const field = fields.get(change.t)?.[name];
      if (!field || typeof field === 'string' || field.ref === undefined) continue;
      for (const value of values) {
        if (typeof value !== 'number' && typeof value !== 'string') continue;
        const ids = into.get(field.ref) ?? new Set<string>();
        ids.add(String(value));
        into.set(field.ref, ids);
      }
    }
  }
}

/**
 * The current names of the records `wanted` names, per type, as far as `viewer` may see them: a type a
 * module's access port rules (AccessPort.protokoll) is named only for the ids the port lets the viewer see.
 */
async function namesFor(
  db: Db,
  app: Pick<AppContext, 'protokollNames' | 'protokollAccess'>,
  viewer: Caller,
  wanted: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<ProtokollNameLookup> {
  const names = new Map<string, ReadonlyMap<string, string>>();
  for (const [type, ids] of wanted) {
    const resolve = app.protokollNames.get(type);
    if (!resolve || ids.size === 0) continue;
    let visible: readonly string[] = [...ids];
    for (const rules of app.protokollAccess.values()) {
      const rule = rules[type];
      if (!rule) continue;
      const allowed = await rule(db, viewer);
      if (allowed === 'all') continue;
      visible = visible.filter((id) => ('allBut' in allowed ? !allowed.allBut.includes(id) : allowed.includes(id)));
    }
    if (visible.length > 0) names.set(type, await resolve(db, visible));
  }
  return names;
}

export interface ProtokollFilter {
  von: string;
  bis: string;
  nutzer: number;
  modul: string;
  objekt: string;
  suche: string;
  seite?: number | undefined;
  proSeite?: number | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * What a search typed in the words the Protokoll shows finds in the stored details, which keep the tables' and
 * columns' own names and ISO dates: the raw patterns of every table whose label and every column whose German
 * name contains the text ('Gegangen' → `"time_to": [`), and a German date as stored ('24.12.2026' →
 * '2026-12-24', '24.12.' → '-12-24').
 */
export function storedSearchPatterns(
  text: string,
  labels: ReadonlyMap<string, string>,
  fields: ReadonlyMap<string, Readonly<Record<string, ProtokollField>>>,
): string[] {
  const wanted = text.toLocaleLowerCase('de');
  const matches = (label: string) => label.toLocaleLowerCase('de').includes(wanted);
  const patterns = new Set<string>();
  for (const [table, label] of labels) if (matches(label)) patterns.add(`"t": "${table}"`);
  for (const columns of fields.values()) {
    for (const [column, field] of Object.entries(columns)) {
      const label = field === null ? null : typeof field === 'string' ? field : field.label;
      if (label !== null && matches(label)) patterns.add(`"${column}": [`);
    }
  }
  const date = /^(\d{1,2})\.(\d{1,2})\.(\d{4})?$/.exec(text.trim());
  if (date) {
    const [, day, month, year] = date as unknown as [string, string, string, string | undefined];
    patterns.add(`${year ?? ''}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  }
  return [...patterns];
}

function conditionsOf(
  filter: Omit<ProtokollFilter, 'seite' | 'proSeite'>,
  withheld?: SQL,
  /** Further raw patterns the search text stands for (storedSearchPatterns). */
  stored: readonly string[] = [],
): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.von !== '') {
    conditions.push(sql`${protokoll.zeit} >= (${filter.von}::date)::timestamp at time zone 'Europe/Berlin'`);
  }
  if (filter.bis !== '') {
    conditions.push(sql`${protokoll.zeit} < (${filter.bis}::date + 1)::timestamp at time zone 'Europe/Berlin'`);
  }
  if (filter.nutzer > 0) conditions.push(eq(protokoll.nutzerId, filter.nutzer));
  if (filter.modul !== '') conditions.push(eq(protokoll.modul, filter.modul));
  const objekt = filter.objekt.trim();
  if (objekt !== '') {
    conditions.push(
      sql`(${protokoll.objektTyp} = ${objekt} or ${protokoll.objektTyp} || ' ' || ${protokoll.objektId} = ${objekt})`,
    );
  }
  const suche = filter.suche.trim();
  if (suche !== '') {
    const pattern = likePattern(suche);
    const inDetails = or(
      ...[pattern, ...stored.map(likePattern)].map((each) => sql`${protokoll.details}::text ilike ${each}`),
    );
    // Withheld details are not searched either: a match would tell what they hold.
    const details = withheld ? sql`(not coalesce(${withheld}, false) and (${inDetails}))` : sql`(${inDetails})`;
    conditions.push(
      sql`(${details} or ${protokoll.aktion} ilike ${pattern}
           or ${protokoll.objektTyp} || ' ' || ${protokoll.objektId} ilike ${pattern})`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The module titles entries name (a module's code otherwise). */
function moduleTitle(modules: readonly ModuleDefinition[], code: string): string {
  if (code === PROTOKOLL_LOGIN_MODULE) return protokollMessages.loginModule;
  return modules.find((module) => module.code === code)?.title ?? code;
}

/**
 * The entries whose details `viewer` may not read (F3 of issue 42): for every record type a module's access
 * port rules (AccessPort.protokoll), the entries of that module and type about records outside the ids the
 * module lets the viewer see. Undefined when the viewer may read every entry's details.
 */
export async function withheldEntries(app: AppContext, viewer: Caller): Promise<SQL | undefined> {
  const hidden: SQL[] = [];
  for (const [modul, types] of app.protokollAccess) {
    for (const [objektTyp, visible] of Object.entries(types)) {
      const ids = await visible(app.db, viewer);
      if (ids === 'all') continue;
      const ofType = and(eq(protokoll.modul, modul), eq(protokoll.objektTyp, objektTyp))!;
      if ('allBut' in ids) {
        if (ids.allBut.length > 0) hidden.push(and(ofType, inArray(protokoll.objektId, [...ids.allBut]))!);
        continue;
      }
      hidden.push(ids.length === 0 ? ofType : and(ofType, notInArray(protokoll.objektId, [...ids]))!);
    }
  }
  return hidden.length > 0 ? or(...hidden) : undefined;
}

/**
 * Entries matching the filter, newest first, one page; and how many match in all. The details of entries
 * matching `withheld` (see withheldEntries) are replaced by a notice and not searched. Records are named as
 * they are now (`bezeichnung`, and the values that name a record), as far as `viewer` may see them.
 */
export async function loadProtokoll(
  db: Db,
  app: Pick<AppContext, 'modules' | 'protokollLabels' | 'protokollFields' | 'protokollNames' | 'protokollAccess'>,
  viewer: Caller,
  filter: ProtokollFilter,
  withheld?: SQL,
): Promise<{ eintraege: ProtokollEntry[]; anzahl: number }> {
  const where = conditionsOf(
    filter,
    withheld,
    filter.suche.trim() === ''
      ? []
      : storedSearchPatterns(filter.suche.trim(), app.protokollLabels, app.protokollFields),
  );
  const pageSize = filter.proSeite ?? PROTOKOLL_PAGE_DEFAULT;
  const [counted] = await db
    .select({ anzahl: sql<number>`count(*)::int` })
    .from(protokoll)
    .where(where);
  const rows = await db
    .select({
      zeit: protokoll.zeit,
      nutzerId: protokoll.nutzerId,
      name: sql<string | null>`coalesce(nullif(${users.ident}, ''), ${users.nn})`,
      modul: protokoll.modul,
      aktion: protokoll.aktion,
      objektTyp: protokoll.objektTyp,
      objektId: protokoll.objektId,
      details: protokoll.details,
      withheld: withheld ? sql<boolean>`coalesce(${withheld}, false)` : sql<boolean>`false`,
    })
    .from(protokoll)
    .leftJoin(users, eq(users.id, protokoll.nutzerId))
    .where(where)
    .orderBy(desc(protokoll.zeit), desc(protokoll.id))
    .limit(pageSize)
    .offset((filter.seite ?? 0) * pageSize);
  const wanted = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.withheld) continue;
    const ids = wanted.get(row.objektTyp) ?? new Set<string>();
    ids.add(row.objektId);
    wanted.set(row.objektTyp, ids);
    referencedIds(row.details, app.protokollFields, wanted);
  }
  const names = await namesFor(db, app, viewer, wanted);
  const reading: ProtokollReading = { labels: app.protokollLabels, fields: app.protokollFields, names };
  return {
    anzahl: Number(counted?.anzahl ?? 0),
    eintraege: rows.map((row) => ({
      zeit: row.zeit.toISOString(),
      // A failed login has no acting user (the name tried is in the details); other writes without one are the system's.
      nutzer:
        row.nutzerId === null
          ? row.modul === PROTOKOLL_LOGIN_MODULE
            ? protokollMessages.nobody
            : protokollMessages.system
          : (row.name ?? protokollMessages.unknownUser(row.nutzerId)),
      modul: moduleTitle(app.modules, row.modul),
      aktion: row.aktion,
      objekt: `${row.objektTyp} ${row.objektId}`,
      bezeichnung: row.withheld ? '' : (names.get(row.objektTyp)?.get(row.objektId) ?? ''),
      details: row.withheld ? protokollMessages.withheld : detailsText(row.details, reading),
    })),
  };
}

export type LoginOutcome = 'success' | 'invalid' | 'locked' | 'accountLocked';

/**
 * Records a login (success or failure) with the name entered and the client's address; a known account's
 * entry is that account's, an unknown name's entry names the name. Never the password.
 */
export async function recordLogin(
  db: Db,
  login: { nutzerId: number | null; nn: string; adresse: string; outcome: LoginOutcome; lockedUntil?: Date },
): Promise<void> {
  const aktion = {
    success: protokollMessages.loginSucceeded,
    invalid: protokollMessages.loginFailed,
    locked: protokollMessages.loginLocked,
    accountLocked: protokollMessages.accountLocked,
  }[login.outcome];
  const change: StoredChange = {
    t: 'anmeldung',
    a: 'INSERT',
    f: {
      Anmeldename: [null, login.nn.slice(0, 200)],
      Adresse: [null, login.adresse],
      ...(login.lockedUntil ? { 'Gesperrt bis': [null, login.lockedUntil.toISOString()] } : {}),
    },
  };
  await db.insert(protokoll).values({
    nutzerId: login.outcome === 'success' ? login.nutzerId : null,
    modul: PROTOKOLL_LOGIN_MODULE,
    aktion,
    objektTyp: login.nutzerId === null ? 'Anmeldename' : 'Benutzer',
    objektId: login.nutzerId === null ? login.nn.toLowerCase().slice(0, 200) : String(login.nutzerId),
    details: [change],
  });
}

/**
 * Records that personal data left the app (Art. 5 (2) DSGVO, accountability): a Datenauskunft or a list export,
 * by whom, of what, in which form. Reads change nothing, so no trigger sees them; this entry does.
 */
export async function recordDisclosure(db: Db, disclosure: ProtokollEvent): Promise<void> {
  await recordEvent(db, 'weitergabe', disclosure);
}

/** An entry a module writes itself for what no table trigger sees (a disclosure, a broadcast). */
export interface ProtokollEvent {
  nutzerId: number;
  modul: string;
  aktion: string;
  objektTyp: string;
  objektId: string;
  felder: Record<string, string | number | boolean>;
}

/**
 * Records an event as one Protokoll entry whose details read '<label of `tabelle`> neu: <felder>' (the
 * module's protokollLabels name `tabelle`; 'weitergabe' reads as the label alone). In `db`'s transaction.
 */
export async function recordEvent(db: Db, tabelle: string, disclosure: ProtokollEvent): Promise<void> {
  const change: StoredChange = {
    t: tabelle,
    a: 'INSERT',
    f: Object.fromEntries(Object.entries(disclosure.felder).map(([name, value]) => [name, [null, value]])),
  };
  await db.insert(protokoll).values({
    nutzerId: disclosure.nutzerId,
    modul: disclosure.modul,
    aktion: disclosure.aktion,
    objektTyp: disclosure.objektTyp,
    objektId: disclosure.objektId,
    details: [change],
  });
}

/** The Datenschutz settings (retention), their defaults while none are saved. */
export function readDatenschutzSettings(db: Db): Promise<DatenschutzSettings> {
  return readModuleSettings(db, DATENSCHUTZ_SETTINGS_CODE, datenschutzSettings, datenschutzSettings.parse({}));
}

/** Months the Protokoll keeps its entries (Datenschutz settings; default 24). */
export async function protokollMonths(db: Db): Promise<number> {
  return (await readDatenschutzSettings(db)).protokollMonate;
}

/**
 * Removes entries older than `months` months: the only deletion the Protokoll's guard lets through
 * (the transaction-local setting hortus.protokoll_bereinigen). Answers how many went.
 */
export async function removeExpiredProtokoll(db: Db, months: number, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hortus.protokoll_bereinigen', 'ja', true)`);
    const removed = await tx
      .delete(protokoll)
      .where(sql`${protokoll.zeit} < ${now.toISOString()}::timestamptz - make_interval(months => ${months})`)
      .returning({ id: protokoll.id });
    return removed.length;
  });
}

/** Records a retention job's last run (module settings per job, so two jobs never overwrite each other). */
export async function recordRetentionRun(db: Db, job: string, ergebnis: string, now = new Date()): Promise<void> {
  await writeModuleSettings(db, datenschutzRunCode(job), { zeit: now.toISOString(), ergebnis });
}

/** The Datenschutz settings and every retention job's last run, as getDatenschutz answers them. */
export async function datenschutzOverview(
  db: Db,
  jobs: readonly { name: string; label: string }[],
): Promise<DatenschutzReply> {
  const laeufe = await Promise.all(
    jobs.map(async (job) => ({
      name: job.name,
      label: job.label,
      lauf: await readModuleSettings(db, datenschutzRunCode(job.name), datenschutzRun.nullable(), null),
    })),
  );
  return { status: 'success', settings: await readDatenschutzSettings(db), laeufe };
}

/** When a retention job last ran (its recorded run), null while it never did. */
export async function retentionLastRun(db: Db, job: string): Promise<Date | null> {
  const run = await readModuleSettings(db, datenschutzRunCode(job), datenschutzRun.nullable(), null);
  return run ? new Date(run.zeit) : null;
}

/**
 * A daily retention job: `work` does it, `result` says in German what it did; each run is recorded for the
 * Datenschutz page (listed there under `label`), and a server that was down when the job was due catches up
 * after its start (`lastRun`).
 */
export function retentionJob<T>(
  name: string,
  label: string,
  work: (app: AppContext) => Promise<T>,
  result: (done: T) => string,
): BackgroundJob & { run(app: AppContext): Promise<T>; datenschutz: string } {
  return {
    name,
    datenschutz: label,
    everyMs: 24 * 60 * 60_000,
    lastRun: (app) => retentionLastRun(app.db, name),
    run: async (app) => {
      const done = await work(app);
      await recordRetentionRun(app.db, name, result(done));
      return done;
    },
  };
}

/** Daily: entries past the configured retention are removed; the run is recorded. */
export const protokollRetentionJob = retentionJob(
  'protokoll-retention',
  'Protokoll bereinigen',
  async (app) => removeExpiredProtokoll(app.db, await protokollMonths(app.db)),
  (removed) => `${removed} Einträge entfernt`,
);

/**
 * Erasure (Art. 17 DSGVO, docs/architecture.md "Datenschutz"): removes every entry of one record — its
 * history holds the person's data, old and new values alike — and leaves one entry without details that
 * says the record was deleted and by whom. Runs inside the erasing transaction, after its deletes (their
 * trigger entries go too); the guard's setting is switched on for this one delete and off again, so nothing
 * else in the transaction can remove entries.
 */
export async function eraseProtokollOf(
  tx: Db,
  modul: string,
  objektTyp: string,
  objektId: string,
  /** Further entries about the person (a user's logins) that go without a marker of their own. */
  also: readonly { modul: string; objektTyp: string; objektId: string }[] = [],
): Promise<void> {
  await tx.execute(sql`select set_config('hortus.protokoll_bereinigen', 'ja', true)`);
  for (const object of [{ modul, objektTyp, objektId }, ...also]) {
    await tx
      .delete(protokoll)
      .where(
        and(
          eq(protokoll.modul, object.modul),
          eq(protokoll.objektTyp, object.objektTyp),
          eq(protokoll.objektId, object.objektId),
        ),
      );
  }
  await tx.execute(sql`select set_config('hortus.protokoll_bereinigen', '', true)`);
  await tx.insert(protokoll).values({
    nutzerId: sql`nullif(current_setting('hortus.nutzer', true), '')::integer`,
    modul,
    aktion: protokollMessages.erased,
    objektTyp,
    objektId,
    details: [],
  });
}
