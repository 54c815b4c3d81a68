import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** A plain-text e-mail to one or more addresses (each address gets its own copy). */
export interface Mail {
  to: readonly string[];
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' with SMTP_URL, otherwise 'outbox' (JSON lines in the data folder). */
  readonly kind: 'smtp' | 'outbox';
  /** Queues a mail and returns at once; delivery problems are logged, never thrown. */
  send(mail: Mail): void;
  /** Resolves when everything queued so far has been delivered or given up. */
  idle(): Promise<void>;
}

export const OUTBOX_FILE = 'mail-outbox.jsonl';
const DEFAULT_FROM = 'Hortus <noreply@hortus.invalid>';

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from?: string | undefined;
  dataDir: string;
  log?: (message: string, error: unknown) => void;
}

/**
 * Sends mails in the background, one after the other, so a save never waits for or fails because of
 * the mail server. With SMTP_URL the mails go out through nodemailer; without it they are appended to
 * `<DATA_DIR>/mail-outbox.jsonl` (one JSON object per mail) where an administrator can read them.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const log = options.log ?? ((message, error) => console.error(message, error));
  const smtpUrl = options.smtpUrl;
  // nodemailer (~5 MB of heap once imported) is loaded with the first mail, not at start (issue 35).
  let transport: Promise<Transporter> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const deliver = async (mail: Mail, to: string): Promise<void> => {
    if (smtpUrl) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, to, subject: mail.subject, text: mail.text });
      return;
    }
    const line = JSON.stringify({ date: new Date().toISOString(), from, to, subject: mail.subject, text: mail.text });
    await fs.promises.mkdir(options.dataDir, { recursive: true });
    await fs.promises.appendFile(path.join(options.dataDir, OUTBOX_FILE), `${line}\n`, 'utf8');
  };

  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    send(mail) {
      for (const to of new Set(mail.to)) {
        queue = queue.then(() => deliver(mail, to)).catch((error: unknown) => log('E-Mail nicht versendet', error));
      }
    },
    idle: () => queue,
  };
}
