import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { PROTOKOLL_LOGIN_MODULE, protokollTime } from '@hortus/contract';
import type { Caller } from '../auth/session-user';
import type { Db } from '../db/database';
import {
  files,
  groups,
  protokoll,
  passkeys,
  sessions,
  userGroups,
  userParameterValues,
  userParameters,
  userRights,
  users,
} from '../db/schema';
import { TEMP_AREA } from '../files/files';
import { readStored } from '../files/store';
import type { AppContext } from '../http/calls';
import type { PersonalDataPart } from '../modules/server-module';
import { renderPdf } from '../pdf/pdf-document';

/**
 * The data subject access request (Art. 15 DSGVO): everything Hortus stores about one user account as a ZIP —
 * `konto.json` (account, groups, own rights, parameter values, sessions, logins), one JSON file per module
 * that keeps data about the person (a parent account: the children's records, exceptions, reports,
 * attendance, diary, documents), the stored files under `dateien/`, and `auskunft.pdf`, a German summary.
 * Never a password hash or a session token.
 */
export class UnknownPersonError extends Error {}

async function accountPart(db: Db, userId: number, recordAreas: readonly string[]): Promise<PersonalDataPart | null> {
  const [account] = await db
    .select({
      id: users.id,
      benutzername: users.nn,
      anzeigename: users.ident,
      // Still the start password an administrator set (true) or one the person chose.
      erstesKennwort: users.rootPw,
      sichtbar: users.show,
      // The language chosen for messages (ISO 639-1), null: German.
      bevorzugteSprache: users.preferredLanguage,
      // Quiet hours for push notifications ({von, bis}), null: none.
      ruhezeiten: users.pushQuietHours,
      angelegt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const gruppen = await db
    .select({ name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name));
  const rechte = await db.select({ recht: userRights.right }).from(userRights).where(eq(userRights.userId, userId));
  const werte = await db
    .select({ parameter: userParameters.name, wert: userParameterValues.wert })
    .from(userParameterValues)
    .innerJoin(userParameters, eq(userParameters.id, userParameterValues.parameterId))
    .where(eq(userParameterValues.userId, userId))
    .orderBy(asc(userParameters.sort));
  const sitzungen = await db
    .select({ angemeldet: sessions.createdAt, zuletzt: sessions.lastSeenAt, adresse: sessions.clientAddress })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  // Passkeys by name and use; their public keys identify nothing and are left out.
  const passkeyRows = await db
    .select({ name: passkeys.name, angelegt: passkeys.createdAt, zuletzt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const anmeldungen = await db
    .select({ zeit: protokoll.zeit, aktion: protokoll.aktion, details: protokoll.details })
    .from(protokoll)
    .where(
      and(
        eq(protokoll.modul, PROTOKOLL_LOGIN_MODULE),
        eq(protokoll.objektTyp, 'Benutzer'),
        eq(protokoll.objektId, String(userId)),
      ),
    )
    .orderBy(asc(protokoll.zeit));
  // The person's own files; not the temp area, which holds what the server made for the caller to
  // download (exports, other people's login letters and Datenauskunft ZIPs): copies, often about others;
  // nor files about a record they uploaded (a child's documents): those are the record's, not theirs.
  const eigeneDateien = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerUserId, userId), notInArray(files.area, [TEMP_AREA, ...recordAreas])));
  return {
    name: 'konto',
    titel: 'Benutzerkonto',
    daten: {
      konto: account,
      gruppen: gruppen.map((row) => row.name),
      eigeneRechte: rechte.map((row) => row.recht),
      parameterwerte: Object.fromEntries(werte.map((row) => [row.parameter, row.wert])),
      sitzungen,
      passkeys: passkeyRows,
      anmeldungen: anmeldungen.map((row) => ({ zeit: row.zeit, aktion: row.aktion })),
    },
    zusammenfassung: [
      `Benutzername: ${account.benutzername}`,
      `Name: ${account.anzeigename || '–'}`,
      `Angelegt am: ${protokollTime(account.angelegt.toISOString())}`,
      `Gruppen: ${gruppen.map((row) => row.name).join(', ') || '–'}`,
      ...werte.filter((row) => row.wert !== '').map((row) => `${row.parameter}: ${row.wert}`),
      `Aktive Sitzungen: ${sitzungen.length}`,
      `Passkeys: ${passkeyRows.length}`,
      `Protokollierte Anmeldungen: ${anmeldungen.length}`,
    ],
    dateiIds: eigeneDateien.map((row) => row.id),
  };
}

/** A name safe inside a ZIP (no folders, no control characters). */
function entryName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._()+-]/gu, '_').slice(0, 120) || 'datei';
}

/**
 * Whether `viewer` may see everything a Datenauskunft of `userId` holds: every module that keeps data about
 * the person says so through its access port (a module without one: only when it keeps nothing). The
 * account's own part (groups, rights, parameter values, sessions, logins) is the Datenschutz right's, which
 * the call checks.
 */
export async function maySeeAllPersonalData(app: AppContext, viewer: Caller, userId: number): Promise<boolean> {
  for (const provider of app.personalData) {
    const allowed = provider.mayView
      ? await provider.mayView(app.db, viewer, userId)
      : (await provider.collect(app.db, userId)) === null;
    if (!allowed) return false;
  }
  return true;
}

/** Builds the ZIP for `userId` (throws UnknownPersonError for an unknown id). */
export async function datenauskunft(app: AppContext, userId: number, now = new Date()): Promise<Buffer> {
  const account = await accountPart(app.db, userId, app.recordFileAreas);
  if (!account) throw new UnknownPersonError();
  const parts: PersonalDataPart[] = [account];
  for (const provider of app.personalData) {
    const part = await provider.collect(app.db, userId);
    if (part) parts.push(part);
  }
  const fileIds = [...new Set(parts.flatMap((part) => part.dateiIds))];
  const stored =
    fileIds.length === 0
      ? []
      : await app.db
          .select({ id: files.id, storageName: files.storageName, originalName: files.originalName })
          .from(files)
          .where(inArray(files.id, fileIds))
          .orderBy(asc(files.id));

  const zip = new ZipFile();
  for (const part of parts) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(part.daten, null, 2)}\n`, 'utf8'), `${entryName(part.name)}.json`);
  }
  const fileLines: string[] = [];
  for (const file of stored) {
    const bytes = await readStored(app.fileStore, app.db, file.storageName);
    if (!bytes) continue;
    const name = `dateien/${file.id}-${entryName(file.originalName)}`;
    zip.addBuffer(bytes, name);
    fileLines.push(name);
  }
  const pdf = await renderPdf({ title: 'Auskunft über gespeicherte Daten (Art. 15 DSGVO)' }, (writer) => {
    writer.title('Auskunft über gespeicherte Daten');
    writer.paragraph(
      `Stand: ${protokollTime(now.toISOString())}. Diese Auskunft enthält alle in Hortus zu diesem Benutzerkonto ` +
        'gespeicherten Daten. Die vollständigen Datensätze liegen als JSON-Dateien bei, die gespeicherten Dateien im Ordner „dateien“.',
    );
    for (const part of parts) {
      writer.heading(part.titel);
      for (const line of part.zusammenfassung) writer.paragraph(line);
      if (part.zusammenfassung.length === 0) writer.paragraph('Keine Einträge.');
    }
    writer.heading('Dateien');
    if (fileLines.length === 0) writer.paragraph('Keine Dateien.');
    for (const line of fileLines) writer.paragraph(line);
  });
  zip.addBuffer(pdf, 'auskunft.pdf');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
