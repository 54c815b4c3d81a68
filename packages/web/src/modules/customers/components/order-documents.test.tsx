import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  customerMessages,
  type CustomerData,
  type OrderDocumentView,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import type * as CustomersApi from '../api/customers';
import { OrderDocuments } from './order-documents';

vi.mock('../api/customers', async (original) => ({
  ...(await original<typeof CustomersApi>()),
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

function renderList() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<OrderDocuments order={order} data={data} />, { wrapper });
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
