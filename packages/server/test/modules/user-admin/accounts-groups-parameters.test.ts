import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  parameterValueMessages,
  rightsTree,
  type AdminGroup,
  type AdminUser,
  type SettingsData,
  type UserParameter,
  platformCalls,
} from '@hortus/contract';
import { userAdminMessages, type SavedParameter, userAdminCalls } from '@hortus/contract/modules/user-admin';
import { allRights } from '../../../src/bootstrap';
import { groups, userParameterValues, userParameters, users } from '../../../src/platform/db/schema';
import { createGroup, createParameter, createUser, uniqueSuffix } from '../../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const forged = 'x'.repeat(43);
const everyone = { alle: true, gruppen: [] };
const nobody = { alle: false, gruppen: [] };

type UserAdminCall = keyof typeof userAdminCalls;

function call(func: UserAdminCall, code: string, input: Record<string, unknown> = {}): Promise<Reply> {
  return server.call(userAdminCalls[func], code, input);
}

function editor(rights: string[]) {
  return server.userWithSession({ rechteSolo: rights });
}

function newUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 0,
    nn: `neu-${uniqueSuffix()}`,
    ident: '',
    gruppen: [],
    nutzerparameter: [],
    nutzerparameterwerte: {},
    nutzerparameterwerteSelectoptionIDs: {},
    rechteSolo: [],
    rootPW: true,
    show: true,
    ...overrides,
  };
}

function saveUser(code: string, user: AdminUser): Promise<Reply> {
  return call('saveNutzer', code, { data: user, neuPW: '1' });
}

async function userCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function expectDenied(reply: Reply, field?: string): Promise<void> {
  expectStatus(reply, 'noRight', 403);
  expect(reply.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
  if (field) expect(reply.body[field]).toBeUndefined();
}

const expectNoSession = (reply: Reply) => expectStatus(reply, 'accessError', 401);

function expectInvalid(reply: Reply, errors: Record<string, string[]>): void {
  expectStatus(reply, 'validationError', 400);
  expect(reply.body.errors).toEqual(errors);
}

const full = () => allRights();

describe('getNutzer', () => {
  it('lists users with groups, applicable parameters and values keyed by parameter id', async () => {
    const vorname = await createParameter(server.database.db, { name: 'Vorname', ident: true, sort: 1 });
    const farbe = await createParameter(server.database.db, { typ: 9, options: ['Rot', 'Blau'], sort: 2 });
    const unrelated = await createParameter(server.database.db, { sort: 3 });
    const group = await createGroup(server.database.db, { parameterIds: [vorname.id, farbe.id] });
    const listed = await createUser(server.database.db, {
      groupIds: [group],
      rechteSolo: ['x|010'],
      values: { [vorname.id]: 'Ida', [farbe.id]: { optionIds: [farbe.optionIds[1] as number] }, [unrelated.id]: 'x' },
    });
    const viewer = await editor(['x|005|000']);
    const reply = await call('getNutzer', viewer.code);
    expect(reply.statusCode).toBe(200);
    const nutzer = reply.body.nutzer as AdminUser[];
    expect(nutzer.find((user) => user.id === listed.id)).toEqual({
      id: listed.id,
      nn: listed.nn,
      ident: '',
      gruppen: [group],
      nutzerparameter: [vorname.id, farbe.id],
      nutzerparameterwerte: { [vorname.id]: 'Ida' },
      nutzerparameterwerteSelectoptionIDs: { [farbe.id]: [farbe.optionIds[1]] },
      rechteSolo: ['x|010'],
      rootPW: false,
      show: true,
      version: 0,
    });
    expect(nutzer.map((user) => user.nn)).toContain('admin');
  });

  it('needs a session and the right x|005|000', async () => {
    expectNoSession(await call('getNutzer', forged));
    const other = await editor(['x|005|010', 'x|005|020', 'x|010']);
    await expectDenied(await call('getNutzer', other.code), 'nutzer');
  });
});

describe('saveNutzer: new users', () => {
  it('creates a user with a generated start password that logs in', async () => {
    const vorname = await createParameter(server.database.db, { ident: true, sort: 1 });
    const nachname = await createParameter(server.database.db, { ident: true, sort: 2 });
    const group = await createGroup(server.database.db, { rechte: ['x|010'], parameterIds: [vorname.id, nachname.id] });
    const adder = await editor(['x|005|000|010', 'x|010']);
    const nn = `Neu-${uniqueSuffix()}`;
    const reply = await saveUser(
      adder.code,
      newUser({ nn, gruppen: [group], nutzerparameterwerte: { [nachname.id]: 'Krüger', [vorname.id]: 'Sabine' } }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatchObject({ status: 'success', addedUserNN: nn });
    const password = reply.body.addedUserPW as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const saved = reply.body.nutzer as AdminUser;
    expect(saved).toMatchObject({ id: reply.body.addedUserID, nn, ident: 'Sabine Krüger', rootPW: true });
    // The start password logs in once, choosing the account's own password.
    const first = await server.post(platformCalls.login.url, { nn: nn.toLowerCase(), pw: password });
    expect(first.body).toEqual({ status: 'passwortWaehlen' });
    const code = await server.firstLogin(nn.toLowerCase(), password, 'Eigenes#Passwort-1');
    const settings = await server.post(platformCalls.getSettings.url, { code });
    expect((settings.body.data as SettingsData).user).toMatchObject({ id: saved.id, rootPW: false, rechte: ['x|010'] });
  });

  it('accepts a new user as the spec client sends it: id "", no rootPW, ident or applicable parameters', async () => {
    const group = await createGroup(server.database.db, { rechte: ['x|010'] });
    const adder = await editor(['x|005|000|010', 'x|010']);
    const editorOfUsers = await editor(['x|005|000|020', 'x|010']);
    const before = await userCount();
    const nn = `spec-${uniqueSuffix()}`;
    const {
      id: _id,
      rootPW: _rootPW,
      ident: _ident,
      nutzerparameter: _parameters,
      ...sent
    } = newUser({
      nn,
      gruppen: [group],
    });
    const reply = await call('saveNutzer', adder.code, { data: { ...sent, id: '' }, neuPW: '1' });
    expectStatus(reply, 'success', 200);
    expect(reply.body).toMatchObject({ addedUserNN: nn, nutzer: { nn, rootPW: true, gruppen: [group] } });
    expect(await userCount()).toBe(before + 1);
    // A numeric string is read as the id: this saves the same user again, as a change.
    const again = await call('saveNutzer', editorOfUsers.code, {
      data: { ...sent, id: String(reply.body.addedUserID), show: false },
      neuPW: '1',
    });
    expectStatus(again, 'success', 200);
    expect(again.body.addedUserPW).toBeUndefined();
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses ids beyond 2^31−1 as bad input in every user, group and parameter call', async () => {
    const admin = await editor(full());
    const huge = 2 ** 31;
    for (const func of ['delNutzer', 'resetPW', 'delNutzergruppe', 'delNutzerparameter'] as const) {
      expectInvalid(await call(func, admin.code, { data: huge }), { data: ['Ungültige Nummer.'] });
    }
    const group = await createGroup(server.database.db);
    expectInvalid(await saveUser(admin.code, newUser({ id: huge, gruppen: [group] })), {
      'data.id': ['Ungültige Nummer.'],
    });
    expectInvalid(await saveUser(admin.code, newUser({ gruppen: [huge] })), {
      'data.gruppen.0': ['Ungültige Nummer.'],
    });
  });

  it('needs x|005|000|010 to add (020 and 030 are not enough) and writes nothing without it', async () => {
    const group = await createGroup(server.database.db);
    const before = await userCount();
    for (const rights of [['x|005|000'], ['x|005|000|020'], ['x|005|000|030']]) {
      const user = await editor(rights);
      await expectDenied(await saveUser(user.code, newUser({ gruppen: [group] })), 'addedUserPW');
    }
    expect(await userCount()).toBe(before + 3);
    expectNoSession(await saveUser(forged, newUser({ gruppen: [group] })));
  });

  it('refuses an empty user name, a space, no group, a taken name (any case) and unknown groups', async () => {
    const group = await createGroup(server.database.db);
    const adder = await editor(full());
    const before = await userCount();
    expectInvalid(await saveUser(adder.code, newUser({ nn: '', gruppen: [group] })), { 'data.nn': ['Bitte angeben.'] });
    expectInvalid(await saveUser(adder.code, newUser({ nn: 'max muster', gruppen: [group] })), {
      'data.nn': ['Enthält unerlaubte Zeichen'],
    });
    expectInvalid(await saveUser(adder.code, newUser({ gruppen: [] })), {
      'data.gruppen': [userAdminMessages.noGroup],
    });
    expectInvalid(await saveUser(adder.code, newUser({ nn: adder.nn.toUpperCase(), gruppen: [group] })), {
      'data.nn': [userAdminMessages.nnTaken],
    });
    expectInvalid(await saveUser(adder.code, newUser({ gruppen: [group, 999_999] })), {
      'data.gruppen': [userAdminMessages.unknownGroup],
    });
    const broken = await call('saveNutzer', adder.code, { data: '{', neuPW: '1' });
    expectInvalid(broken, { data: ['Ungültiges JSON.'] });
    expect(await userCount()).toBe(before);
  });

  it('gives a name raced by two saves to one of them only', async () => {
    const group = await createGroup(server.database.db);
    const adder = await editor(['x|005|000|010']);
    const nn = `gleichzeitig-${uniqueSuffix()}`;
    const replies = await Promise.all([
      saveUser(adder.code, newUser({ nn, gruppen: [group] })),
      saveUser(adder.code, newUser({ nn: nn.toUpperCase(), gruppen: [group] })),
    ]);
    expect(replies.map((reply) => reply.body.status).sort()).toEqual(['success', 'validationError']);
    const refused = replies.find((reply) => reply.body.status === 'validationError');
    expect(refused?.body.errors).toEqual({ 'data.nn': [userAdminMessages.nnTaken] });
  });

  it('validates parameter values by type', async () => {
    const db = server.database.db;
    const p = {
      number: await createParameter(db, { typ: 3 }),
      email: await createParameter(db, { typ: 4 }),
      phone: await createParameter(db, { typ: 5 }),
      url: await createParameter(db, { typ: 6 }),
      date: await createParameter(db, { typ: 7 }),
      time: await createParameter(db, { typ: 8 }),
      single: await createParameter(db, { typ: 9, options: ['A', 'B'] }),
      multi: await createParameter(db, { typ: 10, options: ['A', 'B'] }),
      child: await createParameter(db, { typ: 11 }),
    };
    const group = await createGroup(db, { parameterIds: Object.values(p).map((parameter) => parameter.id) });
    const adder = await editor(full());
    const before = await userCount();
    const invalid = newUser({
      gruppen: [group],
      nutzerparameterwerte: {
        [p.number.id]: 'zwölf',
        [p.email.id]: 'kein@mail',
        [p.phone.id]: '0171 abc',
        [p.url.id]: 'https://x.de/<script>',
        [p.date.id]: '31.12.2026',
        [p.time.id]: '25:00',
      },
      nutzerparameterwerteSelectoptionIDs: {
        [p.single.id]: p.single.optionIds,
        [p.multi.id]: [p.multi.optionIds[0] as number, p.single.optionIds[0] as number],
        [p.child.id]: [1],
      },
    });
    expectInvalid(await saveUser(adder.code, invalid), {
      [`data.nutzerparameterwerte.${p.number.id}`]: [parameterValueMessages.number],
      [`data.nutzerparameterwerte.${p.email.id}`]: ['Ungültige E-Mail-Adresse'],
      [`data.nutzerparameterwerte.${p.phone.id}`]: ['Enthält unerlaubte Zeichen'],
      [`data.nutzerparameterwerte.${p.url.id}`]: ['Enthält unerlaubte Zeichen'],
      [`data.nutzerparameterwerte.${p.date.id}`]: [parameterValueMessages.date],
      [`data.nutzerparameterwerte.${p.time.id}`]: [parameterValueMessages.time],
      [`data.nutzerparameterwerteSelectoptionIDs.${p.single.id}`]: [parameterValueMessages.oneOption],
      [`data.nutzerparameterwerteSelectoptionIDs.${p.multi.id}`]: [parameterValueMessages.option],
      [`data.nutzerparameterwerteSelectoptionIDs.${p.child.id}`]: [parameterValueMessages.child],
    });
    expectInvalid(await saveUser(adder.code, newUser({ gruppen: [group], nutzerparameterwerte: { '999999': 'x' } })), {
      'data.nutzerparameterwerte': [userAdminMessages.unknownParameter],
    });
    expect(await userCount()).toBe(before);

    const valid = await saveUser(
      adder.code,
      newUser({
        gruppen: [group],
        nutzerparameterwerte: {
          [p.number.id]: '12,5',
          [p.email.id]: 'ida@example.org',
          [p.phone.id]: '+49 171/123-45',
          [p.url.id]: 'https://example.org/a?b=c',
          [p.date.id]: '2026-02-28',
          [p.time.id]: '07:30',
        },
        nutzerparameterwerteSelectoptionIDs: {
          [p.single.id]: [p.single.optionIds[1] as number],
          [p.multi.id]: p.multi.optionIds,
        },
      }),
    );
    expect(valid.body.status).toBe('success');
    expect((valid.body.nutzer as AdminUser).nutzerparameterwerte[String(p.date.id)]).toBe('2026-02-28');
  });
});

describe('saveNutzer: existing users', () => {
  it('saves with x|005|000|020 and ignores values of parameters that do not apply', async () => {
    const applies = await createParameter(server.database.db);
    const other = await createParameter(server.database.db);
    const group = await createGroup(server.database.db, { parameterIds: [applies.id] });
    const target = await createUser(server.database.db, { groupIds: [group] });
    const changer = await editor(['x|005|000|020']);
    const reply = await saveUser(
      changer.code,
      newUser({
        id: target.id,
        nn: `${target.nn}-neu`,
        gruppen: [group],
        show: false,
        nutzerparameterwerte: { [applies.id]: 'ja', [other.id]: 'nein' },
      }),
    );
    expect(reply.body.status).toBe('success');
    expect(reply.body.addedUserPW).toBeUndefined();
    expect(reply.body.nutzer).toMatchObject({
      id: target.id,
      nn: `${target.nn}-neu`,
      show: false,
      nutzerparameterwerte: { [applies.id]: 'ja' },
    });
    const stored = await server.database.db
      .select()
      .from(userParameterValues)
      .where(eq(userParameterValues.userId, target.id));
    expect(stored.map((row) => row.parameterId)).toEqual([applies.id]);
  });

  it('needs x|005|000|020 to change a user (010 and 030 are not enough)', async () => {
    const group = await createGroup(server.database.db);
    const target = await createUser(server.database.db, { groupIds: [group] });
    for (const rights of [['x|005|000'], ['x|005|000|010'], ['x|005|000|030']]) {
      const user = await editor(rights);
      await expectDenied(await saveUser(user.code, newUser({ id: target.id, nn: 'geaendert', gruppen: [group] })));
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.nn).toBe(target.nn);
  });

  it('answers notFound for an unknown user id', async () => {
    const group = await createGroup(server.database.db);
    const changer = await editor(['x|005|000|020']);
    const reply = await saveUser(changer.code, newUser({ id: 999_999, gruppen: [group] }));
    expect(reply.statusCode).toBe(404);
    expect(reply.body).toEqual({ status: 'notFound', message: userAdminMessages.unknownUser });
  });

  it('does not let anyone raise their own rights or grant rights they lack', async () => {
    const db = server.database.db;
    const editorRights = ['x|005|000|010', 'x|005|000|020', 'x|005|000|030', 'x|005|010', 'x|005|020'];
    const ownGroup = await createGroup(db, { rechte: editorRights });
    const adminGroup = await createGroup(db, { rechte: ['x|001'] });
    const self = await server.userWithSession({ groupIds: [ownGroup] });
    const mine = (changes: Partial<AdminUser>) =>
      newUser({ id: self.id, nn: self.nn, gruppen: [ownGroup], ...changes });
    expectInvalid(await saveUser(self.code, mine({ rechteSolo: ['x|001'] })), {
      'data.rechteSolo': [userAdminMessages.notOwnRight],
    });
    expectInvalid(await saveUser(self.code, mine({ gruppen: [ownGroup, adminGroup] })), {
      'data.gruppen': [userAdminMessages.notOwnRight],
    });
    expectInvalid(await saveUser(self.code, mine({ rechteSolo: ['x|005|999'] })), {
      'data.rechteSolo': [userAdminMessages.unknownRight],
    });
    const settings = await server.post(platformCalls.getSettings.url, { code: self.code });
    expect((settings.body.data as SettingsData).user.rechte).toEqual(editorRights);
    // Rights the editor holds may be granted, also to others (who hold no right the editor lacks).
    const other = await createUser(db, { groupIds: [ownGroup] });
    const granted = await saveUser(
      self.code,
      newUser({ id: other.id, nn: other.nn, gruppen: [ownGroup], rechteSolo: ['x|005|000'] }),
    );
    expect((granted.body.nutzer as AdminUser).rechteSolo).toEqual(['x|005|000']);
  });

  it('does not let an editor take away his own right to edit users', async () => {
    const db = server.database.db;
    const editors = await createGroup(db, { rechte: ['x|005|000|020'] });
    const readers = await createGroup(db, { rechte: ['x|005|000'] });
    const self = await server.userWithSession({ groupIds: [editors, readers] });
    expectInvalid(await saveUser(self.code, newUser({ id: self.id, nn: self.nn, gruppen: [readers] })), {
      'data.gruppen': [userAdminMessages.selfLockoutUser],
    });
    // Keeping the right through rechteSolo is fine.
    const kept = await saveUser(
      self.code,
      newUser({ id: self.id, nn: self.nn, gruppen: [readers], rechteSolo: ['x|005|000|020'] }),
    );
    expect(kept.statusCode).toBe(200);
    expect((kept.body.nutzer as AdminUser).gruppen).toEqual([readers]);
  });
});

describe('delNutzer', () => {
  it('deletes a user and ends their sessions', async () => {
    const target = await server.userWithSession();
    const deleter = await editor(['x|005|000|030']);
    const reply = await call('delNutzer', deleter.code, { data: target.id });
    expect(reply.body).toEqual({ status: 'success' });
    expectNoSession(await server.post(platformCalls.getSettings.url, { code: target.code }));
    expect(await server.database.db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
  });

  it('needs x|005|000|030 (010 and 020 are not enough)', async () => {
    const target = await createUser(server.database.db);
    for (const rights of [['x|005|000'], ['x|005|000|010'], ['x|005|000|020']]) {
      const user = await editor(rights);
      await expectDenied(await call('delNutzer', user.code, { data: target.id }));
    }
    expectNoSession(await call('delNutzer', forged, { data: target.id }));
    expect(await server.database.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  it('refuses deleting oneself, unknown ids, bad ids and stronger accounts', async () => {
    const deleter = await editor(['x|005|000|030']);
    expectInvalid(await call('delNutzer', deleter.code, { data: deleter.id }), {
      data: [userAdminMessages.deleteSelf],
    });
    const unknown = await call('delNutzer', deleter.code, { data: '999999' });
    expect(unknown.statusCode).toBe(404);
    expectInvalid(await call('delNutzer', deleter.code, { data: 'abc' }), { data: ['Ungültige Nummer.'] });
    const stronger = await createUser(server.database.db, { rechteSolo: ['x|001'] });
    await expectDenied(await call('delNutzer', deleter.code, { data: stronger.id }));
    expect(await server.database.db.select().from(users).where(eq(users.id, deleter.id))).toHaveLength(1);
  });
});

describe('resetPW', () => {
  it('sets a new start password, invalidates the old one and ends the sessions', async () => {
    const target = await server.userWithSession({ rootPw: false });
    const resetter = await editor(['x|005|000|020']);
    const reply = await call('resetPW', resetter.code, { data: target.id });
    expect(reply.body.status).toBe('success');
    const neuPW = reply.body.neuPW as string;
    expect(neuPW).toMatch(/^[A-Za-z0-9]{12}$/);
    expectNoSession(await server.post(platformCalls.getSettings.url, { code: target.code }));
    const old = await server.post(platformCalls.login.url, { nn: target.nn, pw: target.password });
    expect(old.body.status).toBe('invalid');
    expect((await server.post(platformCalls.login.url, { nn: target.nn, pw: neuPW })).body).toEqual({
      status: 'passwortWaehlen',
    });
    const code = await server.firstLogin(target.nn, neuPW, 'Eigenes#Passwort-2');
    const settings = await server.post(platformCalls.getSettings.url, { code });
    expect((settings.body.data as SettingsData).user.rootPW).toBe(false);
  });

  it('needs x|005|000|020 (010 and 030 are not enough)', async () => {
    const target = await createUser(server.database.db, { password: 'Bleibt#Gleich1' });
    for (const rights of [['x|005|000'], ['x|005|000|010'], ['x|005|000|030']]) {
      const user = await editor(rights);
      await expectDenied(await call('resetPW', user.code, { data: target.id }), 'neuPW');
    }
    expectNoSession(await call('resetPW', forged, { data: target.id }));
    await expect(server.login(target.nn, 'Bleibt#Gleich1')).resolves.toBeTruthy();
  });

  it('refuses unknown and bad ids and accounts with rights the editor lacks', async () => {
    const resetter = await editor(['x|005|000|020']);
    expect((await call('resetPW', resetter.code, { data: '999999' })).statusCode).toBe(404);
    expectInvalid(await call('resetPW', resetter.code, { data: '0' }), { data: ['Ungültige Nummer.'] });
    const stronger = await createUser(server.database.db, { rechteSolo: ['x|001'], password: 'Stark#Passwort1' });
    await expectDenied(await call('resetPW', resetter.code, { data: stronger.id }), 'neuPW');
    await expect(server.login(stronger.nn, 'Stark#Passwort1')).resolves.toBeTruthy();
  });
});

describe('getRechte', () => {
  it('returns the rights tree to holders of any x|005 right', async () => {
    for (const rights of [['x|005|010'], ['x|005|000']]) {
      const user = await editor(rights);
      const reply = await call('getRechte', user.code);
      expect(reply.body).toEqual({ status: 'success', rechte: JSON.parse(JSON.stringify(rightsTree)) });
    }
  });

  it('needs a session and an x|005 right', async () => {
    expectNoSession(await call('getRechte', forged));
    await expectDenied(await call('getRechte', (await editor(['x|010'])).code), 'rechte');
  });
});

describe('groups', () => {
  const group = (changes: Partial<AdminGroup> = {}): AdminGroup => ({
    id: 0,
    name: 'Neue Gruppe',
    icon: 'Group',
    beschreibung: '',
    nutzerparameter: [],
    rechte: [],
    standard: false,
    forcePwReset: false,
    zweiFaktorPflicht: false,
    ...changes,
  });
  const saveGroup = (code: string, data: AdminGroup) => call('saveNutzergruppe', code, { data });
  async function groupCount(): Promise<number> {
    const [row] = await server.database.db.select({ n: count() }).from(groups);
    return row?.n ?? 0;
  }

  it('getNutzergruppen lists groups with parameters and rights for x|005|020 and x|005|000', async () => {
    const parameter = await createParameter(server.database.db);
    const id = await createGroup(server.database.db, { rechte: ['x|010'], parameterIds: [parameter.id] });
    for (const rights of [['x|005|020'], ['x|005|000']]) {
      const reply = await call('getNutzergruppen', (await editor(rights)).code);
      const gruppen = reply.body.gruppen as AdminGroup[];
      expect(gruppen.find((entry) => entry.id === id)).toMatchObject({
        nutzerparameter: [parameter.id],
        rechte: ['x|010'],
      });
    }
    expectNoSession(await call('getNutzergruppen', forged));
    await expectDenied(await call('getNutzergruppen', (await editor(['x|005|010'])).code), 'gruppen');
  });

  it('creates, changes and deletes a group; getSettings sees the change at once', async () => {
    const manager = await editor(['x|005|020', 'x|010']);
    const parameter = await createParameter(server.database.db);
    const created = await saveGroup(
      manager.code,
      group({ name: 'Eltern 1a', rechte: ['x|010'], nutzerparameter: [parameter.id], standard: true }),
    );
    expect(created.body.status).toBe('success');
    const saved = created.body.gruppe as AdminGroup;
    expect(saved).toMatchObject({
      name: 'Eltern 1a',
      rechte: ['x|010'],
      nutzerparameter: [parameter.id],
      standard: true,
    });
    const changed = await saveGroup(manager.code, { ...saved, name: 'Eltern 1b', rechte: [], nutzerparameter: [] });
    expect(changed.body.gruppe).toMatchObject({ id: saved.id, name: 'Eltern 1b', rechte: [], nutzerparameter: [] });
    const settings = await server.post(platformCalls.getSettings.url, { code: manager.code });
    expect((settings.body.data as SettingsData).nutzergruppen.map((entry) => entry.name)).toContain('Eltern 1b');
    expect((await call('delNutzergruppe', manager.code, { data: saved.id })).body).toEqual({
      status: 'success',
    });
    const after = await server.post(platformCalls.getSettings.url, { code: manager.code });
    expect((after.body.data as SettingsData).nutzergruppen.map((entry) => entry.id)).not.toContain(saved.id);
  });

  it('needs x|005|020 to save and delete', async () => {
    const id = await createGroup(server.database.db, { name: 'Bleibt' });
    const before = await groupCount();
    for (const rights of [['x|005|000'], ['x|005|010']]) {
      const user = await editor(rights);
      await expectDenied(await saveGroup(user.code, group()), 'gruppe');
      await expectDenied(await call('delNutzergruppe', user.code, { data: id }));
    }
    expectNoSession(await saveGroup(forged, group()));
    expectNoSession(await call('delNutzergruppe', forged, { data: id }));
    expect(await groupCount()).toBe(before);
  });

  it('refuses bad names, unknown or foreign rights, unknown parameters, unknown ids and self-lockout', async () => {
    const own = await createGroup(server.database.db, { rechte: ['x|005|020'] });
    const manager = await server.userWithSession({ groupIds: [own] });
    const before = await groupCount();
    expectInvalid(await saveGroup(manager.code, group({ name: '' })), { 'data.name': ['Bitte angeben.'] });
    expectInvalid(await saveGroup(manager.code, group({ name: 'x'.repeat(26) })), {
      'data.name': ['Maximal 25 Zeichen sind erlaubt'],
    });
    expectInvalid(await saveGroup(manager.code, group({ rechte: ['x|123'] })), {
      'data.rechte': [userAdminMessages.unknownRight],
    });
    expectInvalid(await saveGroup(manager.code, group({ rechte: ['x|001'] })), {
      'data.rechte': [userAdminMessages.notOwnRight],
    });
    expectInvalid(await saveGroup(manager.code, group({ nutzerparameter: [999_999] })), {
      'data.nutzerparameter': [userAdminMessages.unknownParameter],
    });
    expectInvalid(await saveGroup(manager.code, group({ id: own, name: 'Meine', rechte: [] })), {
      'data.rechte': [userAdminMessages.selfLockout],
    });
    expectInvalid(await call('delNutzergruppe', manager.code, { data: own }), {
      data: [userAdminMessages.selfLockout],
    });
    expect((await saveGroup(manager.code, group({ id: 999_999 }))).statusCode).toBe(404);
    expect((await call('delNutzergruppe', manager.code, { data: '999999' })).statusCode).toBe(404);
    expectInvalid(await call('delNutzergruppe', manager.code, { data: '-1' }), { data: ['Ungültige Nummer.'] });
    expect(await groupCount()).toBe(before);
    const settings = await server.post(platformCalls.getSettings.url, { code: manager.code });
    expect((settings.body.data as SettingsData).user.rechte).toEqual(['x|005|020']);
  });
});

describe('parameters', () => {
  const parameter = (changes: Partial<SavedParameter> = {}): SavedParameter => ({
    id: 0,
    name: 'Lieblingsfarbe',
    icon: 'Star',
    typ: 1,
    sort: 10,
    ident: false,
    f100: { seeOnTable: false },
    selectoptions: [],
    bedingungen: {
      f010: { sehen: everyone, bearbeiten: everyone },
      f100: { sehen: everyone, bearbeiten: nobody },
      f200: { sehen: nobody, bearbeiten: nobody },
    },
    ...changes,
  });
  async function parameterCount(): Promise<number> {
    const [row] = await server.database.db.select({ n: count() }).from(userParameters);
    return row?.n ?? 0;
  }
  const saveParameter = (code: string, data: SavedParameter) => call('saveNutzerparameter', code, { data });

  it('creates a choice parameter, diffs its options and cleans values of deleted options', async () => {
    const manager = await editor(['x|005|010']);
    const created = await saveParameter(
      manager.code,
      parameter({
        typ: 9,
        selectoptions: [
          { id: -1, sort: 1, wert: 'Rot' },
          { id: -2, sort: 2, wert: 'Blau' },
        ],
      }),
    );
    expect(created.body.status).toBe('success');
    const saved = created.body.nutzerparameter as UserParameter;
    expect(saved.selectoptions.map((option) => option.wert)).toEqual(['Rot', 'Blau']);
    const [rot, blau] = saved.selectoptions.map((option) => option.id) as [number, number];
    const group = await createGroup(server.database.db, { parameterIds: [saved.id] });
    const owner = await createUser(server.database.db, {
      groupIds: [group],
      values: { [saved.id]: { optionIds: [rot] } },
    });

    const changed = await saveParameter(manager.code, {
      ...saved,
      selectoptions: [
        { id: blau, sort: 1, wert: 'Dunkelblau' },
        { id: 0, sort: 2, wert: 'Grün' },
      ],
    });
    expect((changed.body.nutzerparameter as UserParameter).selectoptions.map((option) => option.wert)).toEqual([
      'Dunkelblau',
      'Grün',
    ]);
    const [value] = await server.database.db
      .select()
      .from(userParameterValues)
      .where(eq(userParameterValues.userId, owner.id));
    expect(value?.optionIds).toEqual([]);
    const settings = await server.post(platformCalls.getSettings.url, { code: manager.code });
    const listed = (settings.body.data as SettingsData).nutzerparameter.find((entry) => entry.id === saved.id);
    expect(listed?.selectoptions.map((option) => option.wert)).toEqual(['Dunkelblau', 'Grün']);
  });

  it('locks the type while values exist, unless they are all empty', async () => {
    const manager = await editor(['x|005|010']);
    const filled = await createParameter(server.database.db, { typ: 1 });
    const empty = await createParameter(server.database.db, { typ: 1 });
    await createUser(server.database.db, { values: { [filled.id]: 'Wert', [empty.id]: '' } });
    const [stored] = await server.database.db.select().from(userParameters).where(eq(userParameters.id, filled.id));
    const base = parameter({ id: filled.id, name: stored?.name ?? 'x', typ: 3 });
    expectInvalid(await saveParameter(manager.code, base), { 'data.typ': [userAdminMessages.typeLocked] });
    const ok = await saveParameter(manager.code, { ...base, id: empty.id });
    expect((ok.body.nutzerparameter as UserParameter).typ).toBe(3);
  });

  it('refuses bad input and unknown ids, writing nothing', async () => {
    const manager = await editor(['x|005|010']);
    const before = await parameterCount();
    expectInvalid(await saveParameter(manager.code, parameter({ name: '' })), { 'data.name': ['Bitte angeben.'] });
    expectInvalid(await saveParameter(manager.code, parameter({ typ: 13 })), { 'data.typ': ['Ungültiger Typ.'] });
    expectInvalid(
      await saveParameter(manager.code, parameter({ typ: 9, selectoptions: [{ id: 0, sort: 1, wert: '' }] })),
      { 'data.selectoptions.0.wert': ['Bitte angeben.'] },
    );
    const withGroups = parameter();
    withGroups.bedingungen.f010.sehen = { alle: false, gruppen: [999_999] };
    expectInvalid(await saveParameter(manager.code, withGroups), {
      'data.bedingungen': [userAdminMessages.unknownGroup],
    });
    const foreign = await createParameter(server.database.db, { typ: 9, options: ['A'] });
    expectInvalid(
      await saveParameter(
        manager.code,
        parameter({ typ: 9, selectoptions: [{ id: foreign.optionIds[0] as number, sort: 1, wert: 'B' }] }),
      ),
      { 'data.selectoptions': ['Eine Option existiert nicht.'] },
    );
    expect((await saveParameter(manager.code, parameter({ id: 999_999 }))).statusCode).toBe(404);
    expect((await call('delNutzerparameter', manager.code, { data: '999999' })).statusCode).toBe(404);
    expectInvalid(await call('delNutzerparameter', manager.code, { data: 'x' }), { data: ['Ungültige Nummer.'] });
    // Only the factory's parameter with the foreign option was added.
    expect(await parameterCount()).toBe(before + 1);
  });

  it('needs x|005|010 to save and delete', async () => {
    const existing = await createParameter(server.database.db);
    for (const rights of [['x|005|000'], ['x|005|020']]) {
      const user = await editor(rights);
      await expectDenied(await saveParameter(user.code, parameter({ name: 'Verboten' })), 'nutzerparameter');
      await expectDenied(await call('delNutzerparameter', user.code, { data: existing.id }));
    }
    expectNoSession(await saveParameter(forged, parameter()));
    expectNoSession(await call('delNutzerparameter', forged, { data: existing.id }));
    expect(
      await server.database.db.select().from(userParameters).where(eq(userParameters.id, existing.id)),
    ).toHaveLength(1);
  });

  it('deletes a parameter with its values and updates the display names', async () => {
    const manager = await editor(['x|005|010']);
    const vorname = await createParameter(server.database.db, { ident: true, sort: 1 });
    const nachname = await createParameter(server.database.db, { ident: true, sort: 2 });
    const group = await createGroup(server.database.db, { parameterIds: [vorname.id, nachname.id] });
    const owner = await createUser(server.database.db, {
      groupIds: [group],
      ident: 'Ida Muster',
      values: { [vorname.id]: 'Ida', [nachname.id]: 'Muster' },
    });
    expect((await call('delNutzerparameter', manager.code, { data: nachname.id })).body).toEqual({
      status: 'success',
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.ident).toBe('Ida');
    expect(
      await server.database.db
        .select()
        .from(userParameterValues)
        .where(eq(userParameterValues.parameterId, nachname.id)),
    ).toEqual([]);
  });
});
