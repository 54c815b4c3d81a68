import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceMessages,
  type AttendanceData,
  type AttendanceSave,
  type Condition,
  type PollView,
  type SlotConditions,
  type SlotView,
} from '@hortus/contract';
import { createGroup, createParameter } from '../src/seed/factories';
import { startTestServer, type Reply, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const path = '/_api/100/150/';
const nobody: Condition = { alle: false, gruppen: [] };
const only = (...gruppen: number[]): Condition => ({ alle: false, gruppen });

function save(code: string, dataToSave: AttendanceSave): Promise<Reply> {
  return server.post(`${path}?getOrSaveSettings`, { code, dataToSave: JSON.stringify(dataToSave) });
}
function load(code: string): Promise<Reply> {
  return server.post(`${path}?getOrSaveSettings`, { code });
}
async function data(code: string): Promise<AttendanceData> {
  const reply = await load(code);
  expect(reply.body.status).toBe('success');
  return reply.body.save as AttendanceData;
}
function scan(code: string, id: string): Promise<Reply> {
  return server.post(`${path}?scannedQR-Code`, { code, id });
}
function expectDenied(reply: Reply): void {
  expect(reply.statusCode).toBe(403);
  expect(reply.body.status).toBe('noRight');
}
function expectInvalid(reply: Reply, field: string): void {
  expect(reply.statusCode).toBe(400);
  expect(reply.body.status).toBe('validationError');
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
  expect(created.body.status).toBe('success');
  const slot = (created.body.save as AttendanceData).slots.find((s) => s.name === name) as SlotView;
  return { creator, pruefling, pruefling2, viewer, adder, manager, admin, outsider, slot, conditions };
}

async function slotOf(code: string, id: number): Promise<SlotView | undefined> {
  return (await data(code)).slots.find((slot) => slot.id === id);
}

async function newPoll(code: string, slotId: number, titel = 'Training'): Promise<PollView> {
  const reply = await save(code, { type: 'editanw', data: { id: 0, id_slot: slotId, datum: '2026-11-22', titel } });
  expect(reply.body.status).toBe('success');
  const slot = (reply.body.save as AttendanceData).slots.find((s) => s.id === slotId) as SlotView;
  return slot.anwesenheiten.find((poll) => poll.titel === titel) as PollView;
}

describe('getOrSaveSettings: load', () => {
  it('needs a session and the right x|150', async () => {
    expect((await load('x'.repeat(43))).body.status).toBe('accessError');
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
    const broken = await server.post(`${path}?getOrSaveSettings`, { code: w.admin.code, dataToSave: '{kaputt' });
    expectInvalid(broken, 'dataToSave');
    const unknown = await server.post(`${path}?getOrSaveSettings`, {
      code: w.admin.code,
      dataToSave: JSON.stringify({ type: 'gibtsnicht', data: {} }),
    });
    expect(unknown.body.status).toBe('validationError');
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
    expect(gone.body.status).toBe('success');
    expect(await slotOf(w.admin.code, w.slot.id)).toBeUndefined();
    expect((await save(w.admin.code, { type: 'delslot', data: { id: w.slot.id } })).body.status).toBe('notFound');
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
    expect(ok.body.status).toBe('success');
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
    expect(
      (await save(w.adder.code, { type: 'editanw', data: edit({ prueflinge: [{ id: w.pruefling.id, status: 1 }] }) }))
        .body.status,
    ).toBe('success');
    // Adders cannot close; managers can.
    expectDenied(await save(w.adder.code, { type: 'editanw', data: edit({ geschlossen: true }) }));
    expect((await save(w.manager.code, { type: 'editanw', data: edit({ geschlossen: true }) })).body.status).toBe(
      'success',
    );
    // Closed: hidden from adders and viewers, shown to managers; adders cannot change it any more.
    expect((await slotOf(w.adder.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id)).toBeUndefined();
    expect((await slotOf(w.viewer.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id)).toBeUndefined();
    const closedView = (await slotOf(w.manager.code, w.slot.id))?.anwesenheiten.find((p) => p.id === poll.id);
    expect(closedView?.geschlossen).toBe(true);
    expect(closedView?.prueflinge.find((p) => p.id === w.pruefling.id)?.status).toBe(1);
    expectDenied(
      await save(w.adder.code, {
        type: 'editanw',
        data: edit({ geschlossen: true, prueflinge: [{ id: w.pruefling.id, status: 2 }] }),
      }),
    );
    const managed = await save(w.manager.code, {
      type: 'editanw',
      data: edit({ geschlossen: true, prueflinge: [{ id: w.pruefling.id, status: 2 }] }),
    });
    expect(managed.body.status).toBe('success');
    // The overview counts every poll, closed ones too.
    const overview = (await slotOf(w.viewer.code, w.slot.id))?.uebersicht.find((row) => row.id === w.pruefling.id);
    expect(overview).toMatchObject({ entschuldigt: 1, gesamt: 1 });
    // Reopen by a manager.
    expect((await save(w.manager.code, { type: 'editanw', data: edit({ geschlossen: false }) })).body.status).toBe(
      'success',
    );
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
    const bad = await server.post(`${path}?getOrSaveSettings`, {
      code: w.manager.code,
      dataToSave: JSON.stringify({
        type: 'editanw',
        data: { ...edit, prueflinge: [{ id: w.pruefling.id, status: 7 }] },
      }),
    });
    expect(bad.body.status).toBe('validationError');
    // A poll of another slot cannot be edited through this slot.
    const other = await world();
    const foreign = await save(w.manager.code, { type: 'editanw', data: { ...edit, id_slot: other.slot.id } });
    expect(['noRight', 'notFound']).toContain(foreign.body.status);
  });

  it('lets only managers delete polls', async () => {
    const w = await world();
    const poll = await newPoll(w.adder.code, w.slot.id);
    expectDenied(await save(w.adder.code, { type: 'delanw', data: { id: poll.id } }));
    expectDenied(await save(w.viewer.code, { type: 'delanw', data: { id: poll.id } }));
    expect((await save(w.manager.code, { type: 'delanw', data: { id: poll.id } })).body.status).toBe('success');
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
    expect((await scan('x'.repeat(43), renewed)).body.status).toBe('accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|100'] });
    expectDenied(await scan(stranger.code, renewed));
  });
});

describe('getQR-Code and its download', () => {
  it('makes the slot and poll PDFs for slot admins only, named QR-Code- plus the name', async () => {
    const w = await world();
    const poll = await newPoll(w.manager.code, w.slot.id, 'Probe');
    const reply = await server.post(`${path}?getQR-Code`, { code: w.admin.code, id: String(w.slot.id), type: 'slots' });
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
    const pollPdf = await server.post(`${path}?getQR-Code`, {
      code: w.admin.code,
      id: String(poll.id),
      type: 'slots_anwesenheiten',
    });
    expect(pollPdf.body).toMatchObject({ status: 'success', name: 'QR-Code-Probe.pdf' });
    for (const user of [w.manager, w.viewer, w.adder]) {
      expectDenied(await server.post(`${path}?getQR-Code`, { code: user.code, id: String(w.slot.id), type: 'slots' }));
    }
    expectInvalid(await server.post(`${path}?getQR-Code`, { code: w.admin.code, id: 'abc', type: 'slots' }), 'id');
    expectInvalid(await server.post(`${path}?getQR-Code`, { code: w.admin.code, id: '1', type: 'x' }), 'type');
    const traversal = await server.post('/_api/data/download.php', { code: w.admin.code, file: '../../../etc/passwd' });
    expect(traversal.body.status).toBe('notFound');
    const sneaky = await server.post('/_api/data/download.php', {
      code: w.admin.code,
      file: `f100-150/qr/slot-${w.slot.id}.pdf/../../../etc/passwd`,
    });
    expect(sneaky.body.status).toBe('notFound');
  });
});
