import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { childrenCalls, defaultChildrenSettings, type ChildrenData } from '@hortus/contract';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { childView } from '../logic/child-view.fixture';
import { ChildDialog } from './child-dialog';

const call = vi.hoisted(() => vi.fn());
const downloadStoredFile = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
vi.mock('../../../platform/api/download', () => ({ downloadStoredFile }));
vi.mock('../../../platform/api/get-settings', () => ({ useSettings: () => ({ data: { user: { rechte: [] } } }) }));

const child = childView({
  id: 7,
  dokumente: [{ id: 3, pfad: 'f200/7/attest.pdf', name: 'Attest.pdf', art: 'dokument' }],
  allowEdit: false,
});

const data: ChildrenData = {
  settings: defaultChildrenSettings,
  klassen: [],
  kinder: [child],
  eltern: [],
  anwesenheiten: [],
  anwesenheitenMonate: [],
  anwesenheitenDokumente: [],
  gruppen: [],
  heute: '2026-11-24',
  xtime: 0,
};

/** Disabled by itself or by a disabled fieldset around it. */
const isDisabled = (element: HTMLElement) =>
  element.matches(':disabled') || element.closest('fieldset[disabled]') !== null;

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <SavingProvider>{children}</SavingProvider>
        </AlertProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  render(<ChildDialog child={child} data={data} onClose={vi.fn()} />, { wrapper });
}

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((spec: unknown) =>
    Promise.resolve(spec === childrenCalls.getKind ? { status: 'success', kind: child } : { status: 'success' }),
  );
  downloadStoredFile.mockReset();
  downloadStoredFile.mockResolvedValue(undefined);
});
afterEach(cleanup);

describe('child dialog for a reader of the class', () => {
  it('keeps the fields read-only but lets the reader download the documents', async () => {
    renderDialog();
    expect(isDisabled(await screen.findByRole('button', { name: 'Speichern' }))).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Vorname' }))).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Dokumente' }));
    const document = screen.getByRole('button', { name: 'Attest.pdf' });
    expect(isDisabled(document)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Attest.pdf löschen' })).toBeNull();
    fireEvent.click(document);
    expect(downloadStoredFile).toHaveBeenCalledWith('f200/7/attest.pdf', 'Attest.pdf');
  });
});
