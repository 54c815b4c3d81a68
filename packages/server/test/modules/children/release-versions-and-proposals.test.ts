import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  childrenCalls,
  healthProposalMessages,
  type ChildView,
  type ChildrenData,
  type ChildrenSave,
} from '@hortus/contract/modules/children';
import { parentReportsCalls, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { childHealthNotes } from '../../../src/modules/children/schema';
import { createGroup } from '../../../src/seed/factories';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { insertChildren, insertClasses } from '../../support/children-world';

/**
 * Issue 44's remaining pieces: the pickup persons kept in versions (who changed the list and when, earlier
 * versions readable by staff and parents) and parents' proposals of health notes (210 gesundheitVorschlag,
 * 200 gesundheitVorschlagEntscheiden).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * A family with a child in class A and another family's child there; staff who edit class A, staff who only
 * see it, staff who see neither A nor B; a child in class B nobody sees.
 */
async function world() {
  const db = server.database.db;
  const gEdit = await createGroup(db);
  const gView = await createGroup(db);
  const [classA = 0, classB = 0] = await insertClasses(db, [
    {
      name: `A${gEdit}`,
      sehen: { alle: false, gruppen: [gEdit, gView] },
      bearbeiten: { alle: false, gruppen: [gEdit] },
    },
    { name: `B${gEdit}`, sehen: { alle: false, gruppen: [] }, bearbeiten: { alle: false, gruppen: [] } },
  ]);
  const parentRights = ['x|210|000', 'x|210|100'];
  const parent = await server.userWithSession({ rechteSolo: parentRights });
  const other = await server.userWithSession({ rechteSolo: parentRights });
  const staff = await server.userWithSession({ groupIds: [gEdit], rechteSolo: ['x|200|000|000'] });
  const viewer = await server.userWithSession({ groupIds: [gView], rechteSolo: ['x|200|000|000'] });
  const stranger = await server.userWithSession({ rechteSolo: ['x|200|000|000'] });
  const [mine = 0, theirs = 0, hidden = 0] = await insertChildren(db, `Vers${gEdit}`, [
    { vorname: 'Mia', classId: classA, parentUserId: parent.id },
    { vorname: 'Ole', classId: classA, parentUserId: other.id },
    { vorname: 'Lea', classId: classB, parentUserId: other.id },
  ]);
  return { classA, parent, other, staff, viewer, stranger, mine, theirs, hidden };
}

const parentSave = (code: string, dataToSave: Record<string, unknown>) =>
  server.call(parentReportsCalls.getSettings, code, { dataToSave });
const staffSave = (code: string, dataToSave: ChildrenSave | Record<string, unknown>) =>
  server.call(childrenCalls.getSettings, code, { dataToSave });
async function parentLoad(code: string): Promise<ParentReportsData> {
  const reply = await server.call(parentReportsCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ParentReportsData;
}
async function details(code: string, id: number): Promise<ChildView> {
  const reply = await server.call(childrenCalls.getKind, code, { id });
  expectStatus(reply, 'success', 200);
  return reply.body.kind as ChildView;
}
async function staffList(code: string): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}

const oma = { name: 'Oma Erika', beziehung: 'Oma', telefon: '0351 1234', notiz: '', gueltigVon: '', gueltigBis: '' };

describe('pickup persons in versions (issue 44)', () => {
  it('records each change with who made it and when; earlier versions stay readable for staff and parents', async () => {
    const w = await world();
    const added = await parentSave(w.parent.code, { type: 'abholperson', data: { id_kind: w.mine, person: oma } });
    expectStatus(added, 'success', 200);
    const own = (added.body.save as ParentReportsData).kinder.find((kind) => kind.id === w.mine);
    expect(own?.abholung?.personenVersionen).toHaveLength(1);
    expect(own?.abholung?.personenVersionen?.[0]).toMatchObject({
      personen: [{ name: 'Oma Erika', beziehung: 'Oma' }],
      von: expect.stringMatching(/./) as unknown,
      am: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/) as unknown,
    });

    // Staff change the list in the child dialog (editKind): a version of its own, by staff, in force at once.
    const child = await details(w.staff.code, w.mine);
    const edit = {
      kind: {
        id: w.mine,
        vorname: child.vorname,
        nachname: child.nachname,
        id_klasse: w.classA,
        betreuungsplatz: child.betreuungsplatz,
        standardentlasszeit: child.standardentlasszeit,
        version: child.version,
      },
      id_eltern: child.id_eltern,
      abholberechtigte: [
        { id: 0, ...oma, gueltigBis: '2030-12-31' },
        { id: 0, name: 'Herr Nachbar', beziehung: 'Nachbar', telefon: '', notiz: 'Ausweis zeigen', gueltigVon: '' },
      ],
    };
    expectStatus(await staffSave(w.staff.code, { type: 'editKind', data: edit }), 'success', 200);
    const after = await details(w.staff.code, w.mine);
    expect(after.abholung?.personen.map((person) => person.name)).toEqual(['Oma Erika', 'Herr Nachbar']);
    const versions = after.abholung?.personenVersionen ?? [];
    expect(versions.map((version) => version.personen.map((person) => person.name))).toEqual([
      ['Oma Erika', 'Herr Nachbar'],
      ['Oma Erika'],
    ]);
    expect(versions[0]?.personen[0]?.gueltigBis).toBe('2030-12-31');
    expect(versions[0]?.von).not.toBe(versions[1]?.von);

    // Saving the dialog for another field leaves the list and adds no version.
    expectStatus(
      await staffSave(w.staff.code, {
        type: 'editKind',
        data: { ...edit, kind: { ...edit.kind, standardentlasszeit: '16:00', version: after.version } },
      }),
      'success',
      200,
    );
    expect((await details(w.staff.code, w.mine)).abholung?.personenVersionen).toHaveLength(2);

    // The parent reads both versions; removing a person is one more.
    const removedId = (await parentLoad(w.parent.code)).kinder
      .find((kind) => kind.id === w.mine)
      ?.abholung?.personen.find((person) => person.name === 'Herr Nachbar')?.id;
    const removed = await parentSave(w.parent.code, {
      type: 'abholpersonEntfernen',
      data: { id_kind: w.mine, id: removedId },
    });
    expectStatus(removed, 'success', 200);
    const parentView = (removed.body.save as ParentReportsData).kinder.find((kind) => kind.id === w.mine);
    expect(parentView?.abholung?.personenVersionen?.map((version) => version.personen.length)).toEqual([1, 2, 1]);

    // The list load carries no versions (only the dialog's details and the parents' own children do).
    const listed = (await staffList(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(listed?.abholung).toBeDefined();
    expect(listed?.abholung?.personenVersionen).toBeUndefined();
  });

  it("a parent reads only their own children's versions; a refused change records none", async () => {
    const w = await world();
    expectStatus(
      await parentSave(w.other.code, { type: 'abholperson', data: { id_kind: w.theirs, person: oma } }),
      'success',
      200,
    );
    expectStatus(
      await parentSave(w.parent.code, { type: 'abholperson', data: { id_kind: w.theirs, person: oma } }),
      'noRight',
      403,
    );
    expectInvalid(
      await parentSave(w.parent.code, {
        type: 'abholperson',
        data: { id_kind: w.mine, person: { ...oma, gueltigVon: '2026-12-10', gueltigBis: '2026-12-01' } },
      }),
      'dataToSave.data.person.gueltigBis',
    );
    const mine = await parentLoad(w.parent.code);
    expect(mine.kinder.map((kind) => kind.id)).toEqual([w.mine]);
    expect(mine.kinder[0]?.abholung?.personenVersionen).toEqual([]);
    expect((await details(w.staff.code, w.theirs)).abholung?.personenVersionen).toHaveLength(1);
    expectStatus(await server.call(childrenCalls.getKind, w.stranger.code, { id: w.theirs }), 'notFound');
  });
});

const proposal = {
  allergien: 'Erdnüsse',
  medikamente: 'Notfallset im Ranzen',
  hinweise: 'Asthma bei Anstrengung',
  notfallkontakte: [{ name: 'Opa Karl', telefon: '0351 9876', beziehung: 'Opa' }],
};

describe('210 gesundheitVorschlag / 200 gesundheitVorschlagEntscheiden (issue 44)', () => {
  it('a parent proposes; staff who see the class see it open; staff who edit it accept; the parent sees the state', async () => {
    const w = await world();
    const sent = await parentSave(w.parent.code, {
      type: 'gesundheitVorschlag',
      data: { id_kind: w.mine, ...proposal },
    });
    expectStatus(sent, 'success', 200);
    const own = (sent.body.save as ParentReportsData).kinder.find((kind) => kind.id === w.mine);
    expect(own?.gesundheitVorschlaege?.[0]).toMatchObject({ ...proposal, status: 'offen', entschiedenAm: '' });
    // Not written yet.
    expect(own?.gesundheit?.allergien).toBe('');

    const seen = await details(w.viewer.code, w.mine);
    expect(seen.gesundheitVorschlaege).toHaveLength(1);
    const id = seen.gesundheitVorschlaege?.[0]?.id ?? 0;
    // Seeing the class is not changing it: the viewer may not decide.
    expectStatus(
      await staffSave(w.viewer.code, { type: 'gesundheitVorschlagEntscheiden', data: { id, annehmen: true } }),
      'noRight',
      403,
    );
    // Staff who do not see the class do not learn it exists.
    expectStatus(
      await staffSave(w.stranger.code, { type: 'gesundheitVorschlagEntscheiden', data: { id, annehmen: true } }),
      'notFound',
      404,
    );
    expectStatus(
      await staffSave(w.staff.code, { type: 'gesundheitVorschlagEntscheiden', data: { id, annehmen: true } }),
      'success',
      200,
    );
    const accepted = await details(w.staff.code, w.mine);
    expect(accepted.gesundheit).toEqual(proposal);
    expect(accepted.gesundheitVorschlaege).toEqual([]);
    const parentView = (await parentLoad(w.parent.code)).kinder[0];
    expect(parentView?.gesundheit).toEqual(proposal);
    expect(parentView?.gesundheitVorschlaege?.[0]).toMatchObject({ status: 'angenommen' });
    expect(parentView?.gesundheitVorschlaege?.[0]?.entschiedenVon).not.toBe('');
    // Decided once: a second decision is refused on its field and changes nothing.
    expectInvalid(
      await staffSave(w.staff.code, { type: 'gesundheitVorschlagEntscheiden', data: { id, annehmen: false } }),
      'dataToSave.data.id',
      healthProposalMessages.decided,
    );
    expect((await parentLoad(w.parent.code)).kinder[0]?.gesundheitVorschlaege?.[0]?.status).toBe('angenommen');
  });

  it('a rejected proposal leaves the notes; a newer proposal replaces an open one', async () => {
    const w = await world();
    await server.database.db
      .insert(childHealthNotes)
      .values({ childId: w.mine, allergies: 'Laktose', medication: '', notes: '', emergencyContacts: [] });
    const propose = (allergien: string) =>
      parentSave(w.parent.code, { type: 'gesundheitVorschlag', data: { id_kind: w.mine, ...proposal, allergien } });
    expectStatus(await propose('Laktose, Erdnüsse'), 'success', 200);
    expectStatus(await propose('Laktose, Haselnüsse'), 'success', 200);
    const open = (await details(w.staff.code, w.mine)).gesundheitVorschlaege ?? [];
    expect(open.map((entry) => entry.allergien)).toEqual(['Laktose, Haselnüsse']);
    expectStatus(
      await staffSave(w.staff.code, {
        type: 'gesundheitVorschlagEntscheiden',
        data: { id: open[0]?.id, annehmen: false },
      }),
      'success',
      200,
    );
    const [notes] = await server.database.db
      .select()
      .from(childHealthNotes)
      .where(eq(childHealthNotes.childId, w.mine));
    expect(notes?.allergies).toBe('Laktose');
    const states = (await parentLoad(w.parent.code)).kinder[0]?.gesundheitVorschlaege?.map((entry) => entry.status);
    expect(states).toEqual(['abgelehnt', 'ersetzt']);
  });

  it("refuses another family's child, a child nobody sees, callers without the contact right and bad input", async () => {
    const w = await world();
    const send = (code: string, data: Record<string, unknown>) =>
      parentSave(code, { type: 'gesundheitVorschlag', data });
    expectStatus(await send(w.parent.code, { id_kind: w.theirs, ...proposal }), 'noRight', 403);
    expectStatus(await send(w.parent.code, { id_kind: w.hidden, ...proposal }), 'noRight', 403);
    const reportOnly = await server.userWithSession({ rechteSolo: ['x|210|000'] });
    expectStatus(await send(reportOnly.code, { id_kind: w.mine, ...proposal }), 'noRight', 403);
    expectInvalid(
      await send(w.parent.code, { id_kind: w.mine, ...proposal, allergien: 'x'.repeat(1001) }),
      'dataToSave.data.allergien',
    );
    expectInvalid(
      await send(w.parent.code, { id_kind: w.mine, ...proposal, notfallkontakte: [{ name: '', telefon: '1' }] }),
      'dataToSave.data.notfallkontakte.0.name',
    );
    expectInvalid(await send(w.parent.code, { id_kind: 'abc', ...proposal }), 'dataToSave.data.id_kind');
    expect((await details(w.staff.code, w.mine)).gesundheitVorschlaege).toEqual([]);
    expect((await details(w.staff.code, w.theirs)).gesundheitVorschlaege).toEqual([]);

    const decide = (data: Record<string, unknown>) =>
      staffSave(w.staff.code, { type: 'gesundheitVorschlagEntscheiden', data });
    expectInvalid(await decide({ id: 1 }), 'dataToSave.data.annehmen');
    expectInvalid(await decide({ id: 1, annehmen: 'ja' }), 'dataToSave.data.annehmen', healthProposalMessages.decision);
    expectInvalid(await decide({ id: 'x', annehmen: true }), 'dataToSave.data.id');
    expectStatus(await decide({ id: 2_000_000_000, annehmen: true }), 'notFound', 404);
  });
});
