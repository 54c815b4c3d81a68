import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, moduleRegistry, widgetsOf } from '@hortus/contract';
import {
  dashboardCalls,
  feedbackDateTime,
  dashboardMessages as texts,
  newsFeedWidget,
  type DashboardSettings,
  type FeedbackUser,
  type GetDashboardReply,
  type Meldung,
  type W1Data,
} from '@hortus/contract/modules/dashboard';
import { deliverDueNotices } from '../../../src/modules/dashboard/messages-notify';
import { dashboardMessages as messageTable } from '../../../src/modules/dashboard/schema';
import { widgetRegistry } from '../../../src/platform/modules/widgets';
import { createMailer, type Mailer } from '../../../src/platform/mail/mailer';
import { createGroup, createParameter, createUser } from '../../../src/seed/factories';
import { pushDefaults } from '../../../src/platform/push/push';
import { expectStatus, loopbackPushAgent, startTestServer, type Reply, type TestServer } from '../../support/helper';

interface ReceivedMail {
  to: string[];
  raw: string;
}

let server: TestServer;
let smtp: SMTPServer;
let mailer: Mailer;
const received: ReceivedMail[] = [];
const mailWaiters: (() => void)[] = [];

/** Resolves once `count` mails have reached the SMTP sink (event driven, no timers). */
function mailsReceived(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (received.length >= count) {
        resolve();
        return true;
      }
      return false;
    };
    if (!check()) mailWaiters.push(() => void check());
  });
}

let groups: { authors: number; parents: number; staff: number; other: number };
let email: number;
let author: Awaited<ReturnType<TestServer['userWithSession']>>;
let parent: Awaited<ReturnType<TestServer['userWithSession']>>;
let outsider: Awaited<ReturnType<TestServer['userWithSession']>>;
let staff: Awaited<ReturnType<TestServer['userWithSession']>>;
let admin: Awaited<ReturnType<TestServer['userWithSession']>>;

const viewRight = 'x|000|000';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((entry) => entry.address), raw });
        for (const waiter of mailWaiters) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-mail-')),
  });
  server = await startTestServer({ mailer });
  const db = server.database.db;
  email = (await createParameter(db, { name: 'E-Mail', typ: 4 })).id;
  groups = {
    authors: await createGroup(db, { rechte: [viewRight], parameterIds: [email] }),
    parents: await createGroup(db, { rechte: [viewRight], parameterIds: [email] }),
    staff: await createGroup(db, { rechte: [viewRight] }),
    other: await createGroup(db, { rechte: [viewRight] }),
  };
  author = await server.userWithSession({ groupIds: [groups.authors], values: { [email]: 'autorin@example.org' } });
  parent = await server.userWithSession({ groupIds: [groups.parents], values: { [email]: 'eltern@example.org' } });
  staff = await server.userWithSession({ groupIds: [groups.staff] });
  outsider = await server.userWithSession({ groupIds: [groups.other] });
  admin = await server.userWithSession({ rechteSolo: ['x|000|000', 'x|000|set'] });
  const saved = await saveSettings(admin.code, {
    useWidgets: ['w1'],
    bedingung_f000_sehen: {},
    w1_bedingung_meldungErstellen: { alle: false, gruppen: [groups.authors] },
    w1_standardEmpfaenger: String(groups.parents),
  });
  expect(saved.body.status).toBe('success');
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

function getSettings(code: string): Promise<Reply> {
  return server.call(dashboardCalls.getSettings, code, {});
}

function saveSettings(code: string, data: DashboardSettings): Promise<Reply> {
  return server.call(dashboardCalls.getSettings, code, { dataToSave: { type: 'saveSettings', data } });
}

function w1(code: string, dataToSave: W1Data | Record<string, unknown>): Promise<Reply> {
  return server.call(dashboardCalls.w1, code, { dataToSave });
}

async function feed(code: string): Promise<Meldung[]> {
  const reply = await getSettings(code);
  expect(reply.body.status).toBe('success');
  const save = reply.body.save as GetDashboardReply['save'];
  const entry = save.widgets.find((widget) => widget.id === 'w1');
  return entry ? newsFeedWidget.parse(entry).meldungen : [];
}

type MeldungFields = Partial<Extract<W1Data, { func: 'saveMeldung' }>['data']>;

function meldung(overrides: MeldungFields = {}) {
  return {
    id: 0,
    typ: 'info' as const,
    titel: 'Elternabend',
    text: 'Am Donnerstag um 18 Uhr.\nBitte pünktlich.',
    bedingung_f000w1_sehen: { alle: false, gruppen: [groups.parents] },
    ...overrides,
  };
}

async function create(overrides: MeldungFields = {}, code = author.code): Promise<Meldung> {
  const reply = await w1(code, { func: 'saveMeldung', data: meldung(overrides) });
  expect(reply.body.status, reply.raw).toBe('success');
  return reply.body.savedMeldung as Meldung;
}

/** 'YYYY-MM-DDTHH:mm' in Berlin time, `hours` from now. */
function localIn(hours: number): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + hours * 3_600_000));
  return parts.replace(' ', 'T');
}

const withForm = {
  nutzen: true,
  formularfelder: [
    {
      id: 0,
      sort: 1,
      name: 'Teilnahme',
      beschreibung: 'Kommen Sie?',
      typ: 'einfachauswahl' as const,
      selectoptions: ['Ja', 'Nein'],
    },
    { id: 0, sort: 2, name: 'Bemerkung', beschreibung: '', typ: 'text' as const, selectoptions: [] },
  ],
};

describe('getSettings', () => {
  it('needs a session and the dashboard right', async () => {
    const anonymous = await getSettings('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.status).toBe('accessError');
    const stranger = await server.userWithSession({ rechteSolo: ['x|010'] });
    const denied = await getSettings(stranger.code);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
  });

  it('answers settings, all widgets and the visible widgets with the create flag and default recipients', async () => {
    const reply = await getSettings(author.code);
    const save = reply.body.save as GetDashboardReply['save'];
    expect(save.settings.allWidgets).toEqual([
      { id: 'w1', name: 'Meldungen' },
      { id: 'w2', name: 'Abwesenheiten' },
      { id: 'w3', name: 'Neue Nachrichten' },
    ]);
    expect(save.settings.w1_standardEmpfaenger).toBe(String(groups.parents));
    expect(save.widgets.map((widget) => widget.id)).toEqual(['w1']);
    const newsFeed = newsFeedWidget.parse(save.widgets[0]);
    expect(newsFeed.kannErstellen).toBe(true);
    expect(newsFeed.standardEmpfaenger).toEqual([groups.parents]);
    expect(newsFeed.emailParameter.find((parameter) => parameter.id === email)?.gruppen).toEqual(
      expect.arrayContaining([groups.authors, groups.parents]),
    );
    const other = (await getSettings(parent.code)).body.save as GetDashboardReply['save'];
    expect(newsFeedWidget.parse(other.widgets[0]).kannErstellen).toBe(false);
  });

  it('saves settings only with x|000|set and refuses unknown widgets and groups', async () => {
    const current = ((await getSettings(admin.code)).body.save as GetDashboardReply['save']).settings;
    const { allWidgets: _a, w1_200_Klassen: _k, ...settings } = current;
    const denied = await saveSettings(author.code, settings);
    expect(denied.statusCode).toBe(403);
    const badWidget = await saveSettings(admin.code, { ...settings, useWidgets: ['w9'] });
    expect(badWidget.body.status).toBe('validationError');
    expect(badWidget.body.errors).toEqual({ 'dataToSave.data.useWidgets': [texts.unknownWidget] });
    const badGroup = await saveSettings(admin.code, { ...settings, w1_standardEmpfaenger: '999999' });
    expect(badGroup.body.errors).toEqual({ 'dataToSave.data.w1_standardEmpfaenger': [texts.unknownGroup] });
    const malformed = await server.post(dashboardCalls.getSettings.url, { code: admin.code, dataToSave: '{kaputt' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body.errors).toEqual({ dataToSave: ['Ungültiges JSON.'] });
    const after = ((await getSettings(admin.code)).body.save as GetDashboardReply['save']).settings;
    expect(after).toEqual(current);
  });
});

describe('widgets as a platform extension point', () => {
  it('every widget a module declares in the contract is served by a server module; ids are unique', async () => {
    expect([...server.context.widgets.keys()].sort()).toEqual(widgetsOf(moduleRegistry).map((widget) => widget.id));
    const widget = { load: async () => ({}) };
    expect(() =>
      widgetRegistry([
        { code: '200', dashboardWidgets: { w2: widget } },
        { code: '210', dashboardWidgets: { w2: widget } },
      ]),
    ).toThrow(/w2/);
  });
});

describe('the one dataToSave rule and the record rule', () => {
  it('an empty or missing dataToSave loads (getSettings) or does nothing (w1)', async () => {
    const empty = await server.post(dashboardCalls.getSettings.url, { code: author.code, dataToSave: '' });
    expectStatus(empty, 'success', 200);
    const missing = await getSettings(author.code);
    expect((empty.body.save as GetDashboardReply['save']).settings).toEqual(
      (missing.body.save as GetDashboardReply['save']).settings,
    );
    const idle = await server.post(dashboardCalls.w1.url, { code: author.code, dataToSave: '' });
    expectStatus(idle, 'success', 200);
    expect(idle.body).toMatchObject({ savedMeldung: null, users: [] });
  });

  it('saveSettings needs x|000|set as the action right; a viewer may still load', async () => {
    expectStatus(await getSettings(parent.code), 'success', 200);
    const current = ((await getSettings(admin.code)).body.save as GetDashboardReply['save']).settings;
    const { allWidgets: _a, w1_200_Klassen: _k, ...settings } = current;
    expectStatus(await saveSettings(parent.code, settings), 'noRight', 403);
  });

  it('a new message may come with an empty id; ids beyond the database range are bad input', async () => {
    const created = await w1(author.code, { func: 'saveMeldung', data: { ...meldung({ titel: 'Leer' }), id: '' } });
    expectStatus(created, 'success', 200);
    const id = (created.body.savedMeldung as Meldung).id;
    const huge = await w1(author.code, { func: 'delMeldung', data: { id: MAX_RECORD_ID + 1 } });
    expectStatus(huge, 'validationError', 400);
    expect(huge.body.errors).toEqual({ 'dataToSave.data.id': ['Ungültige Nummer.'] });
    expectStatus(await w1(author.code, { func: 'delMeldung', data: { id } }), 'success', 200);
  });

  it('a message the caller does not see is not found; one seen but not written by them is noRight', async () => {
    const toParents = await create({
      titel: 'Nur Eltern',
      bedingung_f000w1_sehen: { alle: false, gruppen: [groups.parents] },
    });
    const unseen = await w1(outsider.code, { func: 'delMeldung', data: { id: toParents.id } });
    expectStatus(unseen, 'notFound', 404);
    expect(unseen.body.message).toBe(texts.unknownMessage);
    const seen = await w1(parent.code, { func: 'delMeldung', data: { id: toParents.id } });
    expectStatus(seen, 'noRight', 403);
    expect(seen.body.message).toBe(texts.notAuthor);
    const csv = await server.post(dashboardCalls.w1csv.url, { code: outsider.code, meldungId: String(toParents.id) });
    expectStatus(csv, 'notFound', 404);
  });

  it('an answer that does not exist is not found in the results overview', async () => {
    const message = await create({
      titel: 'Umfrage',
      rueckmeldung: {
        nutzen: true,
        formularfelder: [{ id: 0, sort: 1, name: 'Frage', beschreibung: '', typ: 'text', selectoptions: [] }],
      },
    });
    const missing = await w1(author.code, {
      func: 'settingsRueckmeldungenuebersicht',
      meldungId: message.id,
      type: 'delete',
      data: { userId: outsider.id },
    });
    expectStatus(missing, 'notFound', 404);
    expect(missing.body.message).toBe(texts.unknownFeedback);
  });
});

describe('news feed', () => {
  it('shows a message exactly to its recipients (groups and single users) and the author', async () => {
    const toParents = await create({ titel: 'Nur Eltern' });
    const toUser = await create({
      titel: 'Nur eine Person',
      bedingung_f000w1_sehen: { alle: false, gruppen: [], nutzer: [staff.id] },
    });
    const toAll = await create({ titel: 'Alle', bedingung_f000w1_sehen: { alle: true, gruppen: [] } });
    const ids = async (code: string) => (await feed(code)).map((entry) => entry.id);
    expect(await ids(parent.code)).toEqual(expect.arrayContaining([toParents.id, toAll.id]));
    expect(await ids(parent.code)).not.toContain(toUser.id);
    expect(await ids(staff.code)).toEqual(expect.arrayContaining([toUser.id, toAll.id]));
    expect(await ids(staff.code)).not.toContain(toParents.id);
    expect(await ids(outsider.code)).toContain(toAll.id);
    expect(await ids(outsider.code)).not.toContain(toParents.id);
    expect(await ids(author.code)).toEqual(expect.arrayContaining([toParents.id, toUser.id, toAll.id]));
    const seen = (await feed(parent.code)).find((entry) => entry.id === toParents.id);
    expect(seen).toMatchObject({
      typ: 'info',
      icon: 'Info',
      color: 'info',
      kannBearbeiten: false,
      autor: { id: author.id },
    });
  });

  it('hides planned messages before their start and after their end', async () => {
    const futureVon = localIn(48);
    const future = await create({ titel: 'Zukunft', anzeigePlanen: true, von: futureVon, bis: localIn(72) });
    // A window entirely in the past is refused on saving (below); one that has ended since is stored like this.
    const past = await create({ titel: 'Vorbei', anzeigePlanen: true, von: localIn(-72), bis: localIn(48) });
    await server.database.db
      .update(messageTable)
      .set({ showUntil: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(messageTable.id, past.id));
    const now = await create({ titel: 'Jetzt', anzeigePlanen: true, von: localIn(-1), bis: '' });
    const ids = (await feed(parent.code)).map((entry) => entry.id);
    expect(ids).toContain(now.id);
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(past.id);
    // Stored as sent (computing the time again could cross a minute boundary).
    expect(future.von).toBe(futureVon);
    // The author still sees (and can delete) them.
    const own = (await feed(author.code)).map((entry) => entry.id);
    expect(own).toEqual(expect.arrayContaining([future.id, past.id]));
  });

  it('refuses a planned window whose end lies before its start, and a missing start', async () => {
    const reply = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ anzeigePlanen: true, von: localIn(5), bis: localIn(1) }),
    });
    expect(reply.body.status).toBe('validationError');
    expect(reply.body.errors).toEqual({ 'dataToSave.data.bis': [texts.startAfterEnd] });
    const noStart = await w1(author.code, { func: 'saveMeldung', data: meldung({ anzeigePlanen: true, von: '' }) });
    expect(noStart.body.errors).toEqual({ 'dataToSave.data.von': ['Bitte angeben.'] });
  });

  it('refuses a planned message entirely in the past', async () => {
    const before = (await feed(author.code)).length;
    const reply = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ titel: 'Schon vorbei', anzeigePlanen: true, von: localIn(-72), bis: localIn(-48) }),
    });
    expect(reply.body.status).toBe('validationError');
    expect(reply.body.errors).toEqual({ 'dataToSave.data.bis': [texts.endInPast] });
    expect((await feed(author.code)).length).toBe(before);
  });

  it('lets only users of w1_bedingung_meldungErstellen create', async () => {
    const before = (await feed(author.code)).length;
    const denied = await w1(parent.code, { func: 'saveMeldung', data: meldung({ titel: 'Von Eltern' }) });
    expect(denied.statusCode).toBe(403);
    expect(denied.body.status).toBe('noRight');
    expect((await feed(author.code)).length).toBe(before);
  });

  it('checks title and text and changes nothing on bad input', async () => {
    const empty = await w1(author.code, { func: 'saveMeldung', data: meldung({ titel: '  ', text: '' }) });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.errors).toEqual({
      'dataToSave.data.titel': ['Bitte angeben.'],
      'dataToSave.data.text': ['Bitte angeben.'],
    });
    const badType = await w1(author.code, { func: 'saveMeldung', data: { ...meldung(), typ: 'blink' } });
    expect(badType.body.status).toBe('validationError');
    const badOption = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        rueckmeldung: {
          nutzen: true,
          formularfelder: [
            {
              id: 0,
              sort: 1,
              name: 'Wahl',
              beschreibung: '',
              typ: 'einfachauswahl',
              selectoptions: ['', 'x'.repeat(26), 'a<b'],
            },
          ],
        },
      }),
    });
    expect(badOption.body.errors).toEqual({
      'dataToSave.data.rueckmeldung.formularfelder.0.selectoptions.0': ['Bitte angeben.'],
      'dataToSave.data.rueckmeldung.formularfelder.0.selectoptions.1': ['Maximal 25 Zeichen sind erlaubt'],
      'dataToSave.data.rueckmeldung.formularfelder.0.selectoptions.2': ['Enthält unerlaubte Zeichen'],
    });
    const noOptions = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        rueckmeldung: {
          nutzen: true,
          formularfelder: [
            { id: 0, sort: 1, name: 'Wahl', beschreibung: '', typ: 'mehrfachauswahl', selectoptions: [] },
          ],
        },
      }),
    });
    expect(noOptions.body.errors).toEqual({
      'dataToSave.data.rueckmeldung.formularfelder.0.selectoptions': [texts.optionsRequired],
    });
    const badGroup = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ bedingung_f000w1_sehen: { alle: false, gruppen: [987654] } }),
    });
    expect(badGroup.body.errors).toEqual({ 'dataToSave.data.bedingung_f000w1_sehen': [texts.unknownGroup] });
    const huge = await w1(author.code, { func: 'delMeldung', data: { id: 99_999_999_999 } });
    expect(huge.statusCode).toBe(400);
    const hugeCsv = await server.post(dashboardCalls.w1csv.url, { code: author.code, meldungId: '99999999999' });
    expect(hugeCsv.body.errors).toEqual({ meldungId: ['Ungültige Nummer.'] });
    const unknownFunc = await w1(author.code, { func: 'löschen', data: {} });
    expect(unknownFunc.body.status).toBe('validationError');
  });

  it('stores script and HTML as plain text and returns it as text in JSON', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await create({ titel: evil, text: `${evil}\nZeile 2` });
    expect(created.titel).toBe(evil);
    const reply = await getSettings(parent.code);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const shown = newsFeedWidget
      .parse((reply.body.save as GetDashboardReply['save']).widgets[0])
      .meldungen.find((entry) => entry.id === created.id);
    expect(shown?.titel).toBe(evil);
    expect(shown?.text).toBe(`${evil}\nZeile 2`);
  });

  it('lets only the author edit and delete; planned messages can only be deleted', async () => {
    const own = await create({ titel: 'Alt' });
    const edited = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ id: own.id, titel: 'Neu', typ: 'party' }),
    });
    expect(edited.body.savedMeldung).toMatchObject({ id: own.id, titel: 'Neu', typ: 'party', icon: 'Celebration' });
    const coAuthor = await server.userWithSession({ groupIds: [groups.authors] });
    const foreign = await w1(coAuthor.code, { func: 'saveMeldung', data: meldung({ id: own.id, titel: 'Gekapert' }) });
    expect(foreign.body.status).toBe('notFound');
    const recipientEdit = await w1(parent.code, {
      func: 'saveMeldung',
      data: meldung({ id: own.id, titel: 'Gekapert' }),
    });
    expect(recipientEdit.body.status).toBe('noRight');
    expect(recipientEdit.body.message).toBe(texts.notAuthor);
    const recipientDelete = await w1(parent.code, { func: 'delMeldung', data: { id: own.id } });
    expect(recipientDelete.body.status).toBe('noRight');
    expect((await feed(parent.code)).find((entry) => entry.id === own.id)?.titel).toBe('Neu');

    const planned = await create({ titel: 'Geplant', anzeigePlanen: true, von: localIn(24) });
    const change = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ id: planned.id, anzeigePlanen: true, von: localIn(24), titel: 'Anders' }),
    });
    expect(change.body.status).toBe('validationError');
    expect(change.body.message).toBe(texts.plannedLocked);
    const deleted = await w1(author.code, { func: 'delMeldung', data: { id: planned.id } });
    expect(deleted.body.status).toBe('success');
    expect((await feed(author.code)).map((entry) => entry.id)).not.toContain(planned.id);
    const again = await w1(author.code, { func: 'delMeldung', data: { id: planned.id } });
    expect(again.statusCode).toBe(404);
  });

  it('marks a popup as seen once per user', async () => {
    const popup = await create({ titel: 'Wichtig', popup: true });
    expect((await feed(parent.code)).find((entry) => entry.id === popup.id)?.popupGesehen).toBe(false);
    const seen = await w1(parent.code, { func: 'popupGesehen', data: { meldungId: popup.id } });
    expect(seen.body.status).toBe('success');
    expect((await feed(parent.code)).find((entry) => entry.id === popup.id)?.popupGesehen).toBe(true);
    const staffSees = await w1(outsider.code, { func: 'popupGesehen', data: { meldungId: popup.id } });
    expect(staffSees.statusCode).toBe(404);
  });
});

describe('feedback forms', () => {
  it('takes one answer per recipient, locked until the author allows a refill', async () => {
    const message = await create({ titel: 'Ausflug', rueckmeldung: withForm });
    const [teilnahme, bemerkung] = message.rueckmeldung.formularfelder;
    expect(teilnahme?.id).toBeGreaterThan(0);
    expect(bemerkung?.id).not.toBe(teilnahme?.id);
    const answer = (werte: Record<string, string | string[]>, code = parent.code) =>
      w1(code, { func: 'saveRueckmeldung', data: { meldungId: message.id, werte } });
    const werte = { [String(teilnahme?.id)]: 'Ja', [String(bemerkung?.id)]: '<b>fett</b>\n=1+1' };

    const first = await answer(werte);
    expect(first.body.status, first.raw).toBe('success');
    expect((first.body.savedMeldung as Meldung).rueckmeldung.user).toMatchObject({ werte, kannAendern: false });
    const second = await answer({ [String(teilnahme?.id)]: 'Nein' });
    expect(second.body.status).toBe('validationError');
    expect(second.body.message).toBe(texts.alreadyAnswered);
    const notRecipient = await answer({ [String(teilnahme?.id)]: 'Ja' }, outsider.code);
    expect(notRecipient.statusCode).toBe(404);
    const badOption = await answer({ [String(teilnahme?.id)]: 'Vielleicht' }, author.code);
    expect(badOption.body.errors).toEqual({ [`dataToSave.data.werte.${teilnahme?.id}`]: [texts.unknownOption] });

    const overview = (type: string, userId?: number, code = author.code) =>
      w1(code, {
        func: 'settingsRueckmeldungenuebersicht',
        meldungId: message.id,
        type,
        data: userId ? { userId } : {},
      });
    const refreshed = await overview('refresh');
    expect(refreshed.body.users).toEqual([
      { id: parent.id, ident: expect.any(String), date: expect.any(String), kannAendern: false, werte },
    ]);
    expect((await overview('refresh', undefined, parent.code)).body.status).toBe('noRight');

    const allowed = await overview('allowRefill', parent.id);
    expect((allowed.body.users as FeedbackUser[])[0]?.kannAendern).toBe(true);
    expect((await feed(parent.code)).find((entry) => entry.id === message.id)?.rueckmeldung.user?.kannAendern).toBe(
      true,
    );
    const refill = await answer({ [String(teilnahme?.id)]: 'Nein' });
    expect(refill.body.status).toBe('success');
    const locked = await answer({ [String(teilnahme?.id)]: 'Ja' });
    expect(locked.body.message).toBe(texts.alreadyAnswered);

    const second2 = await server.userWithSession({ groupIds: [groups.parents] });
    expect((await answer({ [String(teilnahme?.id)]: 'Ja' }, second2.code)).body.status).toBe('success');
    const all = await overview('allowRefillAll');
    expect((all.body.users as FeedbackUser[]).map((user) => user.kannAendern)).toEqual([true, true]);
    const one = await overview('delete', second2.id);
    expect((one.body.users as FeedbackUser[]).map((user) => user.id)).toEqual([parent.id]);
    const missingUser = await overview('delete');
    expect(missingUser.body.errors).toEqual({ 'dataToSave.data.userId': ['Bitte angeben.'] });
    const none = await overview('deleteAll');
    expect(none.body.users).toEqual([]);
  });

  it('locks the type of a field once it holds answers', async () => {
    // Teilnahme optional here, so that the answer below touches only the text field.
    const optional = {
      ...withForm,
      formularfelder: withForm.formularfelder.map((field) => ({ ...field, pflicht: false })),
    };
    const message = await create({ titel: 'Typwechsel', rueckmeldung: optional });
    const fields = message.rueckmeldung.formularfelder;
    const changed = () =>
      w1(author.code, {
        func: 'saveMeldung',
        data: meldung({
          id: message.id,
          titel: 'Typwechsel',
          rueckmeldung: {
            nutzen: true,
            formularfelder: fields.map((field, index) =>
              index === 1 ? { ...field, typ: 'einfachauswahl' as const, selectoptions: ['A'] } : field,
            ),
          },
        }),
      });
    // No answers yet: the type may change.
    expect((await changed()).body.status).toBe('success');
    const reset = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({ id: message.id, titel: 'Typwechsel', rueckmeldung: { nutzen: true, formularfelder: fields } }),
    });
    expect(reset.body.status).toBe('success');
    const answered = await w1(parent.code, {
      func: 'saveRueckmeldung',
      data: { meldungId: message.id, werte: { [String(fields[1]?.id)]: 'Text' } },
    });
    expect(answered.body.status, answered.raw).toBe('success');
    const refused = await changed();
    expect(refused.body.status).toBe('validationError');
    expect(refused.body.errors).toEqual({ 'dataToSave.data.rueckmeldung.formularfelder.1.typ': [texts.typeLocked] });
    const mine = (await feed(author.code)).find((entry) => entry.id === message.id);
    expect(mine?.rueckmeldung.beantworteteFelder).toEqual([fields[1]?.id]);
    expect(mine?.rueckmeldung.anzahl).toBe(1);
  });

  it('refuses an empty answer to a required field in German and keeps nothing', async () => {
    const form = {
      nutzen: true,
      formularfelder: [
        ...withForm.formularfelder,
        { id: 0, sort: 3, name: 'Allergien', beschreibung: '', typ: 'text' as const, selectoptions: [], pflicht: true },
        {
          id: 0,
          sort: 4,
          name: 'Wünsche',
          beschreibung: '',
          typ: 'mehrfachauswahl' as const,
          selectoptions: ['A', 'B'],
        },
      ],
    };
    const message = await create({ titel: 'Pflichtfelder', rueckmeldung: form });
    const [teilnahme, bemerkung, allergien, wuensche] = message.rueckmeldung.formularfelder;
    // Choice fields are required unless marked otherwise; the mark is kept.
    expect(message.rueckmeldung.formularfelder.map((field) => field.pflicht)).toEqual([
      undefined,
      undefined,
      true,
      undefined,
    ]);
    const answer = (werte: Record<string, string | string[]>) =>
      w1(parent.code, { func: 'saveRueckmeldung', data: { meldungId: message.id, werte } });

    const empty = await answer({
      [String(teilnahme?.id)]: '',
      [String(allergien?.id)]: '  ',
      [String(wuensche?.id)]: [],
    });
    expect(empty.body.status).toBe('validationError');
    expect(empty.body.errors).toEqual({
      [`dataToSave.data.werte.${teilnahme?.id}`]: [texts.answerRequired],
      [`dataToSave.data.werte.${allergien?.id}`]: [texts.answerRequired],
      [`dataToSave.data.werte.${wuensche?.id}`]: [texts.answerRequired],
    });
    const missing = await answer({ [String(teilnahme?.id)]: 'Ja', [String(wuensche?.id)]: ['A'] });
    expect(missing.body.errors).toEqual({ [`dataToSave.data.werte.${allergien?.id}`]: [texts.answerRequired] });
    expect((await feed(parent.code)).find((entry) => entry.id === message.id)?.rueckmeldung.user).toBeNull();

    // The optional text field may stay empty.
    const full = await answer({
      [String(teilnahme?.id)]: 'Nein',
      [String(bemerkung?.id)]: '',
      [String(allergien?.id)]: 'keine',
      [String(wuensche?.id)]: ['B'],
    });
    expect(full.body.status, full.raw).toBe('success');
  });

  it('exports the results as Excel-friendly, formula-safe CSV for the author only', async () => {
    const message = await create({ titel: 'Export: Sommerfest/2026', rueckmeldung: withForm });
    const [teilnahme, bemerkung] = message.rueckmeldung.formularfelder;
    await w1(parent.code, {
      func: 'saveRueckmeldung',
      data: {
        meldungId: message.id,
        werte: { [String(teilnahme?.id)]: 'Ja', [String(bemerkung?.id)]: '=HYPERLINK("x");1' },
      },
    });
    const reply = await server.post(dashboardCalls.w1csv.url, { code: author.code, meldungId: String(message.id) });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Rückmeldungen Export Sommerfest 2026.csv')}`,
    );
    expect(reply.raw.startsWith('\uFEFF')).toBe(true);
    const lines = reply.raw.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('"Name";"Datum";"Teilnahme";"Bemerkung"');
    expect(lines[1]).toMatch(/;"Ja";"'=HYPERLINK\(""x""\);1"$/);
    // The date in German local time, as the overview shows the answer's instant.
    const [answer] = (
      await w1(author.code, {
        func: 'settingsRueckmeldungenuebersicht',
        meldungId: message.id,
        type: 'refresh',
        data: {},
      })
    ).body.users as FeedbackUser[];
    expect(lines[1]).toContain(`;"${feedbackDateTime(answer?.date ?? '')}";`);
    expect(lines[1]).toMatch(/^"[^"]*";"\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}";/);
    const get = await server.app.inject({
      method: 'GET',
      url: `${dashboardCalls.w1csv.url}&code=${author.code}&meldungId=${message.id}`,
    });
    expect(get.statusCode).toBe(200);
    const denied = await server.post(dashboardCalls.w1csv.url, { code: parent.code, meldungId: String(message.id) });
    expect(denied.body.status).toBe('noRight');
    const bad = await server.post(dashboardCalls.w1csv.url, { code: author.code, meldungId: 'abc' });
    expect(bad.body.errors).toEqual({ meldungId: ['Ungültige Nummer.'] });
    // The export goes out from memory: nothing is left (or ever written) in the data folder.
    expect(fs.existsSync(path.join(server.dataDir, 'tmp'))).toBe(false);
  });
});

describe('e-mail and widget visibility', () => {
  it('mails the recipients with the chosen e-mail parameter through SMTP without blocking the save', async () => {
    const withoutMail = await createUser(server.database.db, { groupIds: [groups.parents] });
    expect(withoutMail.id).toBeGreaterThan(0);
    received.length = 0;
    const reply = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        titel: 'Per Mail',
        text: 'Hallo <Eltern>',
        sendMail: true,
        sendMailParameter: [{ id: email, name: 'E-Mail', checked: true }],
      }),
    });
    expect(reply.body.status).toBe('success');
    expect(reply.body.mailEmpfaenger).toBe(1);
    await mailsReceived(1);
    await mailer.idle();
    expect(received.map((mail) => mail.to)).toEqual([['eltern@example.org']]);
    expect(received[0]?.raw).toContain('Subject: Per Mail');
    expect(received[0]?.raw).toContain('Hallo <Eltern>');

    const unchecked = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        titel: 'Ohne',
        sendMail: true,
        sendMailParameter: [{ id: email, name: 'E-Mail', checked: false }],
      }),
    });
    expect(unchecked.body.mailEmpfaenger).toBe(0);
  });

  it('mails a planned message once, when its window opens, and never after it has closed', async () => {
    await deliverDueNotices(server.context);
    await mailer.idle();
    received.length = 0;
    const mailTo = [{ id: email, name: 'E-Mail', checked: true }];
    const later = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        titel: 'Später per Mail',
        anzeigePlanen: true,
        von: localIn(2),
        bis: localIn(5),
        sendMail: true,
        sendMailParameter: mailTo,
      }),
    });
    expect(later.body.status).toBe('success');
    expect(later.body.mailEmpfaenger).toBe(0);
    const missed = await w1(author.code, {
      func: 'saveMeldung',
      data: meldung({
        titel: 'Verpasst',
        anzeigePlanen: true,
        von: localIn(2),
        bis: localIn(3),
        sendMail: true,
        sendMailParameter: mailTo,
      }),
    });
    expect(missed.body.status).toBe('success');

    // Not yet due: nothing goes out.
    await deliverDueNotices(server.context);
    await mailer.idle();
    expect(received).toEqual([]);

    // Four hours on, the first window is open, the second has closed again: one mail, once.
    const fourHoursOn = new Date(Date.now() + 4 * 3600_000);
    await deliverDueNotices(server.context, fourHoursOn);
    await mailsReceived(1);
    await mailer.idle();
    await deliverDueNotices(server.context, fourHoursOn);
    await mailer.idle();
    expect(received.map((mail) => mail.to)).toEqual([['eltern@example.org']]);
    expect(received[0]?.raw).toContain('Subject: =?UTF-8?Q?Sp=C3=A4ter_per_Mail?=');
  });

  it('writes mails to the outbox file when no SMTP server is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-outbox-'));
    const outbox = createMailer({ dataDir });
    expect(outbox.kind).toBe('outbox');
    outbox.send({ to: ['a@example.org', 'b@example.org', 'a@example.org'], subject: 'Betreff', text: 'Text\nZeile' });
    await outbox.idle();
    const lines = fs.readFileSync(path.join(dataDir, 'mail-outbox.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { to: string; subject: string }).to)).toEqual([
      'a@example.org',
      'b@example.org',
    ]);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ subject: 'Betreff', text: 'Text\nZeile' });
  });

  it('keeps the save successful when the SMTP server is unreachable', async () => {
    const logged: string[] = [];
    const broken = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      dataDir: os.tmpdir(),
      log: (message) => logged.push(message),
    });
    broken.send({ to: ['x@example.org'], subject: 's', text: 't' });
    await broken.idle();
    expect(logged).toEqual(['E-Mail nicht versendet']);
  });

  it('shows the widget only to the groups of its condition, on the server too', async () => {
    const current = ((await getSettings(admin.code)).body.save as GetDashboardReply['save']).settings;
    const { allWidgets: _a, w1_200_Klassen: _k, ...settings } = current;
    const onlyStaff = await saveSettings(admin.code, {
      ...settings,
      bedingung_f000_sehen: { w1: { alle: false, gruppen: [groups.staff] } },
    });
    expect(onlyStaff.body.status).toBe('success');
    expect(((await getSettings(parent.code)).body.save as GetDashboardReply['save']).widgets).toEqual([]);
    expect(
      ((await getSettings(staff.code)).body.save as GetDashboardReply['save']).widgets.map((widget) => widget.id),
    ).toEqual(['w1']);
    const blocked = await w1(parent.code, { func: 'popupGesehen', data: { meldungId: 1 } });
    expect(blocked.statusCode).toBe(403);
    const noWidgets = await saveSettings(admin.code, { ...settings, useWidgets: [] });
    expect((noWidgets.body.save as GetDashboardReply['save']).widgets).toEqual([]);
    await saveSettings(admin.code, settings);
    expect(((await getSettings(parent.code)).body.save as GetDashboardReply['save']).widgets).toHaveLength(1);
  });
});

describe('push', () => {
  it('sends a push notification to recipients with a subscription when a message is created', async () => {
    const tls = {
      key: fs.readFileSync(path.join(__dirname, '../../fixtures/push-service.key')),
      cert: fs.readFileSync(path.join(__dirname, '../../fixtures/push-service.crt')),
    };
    const pushed: string[] = [];
    let delivered: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    const pushService = https.createServer(tls, (request, response) => {
      request.resume();
      request.on('end', () => {
        pushed.push(request.url ?? '');
        response.statusCode = 201;
        response.end();
        delivered();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    // The product's push agent reaches public addresses only: route the test host name to the service.
    const previousAgent = pushDefaults.agent;
    pushDefaults.agent = loopbackPushAgent(tls.cert);
    try {
      const base = `https://push.example.org:${(pushService.address() as AddressInfo).port}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription = JSON.stringify({
        endpoint: `${base}/eltern-geraet`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      });
      const saved = await server.post('/_api/login/?func=saveSubscription', { code: parent.code, subscription });
      expect(saved.body.status).toBe('success');
      const reply = await w1(author.code, { func: 'saveMeldung', data: meldung({ titel: 'Mit Push' }) });
      expect(reply.body.status).toBe('success');
      await arrived;
      expect(pushed).toEqual(['/eltern-geraet']);
    } finally {
      pushDefaults.agent = previousAgent;
      await new Promise((resolve) => pushService.close(resolve));
    }
  });
});
