import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  customerMessages,
  type CustomerData,
  type OrderDocumentView,
  type OrderView,
} from '@hortus/contract/modules/customers';
import type { SettingsData } from '@hortus/contract';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { settingsQueryKey } from '../../../platform/api/settings-key';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import type * as CustomersApi from '../api/customers';
import { OrderDocuments } from './order-documents';

const cancelInvoice = vi.hoisted(() => vi.fn());
const issueDraft = vi.hoisted(() => vi.fn());
vi.mock('../api/customers', async (original) => ({
  ...(await original<typeof CustomersApi>()),
  useCancelInvoice: () => ({ mutateAsync: cancelInvoice }),
  useIssueDraft: () => ({ mutateAsync: issueDraft }),
  useDeleteDocument: () => ({ mutateAsync: vi.fn() }),
  useUploadDocument: () => ({ mutateAsync: vi.fn() }),
  useCreateDocument: () => ({ mutateAsync: vi.fn() }),
}));

const document = (id: number): OrderDocumentView => ({
  id,
  dokumentart: 1,
  name: `RE-2026-${String(id).padStart(4, '0')}`,
  pfad: `f400-410/auftraege/1/${id}.pdf`,
  wert: 1190,
  netto: 1000,
  dateUpload: '2026-03-15',
  dateUpload2: '15.03.2026',
  timeUpload: 0,
  pfadXml: '',
  upload: false,
  json_leistungen: '[]',
  geplanteRechnung: false,
  status: 'ausgestellt' as const,
  stornoZu: '',
  storniertDurch: '',
});
const order = { id: 1, dokumente: Array.from({ length: 12 }, (_, i) => document(i + 1)) } as unknown as OrderView;
// A customer's view: the list only (no upload or new-document form).
const data = { istKunde: true } as unknown as CustomerData;

/** The documents of an order as a user with these rights sees them (default: the customer's list). */
function renderList(forOrder = order, forData = data, rechte: string[] = []) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(settingsQueryKey, { user: { rechte } } as unknown as SettingsData);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<OrderDocuments order={forOrder} data={forData} />, { wrapper });
}

// The download reaches no server (offline).
const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderDocuments', () => {
  it('is a table of 10 documents per page (business.md 9)', () => {
    renderList();
    expect(screen.getAllByTestId('order-document')).toHaveLength(10);
    expect(screen.getByText('1 - 10 von 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getAllByTestId('order-document')).toHaveLength(2);
  });

  it("says 'Die angeforderte Datei konnte nicht heruntergeladen werden. …' when a download fails", async () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'RE-2026-0001' }));
    await waitFor(() => expect(screen.getByText(customerMessages.downloadFailed)).toBeTruthy());
    expect(customerMessages.downloadFailed).toBe(
      'Die angeforderte Datei konnte nicht heruntergeladen werden. Bitte die Netzwerkverbindung prüfen.',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('download');
  });
});

describe('OrderDocuments of an issued invoice (issue 45)', () => {
  const staffData = {
    istKunde: false,
    kunden: [],
    settings: { unterschriften: [], rechnungenTextbloecke: [], rechnungen_planenCronjobsMoeglich: false },
  } as unknown as CustomerData;
  const staffOrder = {
    id: 1,
    id_kunde: 0,
    typ: 'Auftrag',
    dokumente: [
      document(1),
      { ...document(2), status: 'storniert' as const, storniertDurch: 'RE-2026-0003' },
      { ...document(3), wert: -1190, stornoZu: 'RE-2026-0002' },
      { ...document(4), dokumentart: 2, name: 'AN-2026-0001' },
    ],
  } as unknown as OrderView;
  const renderStaff = (rechte: string[]) => renderList(staffOrder, staffData, rechte);

  it("offers 'Stornieren' instead of delete on an open invoice, shows 'storniert' and asks before cancelling", async () => {
    cancelInvoice.mockResolvedValue({});
    renderStaff(['x|410|000', 'x|410|sto']);
    const table = screen.getByTestId('order-documents');
    // Only the offer can be deleted; invoices, the cancelled one and the Stornorechnung are final.
    expect(
      within(table)
        .queryByRole('button', { name: /löschen$/ })
        ?.getAttribute('aria-label'),
    ).toBe('AN-2026-0001 löschen');
    expect(within(table).getAllByRole('button', { name: /stornieren$/ })).toHaveLength(1);
    expect(within(table).getByText('storniert durch RE-2026-0003')).toBeTruthy();
    expect(within(table).getByText(/Stornorechnung zu RE-2026-0002/)).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'RE-2026-0001 stornieren' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(customerMessages.cancelDocument('RE-2026-0001'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(cancelInvoice).toHaveBeenCalledTimes(1));
    expect(cancelInvoice.mock.calls[0]?.[0]).toMatchObject({ orderId: 1, id: 1 });
    await waitFor(() => expect(screen.getByText('Die Rechnung RE-2026-0001 wurde storniert.')).toBeTruthy());
  });

  it("a draft can be deleted or, after the question, issued ('Ausstellen')", async () => {
    issueDraft.mockResolvedValue({});
    const draft = { ...document(5), dokumentart: 5, name: 'ENTWURF-2026-0001', status: 'entwurf' as const };
    renderList({ ...staffOrder, dokumente: [draft] } as unknown as OrderView, staffData, ['x|410|000']);
    const table = screen.getByTestId('order-documents');
    expect(within(table).getByText(/Rechnungsentwurf/)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'ENTWURF-2026-0001 löschen' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'ENTWURF-2026-0001 ausstellen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(customerMessages.issueDraft('ENTWURF-2026-0001'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ausstellen' }));
    await waitFor(() => expect(issueDraft).toHaveBeenCalledTimes(1));
    expect(issueDraft.mock.calls[0]?.[0]).toMatchObject({ orderId: 1, id: 5 });
  });

  it('without the storno right an issued invoice has neither delete nor cancel', () => {
    renderStaff(['x|410|000']);
    const table = screen.getByTestId('order-documents');
    expect(within(table).queryAllByRole('button', { name: /stornieren$/ })).toHaveLength(0);
    expect(within(table).getAllByRole('button', { name: /löschen$/ })).toHaveLength(1);
  });
});
