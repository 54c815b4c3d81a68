import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromLocal } from '@hortus/contract';
import {
  childrenCalls,
  releaseMessages,
  type ChildrenData,
  type ChildrenSave,
} from '@hortus/contract/modules/children';
import { parentReportsCalls, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { createGroup } from '../../../src/seed/factories';
import { childAttendance, healthNotesFor } from '../../../src/modules/children/public';
import { sendSameDayChange } from '../../../src/modules/parent-reports/release';
import { addDays, berlinNow } from '../../../src/platform/time/berlin-time';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { insertChildren, insertClasses } from '../../support/children-world';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A family with a child in class A (staff edit it) and another family's child; staff who only see class B. */
async function world() {
  const db = server.database.db;
  const gStaff = await createGroup(db);
  const staffOnly = { alle: false, gruppen: [gStaff] };
  const nobody = { alle: false, gruppen: [] };
  const [classA = 0, classB = 0] = await insertClasses(db, [
    { name: `A${gStaff}`, sehen: staffOnly, bearbeiten: staffOnly },
    { name: `B${gStaff}`, sehen: nobody, bearbeiten: nobody },
  ]);
  const parentRights = ['x|210|000', 'x|210|100'];
  const parent = await server.userWithSession({ rechteSolo: parentRights });
  const other = await server.userWithSession({ rechteSolo: parentRights });
  const staff = await server.userWithSession({ groupIds: [gStaff], rechteSolo: ['x|200|000|000'] });
  const stranger = await server.userWithSession({ rechteSolo: ['x|200|000|000'] });
  const [mine = 0, theirs = 0, hidden = 0] = await insertChildren(db, `Test${gStaff}`, [
    { vorname: 'Mia', classId: classA, parentUserId: parent.id },
    { vorname: 'Ole', classId: classA, parentUserId: other.id },
    { vorname: 'Lea', classId: classB, parentUserId: other.id },
  ]);
  return {
    gStaff,
    parent,
    other,
    staff,
    stranger,
    mine,
    theirs,
    hidden,
  };
}

const parentSave = (code: string, dataToSave: Record<string, unknown>) =>
  server.call(parentReportsCalls.getSettings, code, { dataToSave });
const staffSave = (code: string, dataToSave: ChildrenSave | Record<string, unknown>) =>
  server.call(childrenCalls.getSettings, code, { dataToSave });
async function staffLoad(code: string): Promise<ChildrenData> {
  const reply = await server.call(childrenCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as ChildrenData;
}
const allWeek = [1, 2, 3, 4, 5, 6, 7];

describe('210 erlaubnis: a parent gives the permission to go home alone', () => {
  it('applies at once, is seen by staff of the class with who gave it, and keeps the earlier version', async () => {
    const w = await world();
    const first = await parentSave(w.parent.code, {
      type: 'erlaubnis',
      data: { id_kind: w.mine, alleinNachHause: { erlaubt: true, wochentage: [1, 2, 3, 4], abZeit: '14:00' } },
    });
    expectStatus(first, 'success', 200);
    const own = (first.body.save as ParentReportsData).kinder.find((kind) => kind.id === w.mine);
    expect(own?.abholung?.alleinNachHause).toMatchObject({ erlaubt: true, wochentage: [1, 2, 3, 4], abZeit: '14:00' });
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'erlaubnis',
        data: { id_kind: w.mine, alleinNachHause: { erlaubt: true, wochentage: allWeek, abZeit: '15:00' } },
      }),
      'success',
      200,
    );
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.alleinNachHause).toMatchObject({ erlaubt: true, abZeit: '15:00', papier: false });
    expect(child?.abholung?.alleinNachHause.von).not.toBe('');
    expect(child?.abholung?.versionen.map((version) => version.abZeit)).toEqual(['14:00']);
    expect(child?.abholung?.heute).toMatchObject({ art: 'allein', ab: '15:00', text: 'allein ab 15:00' });
  });

  it("refuses another family's child and callers without the contact right", async () => {
    const w = await world();
    const rule = { erlaubt: true, wochentage: [1], abZeit: '14:00' };
    expectStatus(
      await parentSave(w.parent.code, { type: 'erlaubnis', data: { id_kind: w.theirs, alleinNachHause: rule } }),
      'noRight',
      403,
    );
    const reportOnly = await server.userWithSession({ rechteSolo: ['x|210|000'] });
    expectStatus(
      await parentSave(reportOnly.code, { type: 'erlaubnis', data: { id_kind: w.mine, alleinNachHause: rule } }),
      'noRight',
      403,
    );
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.theirs);
    expect(child?.abholung?.alleinNachHause.erlaubt).toBe(false);
  });

  it('refuses a time like 25:00, a weekday 8 and no weekday, changing nothing', async () => {
    const w = await world();
    const send = (alleinNachHause: Record<string, unknown>) =>
      parentSave(w.parent.code, { type: 'erlaubnis', data: { id_kind: w.mine, alleinNachHause } });
    expectInvalid(
      await send({ erlaubt: true, wochentage: [1], abZeit: '25:00' }),
      'dataToSave.data.alleinNachHause.abZeit',
    );
    expectInvalid(
      await send({ erlaubt: true, wochentage: [8], abZeit: '14:00' }),
      'dataToSave.data.alleinNachHause.wochentage.0',
      releaseMessages.weekday,
    );
    expectInvalid(
      await send({ erlaubt: true, wochentage: [], abZeit: '14:00' }),
      'dataToSave.data.alleinNachHause.wochentage',
      releaseMessages.weekdayRequired,
    );
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.alleinNachHause.von).toBe('');
  });
});

describe('200 erlaubnis: staff record a paper permission', () => {
  it('is marked as paper; needs the edit right on the class; a hidden child is unknown', async () => {
    const w = await world();
    const rule = { erlaubt: true, wochentage: [1, 2, 3, 4, 5], abZeit: '' };
    const saved = await staffSave(w.staff.code, {
      type: 'erlaubnis',
      data: { id_kind: w.mine, alleinNachHause: rule },
    });
    expectStatus(saved, 'success', 200);
    const child = (saved.body.save as ChildrenData).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.alleinNachHause).toMatchObject({
      erlaubt: true,
      papier: true,
      wochentage: [1, 2, 3, 4, 5],
    });
    expectStatus(
      await staffSave(w.staff.code, { type: 'erlaubnis', data: { id_kind: w.hidden, alleinNachHause: rule } }),
      'notFound',
      404,
    );
    expectStatus(
      await staffSave(w.stranger.code, { type: 'erlaubnis', data: { id_kind: w.mine, alleinNachHause: rule } }),
      'notFound',
      404,
    );
    expectInvalid(
      await staffSave(w.staff.code, {
        type: 'erlaubnis',
        data: { id_kind: w.mine, alleinNachHause: { ...rule, abZeit: '25:00' } },
      }),
      'dataToSave.data.alleinNachHause.abZeit',
    );
  });
});

describe('210 abholungHeute: same-day changes', () => {
  it('staff see "heute: Oma Erika" for today; the newest change of the day decides', async () => {
    const w = await world();
    const today = berlinNow().day;
    // A late deadline so the test does not depend on the hour.
    const settings = (await server.call(parentReportsCalls.getSettings, w.parent.code)).body.save as ParentReportsData;
    expect(settings.settings.abholungHeute_spaetestensBis).toBe('12:00');
    const admin = await server.userWithSession({ rechteSolo: ['x|210|set'] });
    expectStatus(
      await parentSave(admin.code, {
        type: 'settings',
        data: { ...settings.settings, abholungHeute_spaetestensBis: '23:59' },
      }),
      'success',
      200,
    );
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholungHeute',
        data: { id_kind: w.mine, tag: today, art: 'allein', zeit: '14:00' },
      }),
      'success',
      200,
    );
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholungHeute',
        data: { id_kind: w.mine, tag: today, art: 'person', person: 'Oma Erika' },
      }),
      'success',
      200,
    );
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.heute).toMatchObject({
      art: 'person',
      person: 'Oma Erika',
      aenderung: true,
      text: 'heute: Oma Erika',
    });
    expect(child?.abholung?.heute.gemeldet).not.toBe('');
    // Tomorrow's change does not touch today.
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholungHeute',
        data: { id_kind: w.theirs, tag: addDays(today, 1), art: 'allein', zeit: '14:00' },
      }),
      'noRight',
      403,
    );
  });

  it('refuses a past day, a missing person, a time like 25:00 and a passed deadline', async () => {
    const w = await world();
    const today = berlinNow().day;
    const send = (data: Record<string, unknown>) =>
      parentSave(w.parent.code, { type: 'abholungHeute', data: { id_kind: w.mine, tag: today, ...data } });
    expectInvalid(await send({ tag: addDays(today, -1), art: 'allein', zeit: '14:00' }), 'dataToSave.data.tag');
    expectInvalid(await send({ art: 'person', person: '' }), 'dataToSave.data.person', releaseMessages.personRequired);
    expectInvalid(await send({ art: 'allein', zeit: '25:00' }), 'dataToSave.data.zeit');
    expectInvalid(await send({ art: 'heimlich' }), 'dataToSave.data.art');
    // The deadline: 12:00 on a Monday at 12:01 Berlin time.
    const monday = '2026-12-07';
    const at = (time: string) =>
      fromLocal({
        year: 2026,
        month: 12,
        day: 7,
        hour: Number(time.slice(0, 2)),
        minute: Number(time.slice(3)),
      });
    const data = { id_kind: w.mine, tag: monday, art: 'allein' as const, zeit: '14:00', person: '' };
    const deadline = { abholungHeute_spaetestensBis: '12:00' };
    const parent = { id: w.parent.id, gruppen: [], rechte: ['x|210|000'] };
    await expect(
      sendSameDayChange(childAttendance, server.database.db, parent, deadline, data, at('12:01')),
    ).rejects.toThrow(releaseMessages.deadlinePassed('12:00'));
    await sendSameDayChange(childAttendance, server.database.db, parent, deadline, data, at('12:00'));
  });
});

describe('210 abholperson / abholpersonEntfernen: parents keep the pickup persons', () => {
  const oma = { name: 'Oma Erika', beziehung: 'Oma', telefon: '0351 1234', notiz: '', gueltigVon: '', gueltigBis: '' };

  it('adds a person with validity, seen by staff at once and valid only within it; changes and removes it', async () => {
    const w = await world();
    const today = berlinNow().day;
    const added = await parentSave(w.parent.code, {
      type: 'abholperson',
      data: { id_kind: w.mine, person: { ...oma, gueltigVon: today, gueltigBis: addDays(today, 30) } },
    });
    expectStatus(added, 'success', 200);
    const own = (added.body.save as ParentReportsData).kinder.find((kind) => kind.id === w.mine);
    const person = own?.abholung?.personen.find((entry) => entry.name === 'Oma Erika');
    expect(person).toMatchObject({ beziehung: 'Oma', gueltigVon: today, gueltigBis: addDays(today, 30) });
    let child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.heute.personen).toEqual(['Oma Erika']);

    // Valid only from tomorrow: listed, but not among today's persons.
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholperson',
        data: { id_kind: w.mine, person: { ...oma, id: person?.id, gueltigVon: addDays(today, 1) } },
      }),
      'success',
      200,
    );
    child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.personen.map((entry) => entry.gueltigVon)).toEqual([addDays(today, 1)]);
    expect(child?.abholung?.heute.personen).toEqual([]);

    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholpersonEntfernen',
        data: { id_kind: w.mine, id: person?.id },
      }),
      'success',
      200,
    );
    child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.abholung?.personen).toEqual([]);
  });

  it("refuses another family's child and its persons, and callers without the contact right", async () => {
    const w = await world();
    const theirs = await parentSave(w.other.code, { type: 'abholperson', data: { id_kind: w.theirs, person: oma } });
    expectStatus(theirs, 'success', 200);
    const theirPerson = (theirs.body.save as ParentReportsData).kinder
      .find((kind) => kind.id === w.theirs)
      ?.abholung?.personen.at(0);
    expect(theirPerson?.name).toBe('Oma Erika');
    expectStatus(
      await parentSave(w.parent.code, { type: 'abholperson', data: { id_kind: w.theirs, person: oma } }),
      'noRight',
      403,
    );
    // Another child's person through one's own child: unknown, unchanged.
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholperson',
        data: { id_kind: w.mine, person: { ...oma, id: theirPerson?.id, name: 'Fremder' } },
      }),
      'notFound',
    );
    expectStatus(
      await parentSave(w.parent.code, { type: 'abholpersonEntfernen', data: { id_kind: w.mine, id: theirPerson?.id } }),
      'notFound',
    );
    expectStatus(
      await parentSave(w.parent.code, {
        type: 'abholpersonEntfernen',
        data: { id_kind: w.theirs, id: theirPerson?.id },
      }),
      'noRight',
      403,
    );
    const reportOnly = await server.userWithSession({ rechteSolo: ['x|210|000'] });
    expectStatus(
      await parentSave(reportOnly.code, { type: 'abholperson', data: { id_kind: w.mine, person: oma } }),
      'noRight',
      403,
    );
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.theirs);
    expect(child?.abholung?.personen.map((entry) => entry.name)).toEqual(['Oma Erika']);
    expect((await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine)?.abholung?.personen).toEqual([]);
  });

  it('refuses a missing name, a bad date and a validity that ends before it starts, changing nothing', async () => {
    const w = await world();
    const send = (person: Record<string, unknown>) =>
      parentSave(w.parent.code, { type: 'abholperson', data: { id_kind: w.mine, person: { ...oma, ...person } } });
    expectInvalid(await send({ name: '' }), 'dataToSave.data.person.name');
    expectInvalid(await send({ gueltigVon: '2026-13-40' }), 'dataToSave.data.person.gueltigVon');
    expectInvalid(
      await send({ gueltigVon: '2026-12-10', gueltigBis: '2026-12-01' }),
      'dataToSave.data.person.gueltigBis',
      releaseMessages.validityRange,
    );
    expect((await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine)?.abholung?.personen).toEqual([]);
  });
});

describe('200 gesundheit: health notes', () => {
  it('are seen with the class only, changed with its edit right, and read by other modules per caller', async () => {
    const w = await world();
    const notes = {
      id_kind: w.mine,
      allergien: 'Erdnüsse',
      medikamente: 'Notfallset im Rucksack',
      hinweise: '',
      notfallkontakte: [{ name: 'Opa Karl', telefon: '0176 1234567', beziehung: 'Opa' }],
    };
    expectStatus(await staffSave(w.staff.code, { type: 'gesundheit', data: notes }), 'success', 200);
    const child = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine);
    expect(child?.gesundheit).toMatchObject({ allergien: 'Erdnüsse', notfallkontakte: [{ name: 'Opa Karl' }] });
    expect((await staffLoad(w.stranger.code)).kinder.some((kind) => kind.id === w.mine)).toBe(false);
    expectStatus(await staffSave(w.stranger.code, { type: 'gesundheit', data: notes }), 'notFound', 404);
    expectInvalid(
      await staffSave(w.staff.code, {
        type: 'gesundheit',
        data: { ...notes, notfallkontakte: [{ name: 'X', telefon: '' }] },
      }),
      'dataToSave.data.notfallkontakte.0.telefon',
    );
    const db = server.database.db;
    const staffUser = { id: w.staff.id, gruppen: [w.gStaff], rechte: ['x|200|000|000'] };
    expect((await healthNotesFor(db, staffUser, [w.mine, w.hidden])).map((row) => row.allergien)).toEqual(['Erdnüsse']);
    expect(await healthNotesFor(db, { id: w.stranger.id, gruppen: [], rechte: ['x|200|000|000'] }, [w.mine])).toEqual(
      [],
    );
    // Parents see their own child's notes.
    const own = ((await server.call(parentReportsCalls.getSettings, w.parent.code)).body.save as ParentReportsData)
      .kinder;
    expect(own.find((kind) => kind.id === w.mine)?.gesundheit?.allergien).toBe('Erdnüsse');
  });
});

describe('release with a pickup person', () => {
  it('records who picked the child up; the spec client releases without naming anyone', async () => {
    const w = await world();
    const status = (id: number, neuStatus: number, extra: Record<string, unknown> = {}) =>
      staffSave(w.staff.code, { type: 'anwesenheitsstatus', data: { id_kind: id, neuStatus, ...extra } });
    expectStatus(await status(w.mine, 1), 'success', 200);
    const released = await status(w.mine, 2, { abgeholtVon: 'Oma Erika' });
    expectStatus(released, 'success', 200);
    const child = (released.body.save as ChildrenData).kinder.find((kind) => kind.id === w.mine);
    expect(child?.anwesenheitHeute?.abgeholtVon).toBe('Oma Erika');
    expectStatus(await status(w.theirs, 1), 'success', 200);
    const plain = await status(w.theirs, 2);
    expectStatus(plain, 'success', 200);
    // Nobody named: the reply keeps the specification's fields only (abgeholtVon is our opt-in addition).
    const plainToday = (plain.body.save as ChildrenData).kinder.find((kind) => kind.id === w.theirs)?.anwesenheitHeute;
    expect(plainToday?.status).toBe(2);
    expect(plainToday && 'abgeholtVon' in plainToday).toBe(false);
  });
});

describe('consents: 200 einwilligungAnfrage / einwilligungErinnern, 210 einwilligung', () => {
  it('staff with the right ask a class; parents answer per own child and revoke; staff see who answered what', async () => {
    const w = await world();
    const asker = await server.userWithSession({ groupIds: [w.gStaff], rechteSolo: ['x|200|000|000', 'x|200|300'] });
    const classA = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine)?.id_klasse as number;
    const request = { titel: 'Fotos in der App 2026/27', zweck: 'Fotos', text: 'Wir möchten …', klassen: [classA] };
    expectStatus(await staffSave(w.staff.code, { type: 'einwilligungAnfrage', data: request }), 'noRight', 403);
    const created = await staffSave(asker.code, { type: 'einwilligungAnfrage', data: request });
    expectStatus(created, 'success', 200);
    const id = (created.body.save as ChildrenData).einwilligungen?.at(-1)?.id as number;
    expectInvalid(
      await staffSave(asker.code, { type: 'einwilligungAnfrage', data: { ...request, klassen: [] } }),
      'dataToSave.data.klassen',
    );
    expectInvalid(
      await staffSave(asker.code, { type: 'einwilligungAnfrage', data: { ...request, frist: '2026-13-01' } }),
      'dataToSave.data.frist',
    );

    const answer = (code: string, id_kind: number, zustimmung: boolean, id_anfrage = id) =>
      parentSave(code, { type: 'einwilligung', data: { id_anfrage, id_kind, zustimmung } });
    const given = await answer(w.parent.code, w.mine, true);
    expectStatus(given, 'success', 200);
    const own = (given.body.save as ParentReportsData).einwilligungen?.find((entry) => entry.id === id);
    expect(own?.antworten).toEqual([expect.objectContaining({ id_kind: w.mine, zustimmung: true })]);
    expectStatus(await answer(w.parent.code, w.theirs, true), 'noRight', 403);
    expectStatus(await answer(w.other.code, w.hidden, true), 'notFound', 404);
    expectStatus(await answer(w.parent.code, w.mine, true, 999_999), 'notFound', 404);
    expectInvalid(
      await parentSave(w.parent.code, { type: 'einwilligung', data: { id_anfrage: id, id_kind: w.mine } }),
      'dataToSave.data.zustimmung',
    );

    const seen = (await staffLoad(w.staff.code)).einwilligungen?.find((entry) => entry.id === id);
    expect(seen?.antworten.map((entry) => [entry.id_kind, entry.zustimmung])).toEqual(
      expect.arrayContaining([
        [w.mine, true],
        [w.theirs, null],
      ]),
    );
    expect(seen?.antworten.some((entry) => entry.id_kind === w.hidden)).toBe(false);
    const reminded = await staffSave(asker.code, { type: 'einwilligungErinnern', data: { id } });
    expectStatus(reminded, 'success', 200);
    expect(reminded.body.erinnert).toBe(1);

    // Revoking later.
    expectStatus(await answer(w.parent.code, w.mine, false), 'success', 200);
    const after = (await staffLoad(w.staff.code)).einwilligungen?.find((entry) => entry.id === id);
    expect(after?.antworten.find((entry) => entry.id_kind === w.mine)?.zustimmung).toBe(false);
  });

  it('after the deadline a yes is refused, a no (revoking) still taken', async () => {
    const w = await world();
    const asker = await server.userWithSession({ groupIds: [w.gStaff], rechteSolo: ['x|200|000|000', 'x|200|300'] });
    const classA = (await staffLoad(w.staff.code)).kinder.find((kind) => kind.id === w.mine)?.id_klasse as number;
    const yesterday = addDays(berlinNow().day, -1);
    const created = await staffSave(asker.code, {
      type: 'einwilligungAnfrage',
      data: { titel: 'Ausflug Zoo', zweck: 'Ausflug', text: 'Am 12.12.', klassen: [classA], frist: yesterday },
    });
    const id = (created.body.save as ChildrenData).einwilligungen?.at(-1)?.id as number;
    const answer = (zustimmung: boolean) =>
      parentSave(w.parent.code, { type: 'einwilligung', data: { id_anfrage: id, id_kind: w.mine, zustimmung } });
    expectInvalid(await answer(true), 'dataToSave.data.zustimmung');
    expectStatus(await answer(false), 'success', 200);
  });
});
