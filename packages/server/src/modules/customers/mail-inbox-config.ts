/**
 * The invoice inbox's configuration (docs/operations.md), read from the environment at each run so tests point it
 * at a local stand-in:
 * - INVOICE_IMAP_URL: `imaps://user:password@host:993/INBOX` (user and password URL-encoded; `imap://` only
 *   inside a trusted network, upgraded by STARTTLS when the server offers it); the path is the folder read
 *   (default INBOX); `?move=Folder` moves handled mails there instead of marking them seen.
 * - INVOICE_IMAP_MAX_MESSAGES (default 20) and INVOICE_IMAP_MAX_MB (default 25): the bounds of one run.
 * The password never leaves this object: not in the state, the replies or the log.
 */
export interface InboxConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
  moveTo: string | null;
  maxMessages: number;
  maxBytes: number;
  /** The mailbox in words, without the password. */
  label: string;
}

const INVALID =
  'INVOICE_IMAP_URL ist ungültig: erwartet wird imaps://benutzer:passwort@server:993/INBOX (Sonderzeichen URL-kodiert).';

function bounded(value: string | undefined, fallback: number, max: number): number {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The configured inbox, `{error}` for an unusable URL (in German, without the URL), null when none is set. */
export function inboxConfig(env: NodeJS.ProcessEnv = process.env): InboxConfig | { error: string } | null {
  const value = (env.INVOICE_IMAP_URL ?? '').trim();
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: INVALID };
  }
  const secure = url.protocol === 'imaps:';
  const user = decoded(url.username);
  const pass = decoded(url.password);
  const mailbox = decoded(url.pathname.replace(/^\//, ''));
  if ((!secure && url.protocol !== 'imap:') || url.hostname === '' || !user || !pass || mailbox === null)
    return { error: INVALID };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (secure ? 993 : 143) : Number(url.port);
  const folder = mailbox === '' ? 'INBOX' : mailbox;
  return {
    host,
    port,
    secure,
    user,
    pass,
    mailbox: folder,
    moveTo: url.searchParams.get('move') || null,
    maxMessages: bounded(env.INVOICE_IMAP_MAX_MESSAGES, 20, 500),
    maxBytes: bounded(env.INVOICE_IMAP_MAX_MB, 25, 200) * 1024 * 1024,
    label: `${user} auf ${host}:${port}, Ordner ${folder}`,
  };
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'NoConnection',
]);

/** Why a fetch failed, in German for the office (never the error's own text: it might quote the server). */
export function inboxFailure(error: unknown, config: InboxConfig): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as {
    authenticationFailed?: boolean;
    mailboxMissing?: boolean;
    code?: string;
  };
  if (failure.authenticationFailed)
    return 'Anmeldung am Postfach abgelehnt: Benutzername oder Passwort in INVOICE_IMAP_URL stimmt nicht.';
  if (failure.mailboxMissing) return `Den Ordner „${config.mailbox}“ gibt es im Postfach nicht.`;
  const code = failure.code ?? '';
  if (/CERT|SSL|TLS/i.test(code))
    return `Das Zertifikat des Postfachs ${config.host} ist nicht gültig: die Verbindung wurde nicht aufgebaut.`;
  if (UNREACHABLE.has(code)) return `Das Postfach ${config.host}:${config.port} ist nicht erreichbar.`;
  return 'Der Abruf des Postfachs ist fehlgeschlagen. Bitte später erneut versuchen.';
}
