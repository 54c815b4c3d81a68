import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, type Condition } from '@hortus/contract';
import {
  attendanceCalls,
  attendanceMessages,
  type AttendanceData,
  type AttendanceSave,
  type PollView,
  type SlotConditions,
  type SlotView,
} from '@hortus/contract/modules/attendance';
import { createGroup, createParameter } from '../../../src/seed/factories';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getOrSaveSettings, scannedQrCode, getQrCode } = attendanceCalls;
const nobody: Condition = { alle: false, gruppen: [] };
const noConditions: SlotConditions = {
  pruefling: nobody,
  sehen: nobody,
  anwhinzufuegen: nobody,
  anwbearbeiten: nobody,
  bearbeiten: nobody,
};
const only = (...gruppen: number[]): Condition => ({ alle: false, gruppen });

function save(code: string, dataToSave: AttendanceSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getOrSaveSettings, code, { dataToSave });
}
function load(code: string): Promise<Reply> {
  return server.call(getOrSaveSettings, code);
}
async function data(code: string): Promise<AttendanceData> {
  const reply = await load(code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as AttendanceData;
}
function scan(code: string, id: string): Promise<Reply> {
  return server.call(scannedQrCode, code, { id });
}
function qrPdf(code: string, type: string, id: number | string): Promise<Reply> {
  return server.call(getQrCode, code, { type, id });
}
/** A record the caller sees but may not change (or a missing module right). */
function expectDenied(reply: Reply): void {
  expectStatus(reply, 'noRight', 403);
}
/** A record that does not exist or the caller may not see. */
function expectNotFound(reply: Reply): void {
  expectStatus(reply, 'notFound', 404);
}
function expectInvalid(reply: Reply, field: string): void {
  expectStatus(reply, 'validationError', 400);
  expect(Object.keys(reply.body.errors as object)).toContain(field);
}

/** A world: groups for each condition and one user per role. */
async function world() {
  const db = server.database.db;
  const [gPruef, gSehen, gAdd, gManage, gAdmin] = await Promise.all(
    ['P', 'S', 'H', 'B', 'A'].map(() => createGroup(db)),
  );
  const rights = ['x|150'];
  const creator = await server.userWithSession({ rechteSolo: ['x|150|000|010'] });
  const pruefling = await server.userWithSession({ groupIds: [gPruef as number], rechteSolo: rights });
  const pruefling2 = await server.userWithSession({ groupIds: [gPruef as number], rechteSolo: rights });
  const viewer = await server.userWithSession({ groupIds: [gSehen as number], rechteSolo: rights });
  const adder = await server.userWithSession({ groupIds: [gAdd as number], rechteSolo: rights });
  const manager = await server.userWithSession({ groupIds: [gManage as number], rechteSolo: rights });
  const admin = await server.userWithSession({ groupIds: [gAdmin as number], rechteSolo: rights });
  const outsider = await server.userWithSession({ rechteSolo: rights });
  const conditions: SlotConditions = {
    pruefling: only(gPruef as number),
    sehen: only(gSehen as number),
    anwhinzufuegen: only(gAdd as number),
    anwbearbeiten: only(gManage as number),
    bearbeiten: only(gAdmin as number),
  };
  const name = `Slot ${Math.random().toString(36).slice(2, 8)}`;
  const created = await save(creator.code, {
    type: 'editslot',
    data: { id: 0, sort: '2026', name, bedingungen: { f150: conditions } },
  });
  expectStatus(created, 'success');
  const slot = (created.body.save as AttendanceData).slots.find((s) => s.name === name) as SlotView;
  return { creator, pruefling, pruefling2, viewer, adder, manager, admin, outsider, slot, conditions };
}

async function slotOf(code: string, id: number): Promise<SlotView | undefined> {
  return (await data(code)).slots.find((slot) => slot.id === id);
}

async function newPoll(code: string, slotId: number, titel = 'Training'): Promise<PollView> {
  const reply = await save(code, { type: 'editanw', data: { id: 0, id_slot: slotId, datum: '2026-11-22', titel } });
  expectStatus(reply, 'success');
  const slot = (reply.body.save as AttendanceData).slots.find((s) => s.id === slotId) as SlotView;
  return slot.anwesenheiten.find((poll) => poll.titel === titel) as PollView;
}

describe('getOrSaveSettings: load', () => {
  it('needs a session and the right x|150', async () => {
    expectStatus(await load('x'.repeat(43)), 'accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await load(stranger.code));
  });

  it('shows a slot only to users named by one of its conditions, each with their own view', async () => {
    const w = await world();
    expect(await slotOf(w.outsider.code, w.slot.id)).toBeUndefined();
    const forAdmin = (await slotOf(w.admin.code, w.slot.id)) as SlotView;
    expect(forAdmin.qr_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(forAdmin.prueflinge.map((p) => p.id).sort()).toEqual([w.pruefling.id, w.pruefling2.id].sort());
    const forViewer = (await slotOf(w.viewer.code, w.slot.id)) as SlotView;
    expect(forViewer.qr_code).toBe('');
    expect(forViewer.rechte).toMatchObject({ sehen: true, anwhinzufuegen: false, bearbeiten: false });
    const forPruefling = (await slotOf(w.pruefling.code, w.slot.id)) as SlotView;
    expect(forPruefling.prueflinge).toEqual([]);
    expect(forPruefling.uebersicht).toEqual([]);
  });
});

describe('editslot / delslot', () => {
  it('needs x|150|000|adm or x|150|000|010 for a new slot; the creator becomes slot admin', async () => {
    const plain = await server.userWithSession({ rechteSolo: ['x|150'] });
    const input = {
      id: 0,
      sort: '2026',
      name: 'Chor',
      bedingungen: {
        f150: { pruefling: nobody, sehen: nobody, anwhinzufuegen: nobody, anwbearbeiten: nobody, bearbeiten: nobody },
      },
    };
    expectDenied(await save(plain.code, { type: 'editslot', data: input }));
    const adm = await server.userWithSession({ rechteSolo: ['x|150|000|adm'] });
    const reply = await save(adm.code, { type: 'editslot', data: input });
    const slot = (reply.body.save as AttendanceData).slots.find((s) => s.name === 'Chor') as SlotView;
    expect(slot.rechte.bearbeiten).toBe(true);
    expect(slot.bedingungen.f150.bearbeiten.nutzer).toEqual([adm.id]);
  });

  it('refuses blank or disallowed names and bad JSON, writing nothing', async () => {
    const w = await world();
    const base = { id: w.slot.id, sort: '2026', bedingungen: { f150: w.conditions } };
    expectInvalid(
      await save(w.admin.code, { type: 'editslot', data: { ...base, name: '  ' } }),
      'dataToSave.data.name',
    );
    expectInvalid(
      await save(w.admin.code, { type: 'editslot', data: { ...base, name: 'a<b>' } }),
      'dataToSave.data.name',
    );
    const broken = await server.post(getOrSaveSettings.url, { code: w.admin.code, dataToSave: '{kaputt' });
    expectInvalid(broken, 'dataToSave');
    const unknown = await save(w.admin.code, { type: 'gibtsnicht', data: {} });
    expectInvalid(unknown, 'dataToSave.type');
    expect((await slotOf(w.admin.code, w.slot.id))?.name).toBe(w.slot.name);
  });

  it('lets only the slot admin edit, renew the QR code and delete', async () => {
    const w = await world();
    const edit = { id: w.slot.id, sort: '2027', name: 'Umbenannt', bedingungen: { f150: w.conditions } };
    for (const user of [w.viewer, w.manager, w.adder, w.pruefling]) {
      expectDenied(await save(user.code, { type: 'editslot', data: edit }));
      expectDenied(await save(user.code, { type: 'delslot', data: { id: w.slot.id } }));
    }
    const before = (await slotOf(w.admin.code, w.slot.id)) as SlotView;
    await save(w.admin.code, { type: 'editslot', data: { ...edit, neuerQrCode: true } });
    const after = (await slotOf(w.admin.code, w.slot.id)) as SlotView;
    expect(after.name).toBe('Umbenannt');
    expect(after.qr_code).not.toBe(before.qr_code);
    const gone = await save(w.admin.code, { type: 'delslot', data: { id: w.slot.id } });
    expectStatus(gone, 'success');
    expect(await slotOf(w.admin.code, w.slot.id)).toBeUndefined();
    expectStatus(await save(w.admin.code, { type: 'delslot', data: { id: w.slot.id } }), 'notFound');
  });
});

describe('editanw / delanw: poll status rules', () => {
  it('starts people at standard_status, or 0 when on leave', async () => {
    const db = server.database.db;
    const leave = await createParameter(db, { typ: 9, options: ['nein', 'ja'] });
    const settingsUser = await server.userWithSession({ rechteSolo: ['x|150|set'] });
    const group = await createGroup(db);
    const away = await server.userWithSession({
      groupIds: [group],
      rechteSolo: ['x|150'],
      values: { [leave.id]: { optionIds: [leave.optionIds[1] as number] } },
    });
    const here = await server.userWithSession({ groupIds: [group], rechteSolo: ['x|150'] });
    const settings = (await data(settingsUser.code)).settings;
    const ok = await save(settingsUser.code, {
      type: 'settings',
      data: {
        ...settings,
        standard_status: 3,
        id_nutzerparameter_beurlaubt: leave.id,
        id_nutzerparameter_beurlaubt_selectoptionTrue: leave.optionIds[1] as number,
      },
    });
    expectStatus(ok, 'success');
    const adm = await server.userWithSession({ rechteSolo: ['x|150|000|adm'] });
    await save(adm.code, {
      type: 'editslot',
      data: {
        id: 0,
        sort: '2026',
        name: 'Leave',
        bedingungen: {
          f150: {
            pruefling: only(group),
            sehen: nobody,
            anwhinzufuegen: nobody,
            anwbearbeiten: nobody,
            bearbeiten: nobody,
          },
        },
      },
    });
    const slot = (await data(adm.code)).slots.find((s) => s.name === 'Leave') as SlotView;
    expect(slot.prueflinge.find((p) => p.id === away.id)?.beurlaubt).toBe(true);
    const poll = await newPoll(adm.code, slot.id);
    expect(poll.prueflinge.find((p) => p.id === away.id)?.status).toBe(0);
    expect(poll.prueflinge.find((p) => p.id === here.id)?.status).toBe(3);
    expect(poll).toMatchObject({ status: 'offen', geschlossen: false, datum: '2026-11-22' });
    await save(settingsUser.code, { type: 'settings', data: settings });
  });

  it('adders change statuses only while open; managers always; viewers never', async () => {
    const w = await world();
    expectDenied(
      await save(w.viewer.code, {
        type: 'editanw',
        data: { id: 0, id_slot: w.slot.id, datum: '2026-11-22', titel: 'X' },
      }),
    );
    const poll = await newPoll(w.adder.code, w.slot.id);
    const edit = (changes: object) => ({
      id: poll.id,
      id_slot: w.slot.id,
      datum: poll.datum,
      titel: poll.titel,
      ...changes,
    });
    expectDenied(
      await save(w.viewer.code, { type: 'editanw', data: edit({ prueflinge: [{ id: w.pruefling.id, status: 1 }] }) }),
    );
    expectStatus(
      await save(w.adder.code, { type: 'editanw', data: edit({ prueflinge: [{ id: w.pruefling.id, status: 1 }] }) }),
      'success',
    );
    // Adders cannot close; managers can.
    expectDenied(await save(w.adder.code, { type: 'editanw', data: edit({ geschlossen: true }) }));
    expectStatus(await save(w.manager.code, { type: 'editanw', data: edit({ geschlossen: true }) }), 'success');
    // Closed: hidden from adders and viewers, shown to managers; adders cannot change it any more.
    expect((await slotOf(w.adder.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id)).toBeUndefined();
    expect((await slotOf(w.viewer.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id)).toBeUndefined();
    // So for adders the closed poll is a record they do not see.
    expectNotFound(await save(w.adder.code, { type: 'editanw', data: edit({ geschlossen: true }) }));
    const closedView = (await slotOf(w.manager.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id);
    expect(closedView?.geschlossen).toBe(true);
    expect(closedView?.prueflinge.find((p) => p.id === w.pruefling.id)?.status).toBe(1);
    expectNotFound(
      await save(w.adder.code, {
        type: 'editanw',
        data: edit({ geschlossen: true, prueflinge: [{ id: w.pruefling.id, status: 2 }] }),
      }),
    );
    const managed = await save(w.manager.code, {
      type: 'editanw',
      data: edit({ geschlossen: true, prueflinge: [{ id: w.pruefling.id, status: 2 }] }),
    });
    expectStatus(managed, 'success');
    // The overview counts every poll, closed ones too.
    const overview = (await slotOf(w.viewer.code, w.slot.id))?.uebersicht.find((row) => row.id === w.pruefling.id);
    expect(overview).toMatchObject({ entschuldigt: 1, gesamt: 1 });
    // Reopen by a manager.
    expectStatus(await save(w.manager.code, { type: 'editanw', data: edit({ geschlossen: false }) }), 'success');
  });

  it('refuses people who are not assessed, blank titles and bad dates', async () => {
    const w = await world();
    const poll = await newPoll(w.manager.code, w.slot.id);
    const edit = { id: poll.id, id_slot: w.slot.id, datum: poll.datum, titel: poll.titel };
    expectInvalid(
      await save(w.manager.code, {
        type: 'editanw',
        data: { ...edit, prueflinge: [{ id: w.outsider.id, status: 1 }] },
      }),
      'dataToSave.data.prueflinge.0.id',
    );
    expectInvalid(
      await save(w.manager.code, { type: 'editanw', data: { ...edit, titel: '' } }),
      'dataToSave.data.titel',
    );
    expectInvalid(
      await save(w.manager.code, { type: 'editanw', data: { ...edit, datum: '2026-02-30' } }),
      'dataToSave.data.datum',
    );
    const bad = await save(w.manager.code, {
      type: 'editanw',
      data: { ...edit, prueflinge: [{ id: w.pruefling.id, status: 7 }] },
    });
    expectInvalid(bad, 'dataToSave.data.prueflinge.0.status');
    // A poll of another slot cannot be edited through this slot.
    const other = await world();
    const foreign = await save(w.manager.code, { type: 'editanw', data: { ...edit, id_slot: other.slot.id } });
    expectNotFound(foreign);
  });

  it('lets only managers delete polls', async () => {
    const w = await world();
    const poll = await newPoll(w.adder.code, w.slot.id);
    expectDenied(await save(w.adder.code, { type: 'delanw', data: { id: poll.id } }));
    expectDenied(await save(w.viewer.code, { type: 'delanw', data: { id: poll.id } }));
    expectStatus(await save(w.manager.code, { type: 'delanw', data: { id: poll.id } }), 'success');
    expect((await slotOf(w.manager.code, w.slot.id))?.anwesenheiten).toEqual([]);
  });
});

describe('settings', () => {
  it('need x|150|set and a valid single-choice parameter; qrscanned may not be Anwesend', async () => {
    const plain = await server.userWithSession({ rechteSolo: ['x|150'] });
    const setter = await server.userWithSession({ rechteSolo: ['x|150|set'] });
    const current = (await data(setter.code)).settings;
    expectDenied(await save(plain.code, { type: 'settings', data: current }));
    expectInvalid(
      await save(setter.code, { type: 'settings', data: { ...current, standard_status_qrscanned: 1 } }),
      'dataToSave.data.standard_status_qrscanned',
    );
    const text = await createParameter(server.database.db, { typ: 1 });
    expectInvalid(
      await save(setter.code, { type: 'settings', data: { ...current, id_nutzerparameter_beurlaubt: text.id } }),
      'dataToSave.data.id_nutzerparameter_beurlaubt',
    );
    const reply = await save(setter.code, { type: 'settings', data: { ...current, standard_status_qrscanned: 3 } });
    expect((reply.body.save as AttendanceData).settings.standard_status_qrscanned).toBe(3);
    expect((await data(setter.code)).nutzerparameter.every((p) => p.typ === 9)).toBe(true);
    expect((await data(plain.code)).nutzerparameter).toEqual([]);
    await save(setter.code, { type: 'settings', data: current });
  });
});

describe('scannedQR-Code: check-in', () => {
  it('marks the scanning user Anwesend in the latest open poll of the slot', async () => {
    const w = await world();
    await newPoll(w.manager.code, w.slot.id, 'Alt');
    const latest = await newPoll(w.manager.code, w.slot.id, 'Neu');
    const reply = await scan(
      w.pruefling.code,
      w.slot.qr_code || ((await slotOf(w.admin.code, w.slot.id)) as SlotView).qr_code,
    );
    expect(reply.body).toMatchObject({
      status: 'success',
      errorQRcode: false,
      slotname: w.slot.name,
      id_anwesenheit: latest.id,
    });
    const poll = (await slotOf(w.manager.code, w.slot.id))?.anwesenheiten.find((p) => p.id === latest.id);
    expect(poll?.prueflinge.find((p) => p.id === w.pruefling.id)?.status).toBe(1);
  });

  it('gives the others standard_status_qrscanned on the first check-in of a poll', async () => {
    const setter = await server.userWithSession({ rechteSolo: ['x|150|set'] });
    const current = (await data(setter.code)).settings;
    await save(setter.code, { type: 'settings', data: { ...current, standard_status_qrscanned: 3 } });
    try {
      const w = await world();
      const poll = await newPoll(w.manager.code, w.slot.id);
      const qr = ((await slotOf(w.admin.code, w.slot.id)) as SlotView).qr_code;
      await scan(w.pruefling.code, qr);
      const after = (await slotOf(w.manager.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id);
      expect(after?.prueflinge.find((p) => p.id === w.pruefling.id)?.status).toBe(1);
      expect(after?.prueflinge.find((p) => p.id === w.pruefling2.id)?.status).toBe(3);
      await scan(w.pruefling2.code, qr);
      const later = (await slotOf(w.manager.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id);
      expect(later?.prueflinge.find((p) => p.id === w.pruefling2.id)?.status).toBe(1);
    } finally {
      await save(setter.code, { type: 'settings', data: current });
    }
  });

  it('checks into one poll by its own code (saa) while it is open', async () => {
    const w = await world();
    const first = await newPoll(w.manager.code, w.slot.id, 'Erste');
    await newPoll(w.manager.code, w.slot.id, 'Zweite');
    const pollCode = ((await slotOf(w.admin.code, w.slot.id)) as SlotView).anwesenheiten.find((p) => p.id === first.id)
      ?.qr_code as string;
    expect(pollCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await scan(w.pruefling.code, pollCode)).body).toMatchObject({
      errorQRcode: false,
      id_anwesenheit: first.id,
    });
    await save(w.manager.code, {
      type: 'editanw',
      data: { id: first.id, id_slot: w.slot.id, datum: first.datum, titel: first.titel, geschlossen: true },
    });
    expect((await scan(w.pruefling2.code, pollCode)).body).toMatchObject({
      errorQRcode: true,
      message: attendanceMessages.qrExpired,
    });
  });

  it('answers invalid for malformed or foreign codes and expired for unknown, renewed or poll-less codes', async () => {
    const w = await world();
    const qr = ((await slotOf(w.admin.code, w.slot.id)) as SlotView).qr_code;
    // No open poll yet.
    expect((await scan(w.pruefling.code, qr)).body).toMatchObject({
      errorQRcode: true,
      message: attendanceMessages.qrExpired,
    });
    await newPoll(w.manager.code, w.slot.id);
    for (const bad of ['', 'kurz', `https://evil.example/150?sa=${qr}`, '200:1:1:0', `${qr}x`]) {
      expect((await scan(w.pruefling.code, bad)).body).toMatchObject({
        errorQRcode: true,
        message: attendanceMessages.qrInvalid,
      });
    }
    expect((await scan(w.pruefling.code, 'A'.repeat(22))).body).toMatchObject({
      errorQRcode: true,
      message: attendanceMessages.qrExpired,
    });
    // Not assessed in this slot.
    expect((await scan(w.outsider.code, qr)).body).toMatchObject({
      errorQRcode: true,
      message: attendanceMessages.qrNotAssessed,
    });
    // Renewed: the old code no longer works, the new one does.
    await save(w.admin.code, {
      type: 'editslot',
      data: {
        id: w.slot.id,
        sort: w.slot.sort,
        name: w.slot.name,
        bedingungen: { f150: w.conditions },
        neuerQrCode: true,
      },
    });
    expect((await scan(w.pruefling.code, qr)).body).toMatchObject({
      errorQRcode: true,
      message: attendanceMessages.qrExpired,
    });
    const renewed = ((await slotOf(w.admin.code, w.slot.id)) as SlotView).qr_code;
    expect((await scan(w.pruefling.code, renewed)).body).toMatchObject({ errorQRcode: false });
    // No session, no right.
    expectStatus(await scan('x'.repeat(43), renewed), 'accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await scan(stranger.code, renewed));
  });
});

describe('getQR-Code and its download', () => {
  it('makes the slot and poll PDFs for slot admins only, named QR-Code- plus the name', async () => {
    const w = await world();
    const poll = await newPoll(w.manager.code, w.slot.id, 'Probe');
    const reply = await qrPdf(w.admin.code, 'slots', w.slot.id);
    expect(reply.body).toMatchObject({
      status: 'success',
      file: `f100-150/qr/slot-${w.slot.id}.pdf`,
      name: `QR-Code-${w.slot.name}.pdf`,
    });
    const download = await server.post('/_api/data/download.php', {
      code: w.admin.code,
      file: String(reply.body.file),
    });
    expect(download.statusCode).toBe(200);
    expect(download.raw.startsWith('%PDF-')).toBe(true);
    expect(String(download.headers['content-disposition'])).toContain(encodeURIComponent(`QR-Code-${w.slot.name}.pdf`));
    expectDenied(await server.post('/_api/data/download.php', { code: w.manager.code, file: String(reply.body.file) }));
    const pollPdf = await qrPdf(w.admin.code, 'slots_anwesenheiten', poll.id);
    expect(pollPdf.body).toMatchObject({ status: 'success', name: 'QR-Code-Probe.pdf' });
    for (const user of [w.manager, w.viewer, w.adder]) {
      expectDenied(await qrPdf(user.code, 'slots', w.slot.id));
      expectDenied(await qrPdf(user.code, 'slots_anwesenheiten', poll.id));
    }
    expectInvalid(await qrPdf(w.admin.code, 'slots', 'abc'), 'id');
    expectInvalid(await qrPdf(w.admin.code, 'x', 1), 'type');
    expectNotFound(await qrPdf(w.outsider.code, 'slots', w.slot.id));
    expectNotFound(await qrPdf(w.outsider.code, 'slots_anwesenheiten', poll.id));
    const traversal = await server.post('/_api/data/download.php', { code: w.admin.code, file: '../../../etc/passwd' });
    expectStatus(traversal, 'notFound');
    const sneaky = await server.post('/_api/data/download.php', {
      code: w.admin.code,
      file: `f100-150/qr/slot-${w.slot.id}.pdf/../../../etc/passwd`,
    });
    expectStatus(sneaky, 'notFound');
  });
});

describe('wire rules of the module kit and the shared slot rule', () => {
  it('loads for an empty, blank, null or {} dataToSave (the spec client) and adds a slot for id ""', async () => {
    const adm = await server.userWithSession({ rechteSolo: ['x|150|000|010'] });
    for (const dataToSave of ['', ' ', 'null', '{}']) {
      expectStatus(await server.post(getOrSaveSettings.url, { code: adm.code, dataToSave }), 'success', 200);
    }
    const created = await server.post(getOrSaveSettings.url, {
      code: adm.code,
      dataToSave: JSON.stringify({
        type: 'editslot',
        data: { id: '', sort: '2026', name: 'Spec-Client', bedingungen: { f150: noConditions } },
      }),
    });
    expect((created.body.save as AttendanceData).slots.some((slot) => slot.name === 'Spec-Client')).toBe(true);
  });

  it('answers notFound for slots and polls the caller may not see', async () => {
    const w = await world();
    const poll = await newPoll(w.manager.code, w.slot.id);
    const edit = { id: w.slot.id, sort: '2026', name: 'Fremd', bedingungen: { f150: w.conditions } };
    expectNotFound(await save(w.outsider.code, { type: 'editslot', data: edit }));
    expectNotFound(await save(w.outsider.code, { type: 'delslot', data: { id: w.slot.id } }));
    expectNotFound(await save(w.outsider.code, { type: 'delanw', data: { id: poll.id } }));
    expectNotFound(
      await save(w.outsider.code, {
        type: 'editanw',
        data: { id: 0, id_slot: w.slot.id, datum: '2026-11-22', titel: 'Fremd' },
      }),
    );
    // Seen but not allowed: noRight.
    expectDenied(await save(w.pruefling.code, { type: 'delanw', data: { id: poll.id } }));
    expect((await slotOf(w.admin.code, w.slot.id))?.name).toBe(w.slot.name);
  });

  it('answers validationError, never 500, for ids from 2^31 on', async () => {
    const w = await world();
    const huge = MAX_RECORD_ID + 1;
    for (const id of [huge, String(huge), '99999999999999999999']) {
      for (const type of ['delslot', 'delanw'] as const) {
        const reply = await save(w.admin.code, { type, data: { id } });
        expectStatus(reply, 'validationError', 400);
        expect(reply.body.errors).toEqual({ 'dataToSave.data.id': ['Ungültige Nummer.'] });
      }
      for (const type of ['slots', 'slots_anwesenheiten']) {
        const reply = await qrPdf(w.admin.code, type, id);
        expectStatus(reply, 'validationError', 400);
        expect(reply.body.errors).toEqual({ id: ['Ungültige Nummer.'] });
      }
    }
    const poll = await save(w.admin.code, {
      type: 'editanw',
      data: { id: huge, id_slot: huge, datum: '2026-11-22', titel: 'X', prueflinge: [{ id: huge, status: 1 }] },
    });
    expect(Object.keys(poll.body.errors as object).sort()).toEqual([
      'dataToSave.data.id',
      'dataToSave.data.id_slot',
      'dataToSave.data.prueflinge.0.id',
    ]);
    expect(await slotOf(w.admin.code, w.slot.id)).toBeDefined();
  });

  it('makes x|150|000|adm slot admin of every slot, like x|130|000|adm in the cloud', async () => {
    const w = await world();
    const adm = await server.userWithSession({ rechteSolo: ['x|150|000|adm'] });
    const slot = (await slotOf(adm.code, w.slot.id)) as SlotView;
    expect(slot.rechte).toEqual({
      pruefling: false,
      sehen: true,
      anwhinzufuegen: true,
      anwbearbeiten: true,
      bearbeiten: true,
    });
    expectStatus(await qrPdf(adm.code, 'slots', w.slot.id), 'success');
    // x|150|000|010 only adds slots.
    const adder = await server.userWithSession({ rechteSolo: ['x|150|000|010'] });
    expect(await slotOf(adder.code, w.slot.id)).toBeUndefined();
  });

  it('limits the sort prefix to 25 and the name to 100 characters, as in the cloud', async () => {
    const w = await world();
    const reply = await save(w.admin.code, {
      type: 'editslot',
      data: { id: w.slot.id, sort: 'x'.repeat(26), name: 'n'.repeat(101), bedingungen: { f150: w.conditions } },
    });
    expectStatus(reply, 'validationError', 400);
    expect(reply.body.errors).toEqual({
      'dataToSave.data.sort': ['Maximal 25 Zeichen sind erlaubt'],
      'dataToSave.data.name': ['Maximal 100 Zeichen sind erlaubt'],
    });
  });
});
