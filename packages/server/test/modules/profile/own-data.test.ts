import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parameterValueMessages, type Condition, platformCalls } from '@hortus/contract';
import { profileMessages, type GetMeineDatenReply, profileCalls } from '@hortus/contract/modules/profile';
import { userParameterValues, users } from '../../../src/platform/db/schema';
import { createGroup, createParameter } from '../../../src/seed/factories';
import { startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const everyone: Condition = { alle: true, gruppen: [] };
const nobody: Condition = { alle: false, gruppen: [] };
const forged = 'x'.repeat(43);

function f010(sehen: Condition, bearbeiten: Condition) {
  return {
    f010: { sehen, bearbeiten },
    f100: { sehen: everyone, bearbeiten: nobody },
    f200: { sehen: nobody, bearbeiten: nobody },
  };
}

function getOwn(code: string): Promise<Reply> {
  return server.call(profileCalls.getMeineDaten, code);
}

function saveOwn(code: string, werte: Record<string, string>, ids: Record<string, number[]> = {}): Promise<Reply> {
  return server.call(profileCalls.saveMeineDaten, code, {
    data: { nutzerparameterwerte: werte, nutzerparameterwerteSelectoptionIDs: ids },
  });
}

/** A group with four parameters: editable, visible only, visible to another group, and a choice. */
async function setup() {
  const db = server.database.db;
  const otherGroup = await createGroup(db);
  const vorname = await createParameter(db, { ident: true, sort: 1, bedingungen: f010(nobody, everyone) });
  const nachname = await createParameter(db, { ident: true, sort: 2, bedingungen: f010(everyone, everyone) });
  const nummer = await createParameter(db, { sort: 3, bedingungen: f010(everyone, nobody) });
  const geheim = await createParameter(db, {
    sort: 4,
    bedingungen: f010({ alle: false, gruppen: [otherGroup] }, { alle: false, gruppen: [otherGroup] }),
  });
  const farbe = await createParameter(db, {
    typ: 9,
    sort: 5,
    options: ['Rot', 'Blau'],
    bedingungen: f010(everyone, everyone),
  });
  const group = await createGroup(db, {
    rechte: ['x|010'],
    parameterIds: [vorname.id, nachname.id, nummer.id, geheim.id, farbe.id],
  });
  const user = await server.userWithSession({
    groupIds: [group],
    values: { [vorname.id]: 'Ida', [nummer.id]: '42', [geheim.id]: 'verborgen' },
  });
  return { vorname, nachname, nummer, geheim, farbe, user };
}

describe('getMeineDaten', () => {
  it('shows the parameters the f010 condition lets the user see, with the edit flag, and hides the rest', async () => {
    const { vorname, nachname, nummer, geheim, farbe, user } = await setup();
    const reply = await getOwn(user.code);
    expect(reply.statusCode).toBe(200);
    const body = reply.body as unknown as GetMeineDatenReply;
    expect(body.nn).toBe(user.nn);
    expect(body.nutzerparameter.map((parameter) => [parameter.id, parameter.bearbeiten])).toEqual([
      [vorname.id, true],
      [nachname.id, true],
      [nummer.id, false],
      [farbe.id, true],
    ]);
    expect(body.nutzerparameterwerte).toEqual({ [vorname.id]: 'Ida', [nachname.id]: '', [nummer.id]: '42' });
    expect(body.nutzerparameterwerteSelectoptionIDs).toEqual({ [farbe.id]: [] });
    expect(reply.raw).not.toContain('verborgen');
    expect(JSON.stringify(body)).not.toContain(`"${geheim.id}"`);
  });

  it('needs a session and the right x|010', async () => {
    const reply = await getOwn(forged);
    expect(reply.statusCode).toBe(401);
    expect(reply.body.status).toBe('accessError');
    const other = await server.userWithSession({ rechteSolo: ['x|005|000'] });
    const denied = await getOwn(other.code);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
  });
});

describe('saveMeineDaten', () => {
  it('saves editable values, recomputes the display name and accepts unchanged read-only values', async () => {
    const { vorname, nachname, nummer, farbe, user } = await setup();
    const reply = await saveOwn(
      user.code,
      { [vorname.id]: 'Ida', [nachname.id]: 'Muster', [nummer.id]: '42' },
      { [farbe.id]: [farbe.optionIds[1] as number] },
    );
    expect(reply.body.status).toBe('success');
    const body = reply.body as unknown as GetMeineDatenReply;
    expect(body.nutzerparameterwerte).toMatchObject({ [nachname.id]: 'Muster' });
    expect(body.nutzerparameterwerteSelectoptionIDs).toEqual({ [farbe.id]: [farbe.optionIds[1]] });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.ident).toBe('Ida Muster');
    const settings = await server.post(platformCalls.getSettings.url, { code: user.code });
    expect((settings.body.data as { user: { ident: string } }).user.ident).toBe('Ida Muster');
  });

  it('refuses changes to read-only, invisible or unknown parameters and invalid values, writing nothing', async () => {
    const { vorname, nachname, nummer, geheim, farbe, user } = await setup();
    const invalid = await saveOwn(
      user.code,
      { [nachname.id]: 'Neu', [nummer.id]: '43', [geheim.id]: 'x', '999999': 'y' },
      { [farbe.id]: farbe.optionIds },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body.errors).toEqual({
      [`data.nutzerparameterwerte.${nummer.id}`]: [profileMessages.notEditable],
      [`data.nutzerparameterwerte.${geheim.id}`]: [profileMessages.notEditable],
      'data.nutzerparameterwerte.999999': [profileMessages.notEditable],
      [`data.nutzerparameterwerteSelectoptionIDs.${farbe.id}`]: [parameterValueMessages.oneOption],
    });
    const badOption = await saveOwn(user.code, {}, { [farbe.id]: [999_999] });
    expect(badOption.body.errors).toEqual({
      [`data.nutzerparameterwerteSelectoptionIDs.${farbe.id}`]: [parameterValueMessages.option],
    });
    const stored = await server.database.db
      .select()
      .from(userParameterValues)
      .where(eq(userParameterValues.userId, user.id));
    expect(Object.fromEntries(stored.map((row) => [row.parameterId, row.wert]))).toEqual({
      [vorname.id]: 'Ida',
      [nummer.id]: '42',
      [geheim.id]: 'verborgen',
    });
    const broken = await server.call(profileCalls.saveMeineDaten, user.code, { data: '[]' });
    expect(broken.statusCode).toBe(400);
  });

  it("refuses an incomplete date with the specification's text and keeps the stored birthday (issue 47)", async () => {
    const db = server.database.db;
    const geburtstag = await createParameter(db, { typ: 7, sort: 1, bedingungen: f010(everyone, everyone) });
    const group = await createGroup(db, { rechte: ['x|010'], parameterIds: [geburtstag.id] });
    const user = await server.userWithSession({ groupIds: [group], values: { [geburtstag.id]: '2015-03-14' } });
    for (const incomplete of ['ungültig', '.03.2015', '2015-03', '2015-02-30']) {
      const reply = await saveOwn(user.code, { [geburtstag.id]: incomplete });
      expect(reply.statusCode).toBe(400);
      expect(reply.body.errors).toEqual({
        [`data.nutzerparameterwerte.${geburtstag.id}`]: ['Bitte im folgenden Format angeben: TT.MM.YYYY'],
      });
    }
    const [row] = await db.select().from(userParameterValues).where(eq(userParameterValues.userId, user.id));
    expect(row?.wert).toBe('2015-03-14');
  });

  it('needs a session and the right x|010', async () => {
    const reply = await saveOwn(forged, {});
    expect(reply.statusCode).toBe(401);
    const other = await server.userWithSession({ rechteSolo: ['x|005|000'] });
    const denied = await saveOwn(other.code, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.body.status).toBe('noRight');
  });
});
