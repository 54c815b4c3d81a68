import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { platformCalls } from '@hortus/contract';
import {
  eInvoiceMessages,
  mailInboxCalls,
  mailInboxMessages,
  type CostDraftView,
  type CostView,
  type CustomerData,
  type MailInboxStatus,
  type SkippedMailView,
} from '@hortus/contract/modules/customers';
import { createGroup } from '../../../src/seed/factories';
import { customerMailInbox } from '../../../src/modules/customers/schema';
import { defaultCustomerSettings } from '../../../src/modules/customers/settings';
import { stopEInvoiceReader } from '../../../src/modules/customers/e-invoices';
import { fetchInbox, mailInboxJob } from '../../../src/modules/customers/mail-inbox';
import { inboxConfig } from '../../../src/modules/customers/mail-inbox-config';
import { renderPdf } from '../../../src/platform/pdf/pdf-document';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { customerCallsOf } from '../../support/customer-calls';
import { fetchStored } from '../../support/download';
import { startImapStandIn, type ImapStandIn } from '../../support/imap-stand-in';

// Issue 45: the optional invoice inbox (INVOICE_IMAP_URL). A local IMAP stand-in holds the mails; each e-invoice
// attached becomes one draft cost with its original and hash, a mail is never imported twice, other mails and
// attachments are noted, a wrong password is a German status, and only the costs right sees the drafts.

const PASSWORD = 'Geh3im!@:/"x';
let server: TestServer;
let imap: ImapStandIn;
let staff: { code: string };
let settingsOnly: { code: string };
let nobody: { code: string };
let customerLogin: { code: string };
const { save } = customerCallsOf(() => server);
const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/e-invoices/${name}`, import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ubl = fixture('xrechnung-ubl-rechnung.xml');
const cii = fixture('xrechnung-cii-zwei-steuersaetze.xml');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let mails = 0;
/** A mail as a supplier sends it (MIME built by nodemailer's composer), added unseen to the stand-in's INBOX. */
async function deliver(
  attachments: { filename: string; content: Buffer }[],
  headers: { subject?: string; messageId?: string; mailbox?: string } = {},
): Promise<string> {
  mails += 1;
  const messageId = headers.messageId ?? `<rechnung-${mails}@lieferant.example>`;
  const raw = await new MailComposer({
    from: 'Gartenbau Lindner <rechnung@lindner.example>',
    to: 'rechnungen@verein.example',
    subject: headers.subject ?? `Ihre Rechnung ${mails}`,
    messageId,
    date: new Date('2026-05-02T08:00:00Z'),
    text: 'Sehr geehrte Damen und Herren, anbei unsere Rechnung.',
    attachments,
  })
    .compile()
    .build();
  imap.add(raw, headers.mailbox);
  return messageId;
}

async function abrufen(code = staff.code): Promise<MailInboxStatus> {
  const reply = await server.call(mailInboxCalls.posteingang, code, { abrufen: true });
  expectStatus(reply, 'success', 200);
  return reply.body.posteingang as MailInboxStatus;
}
async function drafts(verwerfen = 0): Promise<{ entwuerfe: CostDraftView[]; uebersprungen: SkippedMailView[] }> {
  const reply = await server.call(mailInboxCalls.kostenEntwuerfe, staff.code, { verwerfen });
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as { entwuerfe: CostDraftView[]; uebersprungen: SkippedMailView[] };
}
const seen = () => imap.mailbox().map((message) => message.flags.has('\\Seen'));

beforeAll(async () => {
  server = await startTestServer();
  imap = await startImapStandIn({ user: 'rechnungen@verein.example', pass: PASSWORD });
  const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
  staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
  nobody = await server.userWithSession({ rechteSolo: ['x|110|000'] });
  const customerGroup = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|410|000'] });
  customerLogin = await server.userWithSession({ groupIds: [customerGroup] });
  const settings = {
    ...defaultCustomerSettings,
    id_nutzergruppe_kunde: customerGroup,
    kostenstellen: [{ nummer: 1, name: 'Büro', konto: '' }],
  };
  expectStatus(await save(admin.code, { type: 'saveSettings', data: settings }), 'success');
});
afterEach(() => {
  delete process.env.INVOICE_IMAP_URL;
  delete process.env.INVOICE_IMAP_MAX_MESSAGES;
});
afterAll(async () => {
  await stopEInvoiceReader();
  await imap.close();
  await server.close();
});

describe('the invoice inbox (INVOICE_IMAP_URL)', () => {
  it('without INVOICE_IMAP_URL nothing is fetched and the settings say so', async () => {
    const status = await abrufen();
    expect(status).toEqual({ eingerichtet: false, postfach: '', letzterAbruf: null, ok: true, meldung: '' });
    expect(await mailInboxJob.run(server.context)).toBeNull();
    expect(imap.commands).toEqual([]);
  });

  it('an e-invoice mail becomes one draft cost with its original and hash; the same mail again imports nothing', async () => {
    process.env.INVOICE_IMAP_URL = imap.url();
    const messageId = await deliver(
      [
        { filename: 'Rechnung 2026-117.xml', content: ubl },
        { filename: 'logo.png', content: PNG },
      ],
      { subject: 'Rechnung 2026-117' },
    );
    await deliver([], { subject: 'Newsletter Mai' });
    const status = await abrufen();
    expect(status).toMatchObject({
      eingerichtet: true,
      postfach: `rechnungen@verein.example auf 127.0.0.1:${imap.port}, Ordner INBOX`,
      ok: true,
      meldung: '1 Entwurf angelegt, 1 E-Mail übersprungen.',
    });
    expect(status.letzterAbruf).not.toBeNull();
    expect(JSON.stringify(status)).not.toContain(PASSWORD);
    expect(seen()).toEqual([true, true]);
    // Read with BODY.PEEK (nothing marked seen before it is recorded), then STORE \Seen.
    expect(imap.commands).toContain('UID SEARCH UNSEEN');
    expect(imap.commands.filter((command) => command.startsWith('UID STORE'))).toHaveLength(2);

    const { entwuerfe, uebersprungen } = await drafts();
    expect(entwuerfe).toHaveLength(1);
    const [draft] = entwuerfe as [CostDraftView];
    expect(draft).toMatchObject({
      absender: 'Gartenbau Lindner <rechnung@lindner.example>',
      betreff: 'Rechnung 2026-117',
      empfangen: '2026-05-02T08:00:00.000Z',
      name: 'Rechnung 2026-117.xml',
      sha256: sha256(ubl),
      format: 'XRechnung (UBL)',
      daten: { rechnungsnummer: '2026-117', verkaeufer: { name: 'Gartenbau Lindner e. K.' } },
      vorschlag: { datum: '2026-05-15', betrag: '284,37', titel2: 'Gartenbau Lindner e. K.' },
    });
    expect((await fetchStored(server.app, staff.code, draft.datei)).equals(ubl)).toBe(true);
    expect(uebersprungen).toEqual([
      expect.objectContaining({
        betreff: 'Newsletter Mai',
        name: '',
        hinweis: 'Keine E-Rechnung angehängt (kein PDF- oder XML-Anhang).',
      }),
    ]);

    // The same mail once more (unseen again, or delivered twice): nothing new.
    await deliver([{ filename: 'Rechnung 2026-117.xml', content: ubl }], { messageId });
    expect((await abrufen()).meldung).toBe('1 schon bekannt.');
    expect((await drafts()).entwuerfe).toHaveLength(1);
    expect(seen()).toEqual([true, true, true]);
  });

  it('the office confirms a draft into a cost holding the original; a draft is taken over once', async () => {
    const [draft] = (await drafts()).entwuerfe as [CostDraftView];
    const reply = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, id_kostenstelle: 1, ...draft.vorschlag, eRechnung: draft.datei },
    });
    expectStatus(reply, 'success');
    const saved = reply.body.save as CustomerData;
    const cost = saved.kosten.find((c) => c.id === saved.lastAddedKosten) as CostView;
    expect(cost).toMatchObject({ betrag: 28_437, titel2: 'Gartenbau Lindner e. K.' });
    expect(cost.dokumente[0]).toMatchObject({ dokumentart: 1, name: 'Rechnung 2026-117.xml', sha256: sha256(ubl) });
    expect(cost.dokumente[0]?.eRechnung?.daten.rechnungsnummer).toBe('2026-117');
    expect((await fetchStored(server.app, staff.code, cost.dokumente[0]?.pfad ?? '')).equals(ubl)).toBe(true);
    expect((await drafts()).entwuerfe).toEqual([]);
    const again = await save(staff.code, {
      type: 'addKosten',
      data: { id: 0, ...draft.vorschlag, eRechnung: draft.datei },
    });
    expectInvalid(again, 'dataToSave.data.eRechnung', eInvoiceMessages.gone);
  });

  it('a broken attachment is noted and never stops the others; a PDF without invoice is skipped; a draft is discarded', async () => {
    process.env.INVOICE_IMAP_URL = imap.url();
    const plainPdf = await renderPdf({ title: 'Brief' }, (pdf) => pdf.paragraph('Nur ein Brief, keine E-Rechnung.'));
    await deliver([
      { filename: 'kaputt.xml', content: Buffer.from('<?xml version="1.0"?><Invoice><ID>1</Invoice>') },
      { filename: 'BK-2026-04711.xml', content: cii },
      { filename: 'Anschreiben.pdf', content: plainPdf },
    ]);
    expect((await abrufen()).meldung).toBe('1 Entwurf angelegt.');
    const { entwuerfe, uebersprungen } = await drafts();
    expect(entwuerfe.map((draft) => draft.daten.rechnungsnummer)).toEqual(['BK-2026-04711']);
    // The reader's findings come with the draft (two VAT rates: BG-23).
    expect(entwuerfe[0]?.befunde.map((finding) => finding.regel)).toEqual(['BG-23']);
    expect(
      uebersprungen
        .slice(0, 2)
        .map((note) => [note.name, note.hinweis])
        .sort(),
    ).toEqual([
      ['Anschreiben.pdf', eInvoiceMessages.noAttachment],
      ['kaputt.xml', eInvoiceMessages.brokenXml],
    ]);

    const id = entwuerfe[0]?.id ?? 0;
    const datei = entwuerfe[0]?.datei ?? '';
    expect((await drafts(id)).entwuerfe).toEqual([]);
    expectStatus(await server.call(mailInboxCalls.kostenEntwuerfe, staff.code, { verwerfen: id }), 'notFound', 404);
    const download = await server.post(platformCalls.download.url, { code: staff.code, file: datei });
    expect(download.statusCode).not.toBe(200);
  });

  it('at most INVOICE_IMAP_MAX_MESSAGES mails per run; the rest waits for the next', async () => {
    process.env.INVOICE_IMAP_URL = imap.url();
    process.env.INVOICE_IMAP_MAX_MESSAGES = '1';
    await deliver([], { subject: 'Eins' });
    await deliver([], { subject: 'Zwei' });
    expect((await abrufen()).meldung).toBe('1 E-Mail übersprungen, 1 beim nächsten Abruf.');
    expect((await abrufen()).meldung).toBe('1 E-Mail übersprungen.');
    expect((await abrufen()).meldung).toBe('Keine neuen E-Mails.');
  });

  it('moves handled mails to the folder named in the URL', async () => {
    imap.add('Subject: Platzhalter\r\n\r\n.\r\n', 'Erledigt');
    process.env.INVOICE_IMAP_URL = imap.url(undefined, undefined, '/INBOX?move=Erledigt');
    const before = imap.mailbox().length;
    await deliver([{ filename: 'GS.xml', content: fixture('ubl-gutschrift.xml') }]);
    expect((await abrufen()).meldung).toBe('1 Entwurf angelegt.');
    expect(imap.mailbox()).toHaveLength(before);
    expect(imap.mailbox('Erledigt').map((message) => message.raw.includes('GS.xml'))).toEqual([false, true]);
  });

  it('a wrong password gives a German status the office sees; nothing of the password is kept', async () => {
    process.env.INVOICE_IMAP_URL = imap.url(undefined, 'falsch-geraten');
    const status = await abrufen();
    expect(status).toMatchObject({
      ok: false,
      meldung: 'Anmeldung am Postfach abgelehnt: Benutzername oder Passwort in INVOICE_IMAP_URL stimmt nicht.',
    });
    const reply = await server.call(mailInboxCalls.posteingang, settingsOnly.code, {});
    expectStatus(reply, 'success');
    expect(reply.raw).not.toContain('falsch-geraten');
    expect(reply.body.posteingang).toMatchObject({ ok: false, meldung: status.meldung });

    process.env.INVOICE_IMAP_URL = 'imaps://ohne-passwort@127.0.0.1/INBOX';
    expect((await abrufen()).meldung).toMatch(/^INVOICE_IMAP_URL ist ungültig/);
    process.env.INVOICE_IMAP_URL = imap.url(undefined, undefined, '/Archiv');
    expect((await abrufen()).meldung).toBe('Den Ordner „Archiv“ gibt es im Postfach nicht.');
  });

  it('one fetch at a time: a run while another holds the inbox changes nothing', async () => {
    process.env.INVOICE_IMAP_URL = imap.url();
    await server.database.db
      .update(customerMailInbox)
      .set({ claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(customerMailInbox.id, 1));
    const commands = imap.commands.length;
    expect((await fetchInbox(server.context)).meldung).toBe(mailInboxMessages.running);
    expect(imap.commands).toHaveLength(commands);
    await server.database.db.update(customerMailInbox).set({ claimedUntil: null }).where(eq(customerMailInbox.id, 1));
  });

  it('only the costs right sees the drafts; the settings right sees the state; customers and others nothing', async () => {
    process.env.INVOICE_IMAP_URL = imap.url();
    await deliver([{ filename: 'Rechnung.xml', content: cii }], { messageId: '<noch-einmal@lieferant.example>' });
    await abrufen();
    const open = (await drafts()).entwuerfe;
    const draft = open[0] as CostDraftView;
    expect(draft.betreff).toBe(`Ihre Rechnung ${mails}`);
    for (const caller of [settingsOnly, nobody, customerLogin])
      expectStatus(await server.call(mailInboxCalls.kostenEntwuerfe, caller.code, {}), 'noRight', 403);
    for (const caller of [nobody, customerLogin])
      expectStatus(await server.call(mailInboxCalls.posteingang, caller.code, { abrufen: true }), 'noRight', 403);
    for (const caller of [settingsOnly, nobody, customerLogin]) {
      const download = await server.post(platformCalls.download.url, { code: caller.code, file: draft.datei });
      expect(download.statusCode).not.toBe(200);
    }
    // Bad input changes nothing.
    expectInvalid(await server.call(mailInboxCalls.kostenEntwuerfe, staff.code, { verwerfen: 'x' }), 'verwerfen');
    expectInvalid(await server.call(mailInboxCalls.posteingang, staff.code, { abrufen: 'vielleicht' }), 'abrufen');
    expect((await drafts()).entwuerfe).toHaveLength(open.length);
  });
});

describe('INVOICE_IMAP_URL', () => {
  it('is read with URL-encoded user and password, default port and folder; bounds are capped', () => {
    expect(
      inboxConfig({
        INVOICE_IMAP_URL: 'imaps://rechnung%40verein.example:p%40ss%2Fw@mail.example',
        INVOICE_IMAP_MAX_MB: '999',
      }),
    ).toMatchObject({
      host: 'mail.example',
      port: 993,
      secure: true,
      user: 'rechnung@verein.example',
      pass: 'p@ss/w',
      mailbox: 'INBOX',
      moveTo: null,
      maxMessages: 20,
      maxBytes: 200 * 1024 * 1024,
      label: 'rechnung@verein.example auf mail.example:993, Ordner INBOX',
    });
    expect(inboxConfig({ INVOICE_IMAP_URL: 'imap://a:b@[::1]:1143/Rechnungen%2FEingang?move=Erledigt' })).toMatchObject(
      { host: '::1', port: 1143, secure: false, mailbox: 'Rechnungen/Eingang', moveTo: 'Erledigt' },
    );
    expect(inboxConfig({})).toBeNull();
    for (const bad of ['http://a:b@host/INBOX', 'imaps://host/INBOX', 'kein url', 'imaps://a:%zz@host'])
      expect(inboxConfig({ INVOICE_IMAP_URL: bad })).toEqual({ error: expect.stringMatching(/^INVOICE_IMAP_URL/) });
  });
});
