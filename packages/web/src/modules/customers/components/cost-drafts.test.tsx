import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  mailInboxCalls,
  type CostDraftView,
  type CustomerData,
  type MailInboxStatus,
} from '@hortus/contract/modules/customers';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { CostsPage } from '../pages/costs-page';
import { DRAFT_BADGE } from './cost-drafts';
import { sampleEInvoiceRecord } from './e-invoice-record.sample';
import { sampleCost } from './cost-view.sample';

// Issue 45: the draft costs the invoice inbox made of mailed e-invoices, in the costs list: a badge, a filter,
// checking one in the cost dialog (saved with its original) and discarding one.

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
const callWithVersion = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/query/versioned', () => ({ callWithVersion }));

const status: MailInboxStatus = {
  eingerichtet: true,
  postfach: 'rechnungen@verein.example auf mail.example:993, Ordner INBOX',
  letzterAbruf: '2026-11-29T13:05:00.000Z',
  ok: true,
  meldung: '1 Entwurf angelegt.',
};

const draft: CostDraftView = {
  id: 7,
  absender: 'Gartenbau Lindner <rechnung@lindner.example>',
  betreff: 'Rechnung 2026-117',
  empfangen: '2026-05-02T08:00:00.000Z',
  format: sampleEInvoiceRecord.format,
  daten: sampleEInvoiceRecord.daten,
  befunde: [{ feld: 'betrag', regel: 'BR-CO-15', art: 'fehler', text: 'Die Summen stimmen nicht.' }],
  datei: 'f400-410/posteingang/abc.xml',
  name: 'Rechnung 2026-117.xml',
  sha256: 'a'.repeat(64),
  vorschlag: {
    datum: '2026-05-15',
    betrag: '284,37',
    mwst: '19',
    titel: 'Rechnung 2026-117',
    titel2: 'Gartenbau Lindner e. K.',
    beschreibung: '',
  },
};

const data = {
  istKunde: false,
  settings: { kostenstellen: [{ nummer: 1, name: 'Büro', konto: '' }] },
  kunden: [],
  auftraege: [],
  kosten: [
    sampleCost(1, `${new Date().getFullYear()}-01-10`, 'Büromaterial', {
      id_kostenstelle: 1,
      kostenstelle: 'Büro',
      version: 1,
    }),
  ],
} as unknown as CustomerData;

let open: CostDraftView[];
beforeEach(() => {
  localStorage.clear();
  open = [draft];
  call.mockReset();
  call.mockImplementation((spec: unknown, input: { verwerfen?: number }) => {
    if (spec !== mailInboxCalls.kostenEntwuerfe) return Promise.reject(new Error('unerwartet'));
    if (input.verwerfen) open = open.filter((entry) => entry.id !== input.verwerfen);
    return Promise.resolve({ status: 'success', entwuerfe: open, uebersprungen: [], posteingang: status });
  });
  callWithVersion.mockReset();
  callWithVersion.mockImplementation((_spec: unknown, input: { dataToSave?: { type: string } }) => {
    if (input.dataToSave) open = [];
    return Promise.resolve({ status: 'success', save: data });
  });
});
afterEach(cleanup);

describe('/410-200: draft costs received by mail', () => {
  it('shows each draft with its badge, sender and findings; the filter shows the drafts alone', async () => {
    renderWithProviders(<CostsPage />);
    const drafts = await screen.findByTestId('cost-drafts');
    expect(within(drafts).getByText('Aus E-Mail: 1 Entwurf zu prüfen')).toBeTruthy();
    expect(within(drafts).getByText(DRAFT_BADGE)).toBeTruthy();
    expect(within(drafts).getByText('284,37 €')).toBeTruthy();
    expect(
      within(drafts).getByText(/Von Gartenbau Lindner <rechnung@lindner.example> · „Rechnung 2026-117“/),
    ).toBeTruthy();
    expect(within(drafts).getByText('1 Fehler in der E-Rechnung')).toBeTruthy();
    expect(within(drafts).getByText(/^Letzter Abruf 29\.11\.2026 14:05: 1 Entwurf angelegt\.$/)).toBeTruthy();
    expect(screen.getByText('Büromaterial')).toBeTruthy();

    fireEvent.click(within(drafts).getByRole('button', { name: 'Nur Entwürfe' }));
    expect(screen.queryByText('Büromaterial')).toBeNull();
    fireEvent.click(within(drafts).getByRole('button', { name: 'Nur Entwürfe' }));
    expect(screen.getByText('Büromaterial')).toBeTruthy();
  });

  it('Prüfen opens a new cost filled from the draft; saving sends its original as eRechnung and the draft goes', async () => {
    renderWithProviders(<CostsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prüfen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Entwurf aus E-Mail prüfen: Rechnung 2026-117.xml')).toBeTruthy();
    expect((within(dialog).getByLabelText('Betrag brutto (€)') as HTMLInputElement).value).toBe('284,37');
    expect((within(dialog).getByLabelText('Lieferant / Zusatz') as HTMLInputElement).value).toBe(
      'Gartenbau Lindner e. K.',
    );
    expect(within(dialog).getByText(/wird beim Speichern unverändert als Rechnung angehängt/)).toBeTruthy();
    // The finding is shown at its field.
    expect(within(dialog).getByText('⚠ Die Summen stimmen nicht.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callWithVersion.mock.calls.some(([, input]) => 'dataToSave' in input)).toBe(true));
    const [, sent] = callWithVersion.mock.calls.find(([, input]) => 'dataToSave' in input) as [
      unknown,
      { dataToSave: { type: string; data: Record<string, unknown> } },
    ];
    expect(sent.dataToSave).toMatchObject({
      type: 'addKosten',
      data: { id: 0, betrag: '284,37', datum: '2026-05-15', titel: 'Rechnung 2026-117', eRechnung: draft.datei },
    });
    await waitFor(() => expect(screen.queryByTestId('cost-drafts')).toBeNull());
  });

  it('Verwerfen asks first, then discards the draft', async () => {
    renderWithProviders(<CostsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Verwerfen' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Rechnung 2026-117\.xml“ wird nicht als Kosten übernommen/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(mailInboxCalls.kostenEntwuerfe, { verwerfen: 7 }));
    await waitFor(() => expect(screen.queryByTestId('cost-drafts')).toBeNull());
  });
});
