import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { accountMessages, platformCalls } from '@hortus/contract';
import {
  childrenCalls,
  defaultChildrenSettings,
  schoolYearCalls,
  type ChildrenSettings,
} from '@hortus/contract/modules/children';
import { customerCalls } from '@hortus/contract/modules/customers';
import { allJobs } from '../../src/app';
import { groupRights, groups, loginAttempts, sessions, users } from '../../src/platform/db/schema';
import { writeModuleSettings } from '../../src/platform/settings/module-settings';
import { invalidateOrgData } from '../../src/platform/settings/org-data';
import { holdsAllOf } from '../../src/platform/users/rights-guard';
import { rightsOfAccounts } from '../../src/platform/users/accounts';
import { deleteParent, resetParentPassword, saveParent } from '../../src/modules/children/parents-save';
import { readChildrenSettings } from '../../src/modules/children/settings';
import { runSchoolYear } from '../../src/modules/children/school-year';
import { defaultCustomerSettings, readCustomerSettings } from '../../src/modules/customers/settings';
import { createGroup, createUser } from '../../src/seed/factories';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../support/helper';

/**
 * Issue 30: module rights never reach account administration. The attack of the issue (a user with
 * only x|200|set and x|200|100) fails at every step; the same for 410's customer group; changePW counts
 * wrong old passwords; expired sessions are purged by a job; and for random rights and designations no
 * call of 200 or 410 changes an account holding a right the caller lacks.
 */

let server: TestServer;
let adminGroup: number;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [group] = await server.database.db.select().from(groups).orderBy(groups.id).limit(1);
  const [admin] = await server.database.db.select().from(users).where(eq(users.nn, 'admin'));
  adminGroup = group?.id ?? 0;
  adminId = admin?.id ?? 0;
}, 300_000);
afterAll(() => server.close());

const db = () => server.database.db;
const save200 = (code: string, dataToSave: Record<string, unknown>) =>
  server.call(childrenCalls.getSettings, code, { dataToSave });
const save410 = (code: string, dataToSave: Record<string, unknown>) =>
  server.call(customerCalls.getSettings, code, { dataToSave });

async function adminRow() {
  const [row] = await db().select().from(users).where(eq(users.id, adminId));
  return row;
}

/** Stores 200's parent group directly, as if an earlier mistake had set it (the guards must hold anyway). */
async function forceParentGroup(groupId: number): Promise<void> {
  const current = await readChildrenSettings(db());
  await writeModuleSettings(db(), '200', { ...current, id_nutzergruppe_eltern: groupId });
}

describe('a holder of x|200|set and x|200|100 only cannot reach accounts stronger than parents', () => {
  it('cannot designate the administrators as parents', async () => {
    const attacker = await server.userWithSession({ rechteSolo: ['x|200|set', 'x|200|100'] });
    const settings: ChildrenSettings = { ...defaultChildrenSettings, ...(await readChildrenSettings(db())) };
    const reply = await save200(attacker.code, {
      type: 'settings',
      data: { ...settings, id_nutzergruppe_eltern: adminGroup },
    });
    expectInvalid(reply, 'dataToSave.data.id_nutzergruppe_eltern', accountMessages.designationPower);
    expect((await readChildrenSettings(db())).id_nutzergruppe_eltern).toBe(settings.id_nutzergruppe_eltern);
    // A plain group with a right the attacker lacks is refused as well.
    const office = await createGroup(db(), { rechte: ['x|200|000|000'] });
    expectInvalid(
      await save200(attacker.code, { type: 'settings', data: { ...settings, id_nutzergruppe_eltern: office } }),
      'dataToSave.data.id_nutzergruppe_eltern',
      accountMessages.designationNotOwn,
    );
    // A plain group within his rights is fine.
    const parents = await createGroup(db(), { rechte: ['x|200|100'] });
    const ok = await save200(attacker.code, {
      type: 'settings',
      data: { ...settings, id_nutzergruppe_eltern: parents },
    });
    expectStatus(ok, 'success', 200);
  });

  it('with the administrators designated anyway, reset, edit and the wizard reach no administrator', async () => {
    const attacker = await server.userWithSession({ rechteSolo: ['x|200|set', 'x|200|100'] });
    await forceParentGroup(adminGroup);
    const before = await adminRow();
    const userCount = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
      )[0]?.n;
    const countBefore = await userCount();

    const reset = await save200(attacker.code, { type: 'resetElternPW', data: { id: adminId } });
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    expect(reset.body.neuPW).toBeUndefined();

    const edit = await save200(attacker.code, {
      type: 'editEltern',
      data: { eltern: { id: 0, nn: 'eindringling', ids_kinder: [] } },
    });
    expectInvalid(edit, 'dataToSave.data.eltern.nn', accountMessages.designationPower);
    expect(await userCount()).toBe(countBefore);

    const deleted = await save200(attacker.code, { type: 'delEltern', data: { eltern: { id: adminId } } });
    expect(deleted.statusCode).toBeGreaterThanOrEqual(400);

    const wizard = await server.call(schoolYearCalls.neuesSchuljahr, attacker.code, {
      neuesSchuljahrStatus: {
        schritt: 3,
        verteileNeueKlassen: false,
        naechsteKlasse: {},
        wiederholer: [],
        alleElternkontenLoeschen: true,
        fuerAlleNeueElternkonten: false,
        anwesenheitenZuruecksetzen: false,
      },
    });
    expectStatus(wizard, 'success', 200);
    expect((wizard.body.ergebnis as { elternGeloescht: number }).elternGeloescht).toBe(0);

    expect(await adminRow()).toEqual(before);
    expect(await server.login('admin', 'Admin#Passwort1')).toBeTruthy();
    await forceParentGroup(0);
  });

  it('a parent account stronger than the caller (its group gained a right) is neither reset nor deleted', async () => {
    const attacker = await server.userWithSession({ rechteSolo: ['x|200|set', 'x|200|100'] });
    const parents = await createGroup(db(), { rechte: ['x|200|100'] });
    const parent = await createUser(db(), { groupIds: [parents] });
    await forceParentGroup(parents);
    // The group later gets a right the attacker lacks (through user administration).
    await db().insert(groupRights).values({ groupId: parents, right: 'x|410|000' });
    await invalidateOrgData(db());
    const reset = await save200(attacker.code, { type: 'resetElternPW', data: { id: parent.id } });
    expectStatus(reset, 'noRight', 403);
    expectStatus(await save200(attacker.code, { type: 'delEltern', data: { eltern: { id: parent.id } } }), 'noRight');
    expect(await server.login(parent.nn, parent.password)).toBeTruthy();
    await forceParentGroup(0);
  });
});

describe("410's customer group", () => {
  it('cannot be the administrators or a group with rights the editor lacks; no login outside it is linked', async () => {
    const settingsUser = await server.userWithSession({ rechteSolo: ['x|410|set', 'x|410|000'] });
    const current = { ...defaultCustomerSettings, ...(await readCustomerSettings(db())) };
    expectInvalid(
      await save410(settingsUser.code, {
        type: 'saveSettings',
        data: { ...current, id_nutzergruppe_kunde: adminGroup },
      }),
      'dataToSave.data.id_nutzergruppe_kunde',
      accountMessages.designationPower,
    );
    const staff = await createGroup(db(), { rechte: ['x|410|000', 'x|200|000|000'] });
    expectInvalid(
      await save410(settingsUser.code, { type: 'saveSettings', data: { ...current, id_nutzergruppe_kunde: staff } }),
      'dataToSave.data.id_nutzergruppe_kunde',
      accountMessages.designationNotOwn,
    );
    expect((await readCustomerSettings(db())).id_nutzergruppe_kunde).toBe(current.id_nutzergruppe_kunde);

    // Designated anyway: no administrator is offered or accepted as a customer login.
    await writeModuleSettings(db(), '410', { ...current, id_nutzergruppe_kunde: adminGroup });
    const loaded = await server.call(customerCalls.getSettings, settingsUser.code);
    expectStatus(loaded, 'success', 200);
    expect((loaded.body.save as { kundenLogins: unknown[] }).kundenLogins).toEqual([]);
    const linked = await save410(settingsUser.code, {
      type: 'addKunde',
      data: {
        id: 0,
        kundennummer: '',
        firma: 'Angriff',
        id_login: adminId,
        leitwegId: '',
        ansprechpartner: [],
        anschriften: [],
      },
    });
    expectInvalid(linked, 'dataToSave.data.id_login');
    await writeModuleSettings(db(), '410', current);
  });
});

describe('changePW counts wrong old passwords like login failures', () => {
  it('locks after five wrong ones with a German message; the right one works after the delay', async () => {
    const user = await server.userWithSession({ rechteSolo: [] });
    const change = (pwAlt: string) =>
      server.call(platformCalls.changePW, user.code, { pwAlt, data: 'Neu#Passwort-42x' });
    for (let attempt = 0; attempt < 5; attempt++) expectStatus(await change('falsch-falsch'), 'errorOldPW', 200);
    const locked = await change(user.password);
    expectInvalid(locked, 'pwAlt', accountMessages.tooManyWrongPasswords);
    expect(locked.body.message).toBe(accountMessages.tooManyWrongPasswords);
    // Still locked for a further wrong guess; waiting does not grow the delay.
    expectInvalid(await change('falsch-falsch'), 'pwAlt');
    // The delay passes (the failures are an hour older).
    await db()
      .update(loginAttempts)
      .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '1 hour'` })
      .where(eq(loginAttempts.key, String(user.id)));
    expectStatus(await change(user.password), 'success', 200);
    const [left] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, String(user.id)));
    expect(left?.n).toBe(0);
  });
});

describe('expired sessions are purged by a job', () => {
  it('the platform job removes idle-expired and too old sessions, keeping live ones', async () => {
    const job = allJobs().find((entry) => entry.name === 'expired-sessions');
    if (!job) throw new Error('no session purge job');
    expect(job.everyMs).toBeLessThanOrEqual(24 * 60 * 60_000);
    const user = await createUser(db(), {});
    const live = await server.login(user.nn, user.password);
    await server.login(user.nn, user.password);
    await server.login(user.nn, user.password);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(sessions.id);
    const [first, second, third] = rows;
    if (!first || !second || !third) throw new Error('sessions missing');
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, second.id));
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 200 * 24 * 60 * 60_000) })
      .where(eq(sessions.id, third.id));
    await job.run(server.context);
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([first.id]);
    expectStatus(await server.call(platformCalls.getSettings, live), 'success', 200);
  });
});

describe('property: no call of 200 or 410 changes an account holding a right the caller lacks', () => {
  const pool = ['x|005|000|020', 'x|200|set', 'x|200|100', 'x|200|000|000', 'x|410|000', 'x|410|set', 'x|100|000'];
  const rightsSet = fc.subarray(pool);

  it('holds for random caller rights, group rights and designations', async () => {
    const passwordHash = (await db().select().from(users).where(eq(users.id, adminId)))[0]?.passwordHash ?? '';
    await fc.assert(
      fc.asyncProperty(
        rightsSet,
        fc.array(rightsSet, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray(pool, { maxLength: 2 }),
        async (callerRights, groupSets, designated, soloOfLast) => {
          const groupIds = await Promise.all(groupSets.map((rechte) => createGroup(db(), { rechte })));
          const targets = [
            adminId,
            ...(await Promise.all(
              groupIds.map(
                async (groupId, index) =>
                  (
                    await createUser(db(), {
                      groupIds: [groupId],
                      passwordHash,
                      ...(index === 2 ? { rechteSolo: soloOfLast } : {}),
                    })
                  ).id,
              ),
            )),
          ];
          const designation = designated === 3 ? adminGroup : (groupIds[designated] ?? 0);
          await forceParentGroup(designation);
          const editor = { id: -1, gruppen: [], rechte: [...callerRights, 'x|200'] };
          const rights = await rightsOfAccounts(db(), targets);
          const snapshot = async () =>
            Promise.all(targets.map(async (id) => (await db().select().from(users).where(eq(users.id, id)))[0]));
          const before = await snapshot();
          // Accounts of earlier runs were made by editors with other rights: only this run's count below.
          const [newest] = await db()
            .select({ id: sql<number>`coalesce(max(${users.id}), 0)` })
            .from(users);
          const settings = await readChildrenSettings(db());
          const attempt = async (action: () => Promise<unknown>) => {
            try {
              await action();
            } catch {
              // Refusals are expected; the check below is what matters.
            }
          };
          for (const id of targets) {
            await attempt(() => resetParentPassword(db(), editor, settings, id, []));
            await attempt(() =>
              saveParent(db(), editor, settings, { ...parentInput, id, nn: `neu-${id}-${Date.now()}` }),
            );
            await attempt(() => deleteParent(db(), editor, settings, id, []));
          }
          await attempt(() => saveParent(db(), editor, settings, { ...parentInput, id: 0, nn: `neu-${Date.now()}` }));
          await attempt(() =>
            runSchoolYear(server.context, editor, {
              schritt: 3,
              verteileNeueKlassen: false,
              naechsteKlasse: {},
              wiederholer: [],
              alleElternkontenLoeschen: true,
              fuerAlleNeueElternkonten: false,
              anwesenheitenZuruecksetzen: false,
            }),
          );
          const after = await snapshot();
          targets.forEach((id, index) => {
            if (holdsAllOf(editor.rechte, rights.get(id) ?? [])) return;
            expect(after[index], `account ${id}`).toEqual(before[index]);
          });
          // New accounts never get a right the caller lacks.
          const created = await db()
            .select({ id: users.id })
            .from(users)
            .where(sql`${users.nn} like 'neu-%' and ${users.id} > ${Number(newest?.id ?? 0)}`);
          const createdRights = await rightsOfAccounts(
            db(),
            created.map((row) => row.id),
          );
          for (const held of createdRights.values()) expect(holdsAllOf(editor.rechte, held)).toBe(true);
          expect(await adminRow()).toBeTruthy();
        },
      ),
      { numRuns: 15 },
    );
    await forceParentGroup(0);
  }, 600_000);
});

const parentInput = {
  id: 0,
  nn: '',
  vorname: 'Neu',
  nachname: 'Eltern',
  ids_kinder: [] as number[],
  nutzerparameterwerte: {},
  nutzerparameterwerteSelectoptionIDs: {},
};
