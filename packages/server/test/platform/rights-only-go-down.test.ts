import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminGroup, AdminUser } from '@hortus/contract';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import { allRights } from '../../src/bootstrap';
import { groups, users } from '../../src/platform/db/schema';
import { demoLogins } from '../../src/seed/demo';
import { createGroup, createUser } from '../../src/seed/factories';
import { startTestServer, type Reply, type TestServer } from '../support/helper';

const api = (func: string) => `/_api/settings/?func=${func}`;

function expectRefused(reply: Reply, message: string): void {
  expect(reply.statusCode).toBe(403);
  expect(reply.body).toEqual({ status: 'noRight', message });
}

describe('rights only go down (no demoting someone stronger)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const call = (func: string, code: string, fields: Record<string, string> = {}) =>
    server.post(api(func), { code, ...fields });
  const loadUser = async (code: string, id: number) =>
    ((await call('getNutzer', code)).body.nutzer as AdminUser[]).find((user) => user.id === id) as AdminUser;
  const loadGroup = async (code: string, id: number) =>
    ((await call('getNutzergruppen', code)).body.gruppen as AdminGroup[]).find(
      (group) => group.id === id,
    ) as AdminGroup;

  it('refuses to strip the last holder of a user- or group-administration right, changing nothing', async () => {
    // Only the bootstrap administrator exists: he holds both rights through the group Administration.
    const admin = await server.login('admin', 'Admin#Passwort1');
    const [adminGroup] = await server.database.db.select().from(groups);
    if (!adminGroup) throw new Error('no admin group');
    const group = await loadGroup(admin, adminGroup.id);
    const stripped = await call('saveNutzergruppe', admin, {
      data: JSON.stringify({ ...group, rechte: group.rechte.filter((right) => right !== 'x|005|000|020') }),
    });
    expect(stripped.statusCode).toBe(400);
    expect(stripped.body.errors).toEqual({ 'data.rechte': [userAdminMessages.lastUserAdmin] });
    expect((await loadGroup(admin, adminGroup.id)).rechte).toContain('x|005|000|020');

    // He keeps user administration through his own rights but gives up group administration.
    const [row] = await server.database.db.select().from(users).where(eq(users.nn, 'admin'));
    const self = await loadUser(admin, row?.id ?? 0);
    const emptyGroup = await createGroup(server.database.db, { name: 'Ohne Rechte', rechte: [] });
    const solo = allRights().filter((right) => !right.startsWith('x|005|020'));
    const withoutGroup = await call('saveNutzer', admin, {
      neuPW: '1',
      data: JSON.stringify({ ...self, gruppen: [emptyGroup], rechteSolo: solo }),
    });
    expect(withoutGroup.statusCode).toBe(400);
    expect(withoutGroup.body.errors).toEqual({ 'data.gruppen': [userAdminMessages.lastGroupAdmin] });
    expect((await loadUser(admin, self.id)).gruppen).toEqual([adminGroup.id]);
  });

  it('a weak user administrator cannot rename, regroup, re-right or hide a stronger account', async () => {
    const strongGroup = await createGroup(server.database.db, { name: 'Verwaltung', rechte: allRights() });
    const customers = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|010'] });
    const strong = await createUser(server.database.db, { nn: 'chefin', groupIds: [strongGroup] });
    const weak = await server.userWithSession({
      rechteSolo: ['x|005|000', 'x|005|000|020'],
      groupIds: [customers],
    });
    const target = await loadUser(weak.code, strong.id);
    const changes: Partial<AdminUser>[] = [
      { nn: 'entmachtet' },
      { gruppen: [customers] },
      { gruppen: [strongGroup, customers] },
      { rechteSolo: ['x|010'] },
      { show: !target.show },
    ];
    for (const change of changes) {
      const reply = await call('saveNutzer', weak.code, { neuPW: '1', data: JSON.stringify({ ...target, ...change }) });
      expectRefused(reply, userAdminMessages.strongerUser);
    }
    expect(await loadUser(weak.code, strong.id)).toEqual(target);
    // An equal or weaker account stays editable.
    const peer = await createUser(server.database.db, { groupIds: [customers] });
    const peerUser = await loadUser(weak.code, peer.id);
    const renamed = await call('saveNutzer', weak.code, {
      neuPW: '1',
      data: JSON.stringify({ ...peerUser, nn: `${peer.nn}-neu` }),
    });
    expect(renamed.body.status).toBe('success');
  });

  it('a weak group administrator cannot strip or delete a group he does not fully hold', async () => {
    const strongGroup = await createGroup(server.database.db, { name: 'Leitung', rechte: allRights() });
    const weak = await server.userWithSession({ rechteSolo: ['x|005|020'] });
    const group = await loadGroup(weak.code, strongGroup);
    for (const data of [
      { ...group, rechte: ['x|005|020'] },
      { ...group, name: 'Umbenannt' },
    ]) {
      expectRefused(
        await call('saveNutzergruppe', weak.code, { data: JSON.stringify(data) }),
        userAdminMessages.strongerGroup,
      );
    }
    expectRefused(
      await call('delNutzergruppe', weak.code, { data: String(strongGroup) }),
      userAdminMessages.strongerGroup,
    );
    expect(await loadGroup(weak.code, strongGroup)).toEqual(group);
    // A group within his own rights he may still change and delete.
    const small = await createGroup(server.database.db, { name: 'Klein', rechte: ['x|005|020'] });
    const smallGroup = await loadGroup(weak.code, small);
    const saved = await call('saveNutzergruppe', weak.code, { data: JSON.stringify({ ...smallGroup, rechte: [] }) });
    expect(saved.body.status).toBe('success');
    expect((await call('delNutzergruppe', weak.code, { data: String(small) })).body.status).toBe('success');
  });
});

describe('rights of modules not built yet do not shield accounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
  });
  afterAll(() => server.close());

  it('the demo administrator manages every demo account and adds users to every demo group', async () => {
    const admin = await server.login('admin', 'Admin#Passwort1');
    const all = (await server.post(api('getNutzer'), { code: admin })).body.nutzer as AdminUser[];
    for (const login of demoLogins) {
      const target = all.find((user) => user.nn === login.nn);
      if (!target) throw new Error(`missing demo user ${login.nn}`);
      const reset = await server.post(api('resetPW'), { code: admin, data: String(target.id) });
      expect(reset.body.status, login.nn).toBe('success');
      const renamed = await server.post(api('saveNutzer'), {
        code: admin,
        neuPW: '1',
        data: JSON.stringify({ ...target, show: !target.show }),
      });
      expect(renamed.body.status, login.nn).toBe('success');
    }
    const demoGroups = await server.database.db.select().from(groups);
    for (const group of demoGroups) {
      const added = await server.post(api('saveNutzer'), {
        code: admin,
        neuPW: '1',
        data: JSON.stringify({
          id: 0,
          nn: `neu-${group.id}`,
          ident: '',
          gruppen: [group.id],
          nutzerparameter: [],
          nutzerparameterwerte: {},
          nutzerparameterwerteSelectoptionIDs: {},
          rechteSolo: [],
          rootPW: true,
          show: true,
        }),
      });
      expect(added.body.status, group.name).toBe('success');
    }
  });
});
