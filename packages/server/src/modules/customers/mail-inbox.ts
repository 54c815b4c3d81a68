import { createHash } from 'node:crypto';
import { eq, isNull, lt, or } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { ParsedMail } from 'mailparser';
import { bidiControls, detectFileKind, detectXmlKind } from '@hortus/contract';
import { mailInboxMessages, type MailInboxStatus } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { storedUploadName } from '../../platform/files/checked-upload';
import type { AppContext } from '../../platform/http/calls';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { knownMessage, pruneSkipped, recordSkipped, storeDraft, type MailOrigin } from './cost-drafts';
import { readInvoiceBytes, recordOf } from './e-invoices';
import { inboxConfig, inboxFailure, type InboxConfig } from './mail-inbox-config';
import { customerMailInbox } from './schema';

/**
 * The invoice inbox (issue 45): with `INVOICE_IMAP_URL` set, `mailInboxJob` fetches the unseen mails of the
 * mailbox (imapflow; mailparser for MIME; both loaded when first used) and makes every e-invoice attached to one a
 * draft cost (cost-drafts.ts), read by the same reader thread as an upload (e-invoices.ts `readInvoiceBytes`).
 * A mail is recorded before it is marked seen (or moved), and never imported twice (Message-ID + attachment hash);
 * a broken attachment is noted and the others go on. At most `maxMessages` mails and `maxBytes` per run; several
 * servers take turns through the claim on the state row. Nothing of the URL's password is stored or logged.
 */

/** How long a run may hold the inbox before another server takes it over (a crashed run). */
const CLAIM_MS = 10 * 60_000;
/** Notes of skipped mails are kept this long. */
const NOTES_DAYS = 90;

const bidi = new RegExp(bidiControls.source, 'gu');
const clean = (value: string, max: number) =>
  [
    ...value
      .replace(bidi, '')
      .replace(/\p{Cc}/gu, ' ')
      .trim(),
  ]
    .slice(0, max)
    .join('');

/** Claims the inbox for this run (one server at a time); false while another run holds it. */
async function claimInbox(db: Db, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const claimed = await db
    .insert(customerMailInbox)
    .values({ id: 1, claimedUntil: until })
    .onConflictDoUpdate({
      target: customerMailInbox.id,
      set: { claimedUntil: until },
      setWhere: or(isNull(customerMailInbox.claimedUntil), lt(customerMailInbox.claimedUntil, now)),
    })
    .returning({ id: customerMailInbox.id });
  return claimed.length > 0;
}

/** Counts of one run, for its message. */
interface RunCounts {
  drafts: number;
  skipped: number;
  known: number;
  left: number;
}

function runMessage(counts: RunCounts): string {
  const parts: string[] = [];
  if (counts.drafts > 0) parts.push(counts.drafts === 1 ? '1 Entwurf angelegt' : `${counts.drafts} Entwürfe angelegt`);
  if (counts.skipped > 0)
    parts.push(counts.skipped === 1 ? '1 E-Mail übersprungen' : `${counts.skipped} E-Mails übersprungen`);
  if (counts.known > 0) parts.push(`${counts.known} schon bekannt`);
  if (counts.left > 0) parts.push(`${counts.left} beim nächsten Abruf`);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Keine neuen E-Mails.';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where a parsed mail came from; a mail without Message-ID is known by its header's hash. */
function originOf(mail: ParsedMail, header: Buffer): MailOrigin {
  return {
    messageId: clean(mail.messageId ?? `<ohne-id-${sha256(header)}>`, 300),
    empfangen: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date(),
    absender: clean(
      (mail.from?.value ?? [])
        .map((from) => (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')))
        .join(', '),
      300,
    ),
    betreff: clean(mail.subject ?? '', 300),
  };
}

/**
 * One mail: each PDF or XML attachment read as an e-invoice; an invoice becomes a draft cost, anything else is
 * noted. Answers whether any draft came of it.
 */
async function importMail(app: AppContext, mail: ParsedMail, origin: MailOrigin): Promise<boolean> {
  let drafts = 0;
  let noted = 0;
  for (const attachment of mail.attachments) {
    const bytes = attachment.content;
    const head = bytes.subarray(0, 64);
    const kind = detectFileKind(head) ?? detectXmlKind(head);
    if (!kind || (kind.endung !== 'pdf' && kind.endung !== 'xml')) continue;
    const name = storedUploadName(clean(attachment.filename ?? '', 200) || 'Rechnung', kind.endung);
    const hash = sha256(bytes);
    try {
      const read = await readInvoiceBytes(bytes, kind.endung);
      if ('refusal' in read) {
        await recordSkipped(app.db, origin, name, hash, read.refusal);
        noted += 1;
        continue;
      }
      const stored = await storeDraft(
        app,
        origin,
        { name, mime: kind.mime, extension: kind.endung, bytes, sha256: hash },
        recordOf(read.data),
      );
      if (stored) drafts += 1;
    } catch {
      // A broken attachment never stops the others.
      await recordSkipped(app.db, origin, name, hash, 'Der Anhang konnte nicht gelesen werden.');
      noted += 1;
    }
  }
  if (drafts === 0 && noted === 0) {
    const names = mail.attachments.map((attachment) => clean(attachment.filename ?? '', 80)).filter(Boolean);
    await recordSkipped(
      app.db,
      origin,
      '',
      '',
      names.length > 0
        ? `Keine E-Rechnung angehängt (Anhänge: ${names.join(', ')}).`
        : 'Keine E-Rechnung angehängt (kein PDF- oder XML-Anhang).',
    );
  }
  return drafts > 0;
}

/** Marks a handled mail seen, or moves it to the configured folder (seen when the move fails). */
async function putAway(client: ImapFlow, uid: number, config: InboxConfig): Promise<string | null> {
  if (config.moveTo) {
    try {
      if (await client.messageMove(String(uid), config.moveTo, { uid: true })) return null;
    } catch {
      // reported below; the mail is marked seen instead
    }
    await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    return `Der Ordner „${config.moveTo}“ zum Ablegen fehlt: die E-Mails wurden nur als gelesen markiert.`;
  }
  await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  return null;
}

/** The run itself: connect, look at the unseen mails within the bounds, record, put away. */
async function fetchMails(app: AppContext, config: InboxConfig): Promise<string> {
  const [{ ImapFlow }, { simpleParser }] = await Promise.all([import('imapflow'), import('mailparser')]);
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.user, pass: config.pass },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  client.on('error', () => {});
  await client.connect();
  const counts: RunCounts = { drafts: 0, skipped: 0, known: 0, left: 0 };
  let warning: string | null = null;
  try {
    const lock = await client.getMailboxLock(config.mailbox);
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      const uids = [...unseen].sort((a, b) => a - b);
      counts.left = Math.max(0, uids.length - config.maxMessages);
      const batch = uids.slice(0, config.maxMessages);
      const listed =
        batch.length === 0
          ? []
          : await client.fetchAll(batch.join(','), { uid: true, size: true, headers: true }, { uid: true });
      let budget = config.maxBytes;
      for (const message of listed.sort((a, b) => a.uid - b.uid)) {
        const header = message.headers ?? Buffer.alloc(0);
        const origin = originOf(await simpleParser(header, { skipHtmlToText: true, skipTextLinks: true }), header);
        const size = message.size ?? 0;
        if (await knownMessage(app.db, origin.messageId)) {
          counts.known += 1;
        } else if (size > config.maxBytes) {
          const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
          await recordSkipped(
            app.db,
            origin,
            '',
            '',
            `Die E-Mail ist zu groß (${mb(size)} MB, höchstens ${mb(config.maxBytes)} MB je Abruf): bitte die Rechnung hochladen.`,
          );
          counts.skipped += 1;
        } else if (size > budget) {
          counts.left += 1;
          continue;
        } else {
          budget -= size;
          const full = await client.fetchOne(String(message.uid), { source: true }, { uid: true });
          const source = full && full.source ? full.source : Buffer.alloc(0);
          const mail = await simpleParser(source, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true });
          if (await importMail(app, mail, origin)) counts.drafts += 1;
          else counts.skipped += 1;
        }
        warning = (await putAway(client, message.uid, config)) ?? warning;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return warning ? `${runMessage(counts)} ${warning}` : runMessage(counts);
}

/**
 * Fetches the inbox once (the job, or `posteingang` with `abrufen`): claims it, runs, records the result (a German
 * message, never the URL) and answers the state. Without INVOICE_IMAP_URL nothing happens.
 */
export async function fetchInbox(app: AppContext, now = new Date()): Promise<MailInboxStatus> {
  const config = inboxConfig();
  if (config === null) return inboxStatus(app.db);
  if (!(await claimInbox(app.db, now))) return { ...(await inboxStatus(app.db)), meldung: mailInboxMessages.running };
  let ok = true;
  let meldung: string;
  try {
    if ('error' in config) throw new Error(config.error);
    meldung = await fetchMails(app, config);
    await pruneSkipped(app.db, new Date(now.getTime() - NOTES_DAYS * 24 * 60 * 60_000));
  } catch (error) {
    ok = false;
    meldung = 'error' in config ? config.error : inboxFailure(error, config);
  }
  await app.db
    .update(customerMailInbox)
    .set({ claimedUntil: null, lastRunAt: new Date(), ok, meldung })
    .where(eq(customerMailInbox.id, 1));
  return inboxStatus(app.db);
}

/** The inbox's state as the settings and the costs list show it. */
export async function inboxStatus(db: Db): Promise<MailInboxStatus> {
  const config = inboxConfig();
  const [state] = await db.select().from(customerMailInbox).where(eq(customerMailInbox.id, 1));
  return {
    eingerichtet: config !== null,
    postfach: config === null ? '' : 'error' in config ? 'INVOICE_IMAP_URL' : config.label,
    letzterAbruf: state?.lastRunAt ? state.lastRunAt.toISOString() : null,
    ok: state?.ok ?? true,
    meldung: config !== null && 'error' in config ? config.error : (state?.meldung ?? ''),
  };
}

/** Every 5 minutes while INVOICE_IMAP_URL is set (otherwise the run does nothing, not even a query). */
export const mailInboxJob: BackgroundJob = {
  name: 'customers-mail-inbox',
  everyMs: 5 * 60_000,
  run: async (app) => (inboxConfig() === null ? null : fetchInbox(app)),
};
