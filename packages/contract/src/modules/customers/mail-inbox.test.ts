import { describe, expect, it } from 'vitest';
import { mailInboxLine, mailInboxMessages, type MailInboxStatus } from './mail-inbox';

const status: MailInboxStatus = {
  eingerichtet: true,
  postfach: 'rechnungen@verein.example auf mail.example:993, Ordner INBOX',
  letzterAbruf: null,
  ok: true,
  meldung: '',
};

describe('the status line of the invoice inbox', () => {
  it('says whether it is set up, never fetched, or what the last fetch did (Berlin time)', () => {
    expect(mailInboxLine({ ...status, eingerichtet: false })).toBe(mailInboxMessages.notConfigured);
    expect(mailInboxLine(status)).toBe(`${status.postfach}: Noch nicht abgerufen.`);
    expect(
      mailInboxLine({ ...status, letzterAbruf: '2026-07-05T22:30:00.000Z', meldung: 'Keine neuen E-Mails.' }),
    ).toBe('Letzter Abruf 06.07.2026 00:30: Keine neuen E-Mails.');
  });
});
