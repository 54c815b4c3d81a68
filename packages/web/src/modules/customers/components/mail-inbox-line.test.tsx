import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mailInboxCalls, mailInboxMessages, type MailInboxStatus } from '@hortus/contract/modules/customers';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { MailInboxLine } from './mail-inbox-line';

// Issue 45, /410-set: the invoice inbox's status line and 'Jetzt abrufen'.

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const configured: MailInboxStatus = {
  eingerichtet: true,
  postfach: 'rechnungen@verein.example auf mail.example:993, Ordner INBOX',
  letzterAbruf: null,
  ok: true,
  meldung: '',
};

function answer(first: MailInboxStatus, fetched: MailInboxStatus) {
  call.mockImplementation((_spec: unknown, input?: { abrufen?: boolean }) =>
    Promise.resolve({ status: 'success', posteingang: input?.abrufen ? fetched : first }),
  );
}

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('the settings say how the invoice inbox fares', () => {
  it('not configured: says so, offers no fetch', async () => {
    answer({ ...configured, eingerichtet: false, postfach: '' }, configured);
    renderWithProviders(<MailInboxLine />);
    expect(await screen.findByText(mailInboxMessages.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jetzt abrufen' })).toBeNull();
  });

  it('Jetzt abrufen fetches and shows the new line; a failure reads as an alert', async () => {
    answer(configured, {
      ...configured,
      letzterAbruf: '2026-11-29T13:05:00.000Z',
      ok: false,
      meldung: 'Anmeldung am Postfach abgelehnt: Benutzername oder Passwort in INVOICE_IMAP_URL stimmt nicht.',
    });
    renderWithProviders(<MailInboxLine />);
    expect(
      await screen.findByText('rechnungen@verein.example auf mail.example:993, Ordner INBOX: Noch nicht abgerufen.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt abrufen' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(mailInboxCalls.posteingang, { abrufen: true }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Letzter Abruf 29.11.2026 14:05: Anmeldung am Postfach abgelehnt: Benutzername oder Passwort in INVOICE_IMAP_URL stimmt nicht.',
    );
  });
});
