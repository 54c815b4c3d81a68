import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { platformCalls, MAX_RECORD_ID, protokollMessages } from '@hortus/contract';
import { childrenCalls, childrenMessages, type ChildrenData } from '@hortus/contract/modules/children';
import { createGroup, createParameter } from '../../../src/seed/factories';
import { children } from '../../../src/modules/children/schema';
import { protokoll } from '../../../src/platform/db/schema';
import { queryRows } from '../../../src/platform/db/raw';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { pageTexts } from '../../support/pdf-reader';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { createElternbrief } = childrenCalls;
const { save, data, saved, expectInvalid, only, tracesOf, world, addChild, childOf } = childrenKit(() => server);

/** The tables whose rows hold `secret` in their text anywhere (a password kept in clear). */
async function storedAnywhere(secret: string): Promise<string[]> {
  const db = server.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows(
      db,
      sql`select 1 from ${sql.identifier(name)} t where t::text like ${`%${secret}%`} limit 1`,
    );
    if (rows.length > 0) found.push(name);
  }
  return found;
}

describe('200 parent accounts', () => {
  it('creates, resets and deletes parent accounts, prints letters, and never touches other accounts', async () => {
    const w = await world();
    const settings = (await data(w.admin.code)).settings;
    const noGroup = await save(w.admin.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn: 'mama1', ids_kinder: [] } },
    });
    expectInvalid(noGroup, 'dataToSave.data.eltern.nn');
    await saved(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: w.gParents } });
    const child = await addChild(w.admin.code, w.classA);
    const nn = `mama${w.gParents}`;
    const created = await saved(w.admin.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn, vorname: 'Anna', nachname: 'Müller', ids_kinder: [child.id] } },
    });
    const password = created.body.neuPW as string;
    expect(password.length).toBeGreaterThanOrEqual(8);
    const parent = (created.body.save as ChildrenData).eltern.find((p) => p.nn === nn);
    expect(parent?.anzahlKinder).toBe(1);
    expect(parent?.name).toBe('Anna Müller');
    expect((await childOf(w.admin.code, child.id))?.id_eltern).toBe(parent?.id);
    expect((await server.post(platformCalls.login.url, { nn, pw: password })).body.status).toBe('passwortWaehlen');
    expectInvalid(
      await save(w.admin.code, { type: 'editEltern', data: { eltern: { id: 0, nn, ids_kinder: [] } } }),
      'dataToSave.data.eltern.nn',
    );
    // Without x|200|100, and for children of classes one cannot edit.
    expectStatus(
      await save(w.viewer.code, { type: 'editEltern', data: { eltern: { id: 0, nn: 'papa', ids_kinder: [] } } }),
      'noRight',
      403,
    );
    expectStatus(
      await save(w.outsider.code, {
        type: 'editEltern',
        data: { eltern: { id: 0, nn: `papa${w.gParents}`, ids_kinder: [child.id] } },
      }),
      'notFound',
      404,
    );
    // Staff accounts are no parent accounts.
    expectStatus(await save(w.admin.code, { type: 'resetElternPW', data: { id: w.viewer.id } }), 'notFound', 404);
    expectStatus(
      await save(w.admin.code, { type: 'delEltern', data: { eltern: { id: w.viewer.id } } }),
      'notFound',
      404,
    );

    // A letter prints a fresh start password: the one answered at creation stops working.
    const letterText = async (code: string, file: unknown) => {
      const download = await server.app.inject({
        method: 'POST',
        url: '/_api/data/download.php',
        payload: { code, file },
      });
      expect(download.statusCode).toBe(200);
      return (await pageTexts(new Uint8Array(download.rawPayload))).join(' ');
    };
    const letter = await server.call(createElternbrief, w.admin.code, { eltern: [parent?.id ?? 0] });
    expectStatus(letter, 'success', 200);
    expect(letter.body.name).toBe(`Zugangsdaten_${nn}.pdf`);
    const text = await letterText(w.admin.code, letter.body.file);
    expect(text).toContain(nn);
    expect(text).not.toContain(password);
    const printed = /Startpasswort\s+([A-Za-z2-9]{12})/.exec(text)?.[1] ?? '';
    expect(printed).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await server.post(platformCalls.login.url, { nn, pw: password })).body.status).toBe('invalid');
    expect((await server.post(platformCalls.login.url, { nn, pw: printed })).body.status).toBe('passwortWaehlen');
    expectStatus(await server.call(createElternbrief, w.viewer.code, { eltern: [parent?.id ?? 0] }), 'noRight', 403);
    expectStatus(await server.call(createElternbrief, w.admin.code, { eltern: [w.viewer.id] }), 'notFound', 404);

    const reset = await saved(w.admin.code, { type: 'resetElternPW', data: { id: parent?.id ?? 0 } });
    const newPassword = reset.body.neuPW as string;
    expect(newPassword).not.toBe(printed);
    expect((await server.post(platformCalls.login.url, { nn, pw: printed })).body.status).toBe('invalid');
    // No start password is stored anywhere in the database (only its hash).
    for (const secret of [password, printed, newPassword]) expect(await storedAnywhere(secret)).toEqual([]);
    // The parent logs in with the start password once, choosing an own one.
    const parentCode = await server.firstLogin(nn, newPassword, 'Eigenes#Passwort-2026');
    const before = await server.login(nn, 'Eigenes#Passwort-2026');
    expectStatus(await server.call(platformCalls.getSettings, before), 'success');
    // Once the parent chose a password, a letter prints none and leaves the own password working.
    const later = await server.call(createElternbrief, w.admin.code, { eltern: [parent?.id ?? 0] });
    expectStatus(later, 'success', 200);
    const laterText = await letterText(w.admin.code, later.body.file);
    expect(laterText).toContain(nn);
    expect(laterText).toContain(childrenMessages.passwordChanged);
    expectStatus(await server.call(platformCalls.getSettings, before), 'success');

    const deleted = await saved(w.admin.code, { type: 'delEltern', data: { eltern: { id: parent?.id ?? 0 } } });
    expect(deleted.body.kindUpdated).toBe(true);
    // Deleting the account ends its session at once.
    expectStatus(await server.call(platformCalls.getSettings, parentCode), 'accessError', 401);
    // The list load reads parent links fresh (its children come from memory).
    expect((deleted.body.save as ChildrenData).kinder.find((k) => k.id === child.id)?.id_elternkonto).toBe(0);
    expect((deleted.body.save as ChildrenData).eltern.find((p) => p.nn === nn)).toBeUndefined();
    const [row] = await server.database.db.select().from(children).where(eq(children.id, child.id));
    expect(row?.parentUserId).toBeNull();
    // Erasure (Art. 17 DSGVO): the account's name is nowhere any more, its logins and history included;
    // one Protokoll entry without details says it was deleted.
    expect(await tracesOf(nn)).toEqual([]);
    const history = await server.database.db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.objektTyp, 'Benutzer'), eq(protokoll.objektId, String(parent?.id ?? 0))));
    expect(history).toEqual([
      expect.objectContaining({ modul: '005', aktion: protokollMessages.erased, nutzerId: w.admin.id, details: [] }),
    ]);
  });
});

describe('200 parent parameters (f200)', () => {
  it('shows and saves the parent group’s parameters by condition f200, refusing others and bad values', async () => {
    const w = await world();
    const db = server.database.db;
    const everyone = { alle: true, gruppen: [] };
    const nobody = { alle: false, gruppen: [] };
    const area = { sehen: everyone, bearbeiten: everyone };
    const editable = await createParameter(db, {
      name: 'Allergien',
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: only(w.gEdit) } },
    });
    const choice = await createParameter(db, {
      typ: 9,
      options: ['Bus', 'zu Fuß'],
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: only(w.gEdit) } },
    });
    const readOnly = await createParameter(db, {
      bedingungen: { f010: area, f100: area, f200: { sehen: everyone, bearbeiten: nobody } },
    });
    const hidden = await createParameter(db, {
      bedingungen: { f010: area, f100: area, f200: { sehen: nobody, bearbeiten: nobody } },
    });
    const group = await createGroup(db, { parameterIds: [editable.id, choice.id, readOnly.id, hidden.id] });
    const settings = (await data(w.admin.code)).settings;
    await saved(w.admin.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: group } });
    const nn = `papa${group}`;
    await saved(w.admin.code, {
      type: 'editEltern',
      data: {
        eltern: {
          id: 0,
          nn,
          nutzerparameterwerte: { [editable.id]: 'Nüsse' },
          nutzerparameterwerteSelectoptionIDs: { [choice.id]: [choice.optionIds[1] ?? 0] },
        },
      },
    });
    const parent = (await data(w.admin.code)).eltern.find((p) => p.nn === nn);
    expect(parent?.nutzer.nutzerparameter.map((p) => [p.id, p.bearbeiten])).toEqual(
      expect.arrayContaining([
        [editable.id, true],
        [choice.id, true],
        [readOnly.id, false],
      ]),
    );
    expect(parent?.nutzer.nutzerparameter.some((p) => p.id === hidden.id)).toBe(false);
    expect(parent?.nutzer.nutzerparameterwerte[String(editable.id)]).toBe('Nüsse');
    expect(parent?.nutzer.nutzerparameterwerteSelectoptionIDs[String(choice.id)]).toEqual([choice.optionIds[1]]);
    const id = parent?.id ?? 0;
    const edit = (extra: Record<string, unknown>) =>
      save(w.admin.code, { type: 'editEltern', data: { eltern: { id, nn, ...extra } } });
    expectStatus(await edit({ nutzerparameterwerte: { [readOnly.id]: 'x' } }), 'noRight', 403);
    expectInvalid(
      await edit({ nutzerparameterwerte: { [hidden.id]: 'x' } }),
      `dataToSave.data.eltern.nutzerparameterwerte.${hidden.id}`,
    );
    expectInvalid(
      await edit({ nutzerparameterwerteSelectoptionIDs: { [choice.id]: [MAX_RECORD_ID] } }),
      `dataToSave.data.eltern.nutzerparameterwerteSelectoptionIDs.${choice.id}`,
    );
    const after = (await data(w.admin.code)).eltern.find((p) => p.id === id);
    expect(after?.nutzer.nutzerparameterwerte[String(editable.id)]).toBe('Nüsse');
    expect(after?.nutzer.nutzerparameterwerte[String(readOnly.id)]).toBe('');
    await saved(w.admin.code, { type: 'settings', data: settings });
  });
});
