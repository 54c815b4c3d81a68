import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  childrenCalls,
  defaultChildrenSettings,
  type ChildView,
  type ChildrenData,
} from '@hortus/contract/modules/children';
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

const nobody = { alle: false, gruppen: [] };
const editable = childView({
  id: 8,
  vorname: 'Ben',
  telefonnummern: [{ id: 4, id_eltern: 0, name: 'Mutter', nummer: '0170 1234' }],
});

const data: ChildrenData = {
  settings: defaultChildrenSettings,
  klassen: [
    {
      id: 1,
      name: '1a',
      bedingungen: { f200: { sehen: nobody, bearbeiten: nobody } },
      sehen: true,
      bearbeiten: true,
      anzahlKinder: 1,
    },
  ],
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

function renderDialog(shown: ChildView | null = child, onClose = vi.fn()) {
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
  render(<ChildDialog child={shown} data={data} onClose={onClose} />, { wrapper });
  return { onClose };
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
    expect(isDisabled(await screen.findByRole('textbox', { name: 'Vorname' }))).toBe(true);
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Dokumente' }));
    const document = screen.getByRole('button', { name: 'Attest.pdf' });
    expect(isDisabled(document)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Attest.pdf löschen' })).toBeNull();
    fireEvent.click(document);
    expect(downloadStoredFile).toHaveBeenCalledWith('f200/7/attest.pdf', 'Attest.pdf');
  });
});

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const saveButton = () => screen.getByRole('button', { name: 'Speichern' });

describe('child dialog for an editor', () => {
  it('an invalid phone on Familie, Speichern from Kind: Familie is marked with its count and opened, nothing is sent', async () => {
    call.mockImplementation((spec: unknown) =>
      Promise.resolve(spec === childrenCalls.getKind ? { status: 'success', kind: editable } : { status: 'success' }),
    );
    renderDialog(editable);
    fireEvent.click(await screen.findByRole('tab', { name: /Familie/ }));
    const phone = screen.getByRole('textbox', { name: 'Telefonnummer' });
    fireEvent.change(phone, { target: { value: '0170 <1234>' } });
    fireEvent.click(tab(/Kind/));
    fireEvent.click(saveButton());
    await waitFor(() => expect(tab(/Familie/).getAttribute('aria-selected')).toBe('true'));
    expect(tab(/Familie/).textContent).toBe('Familie1 Fehler');
    expect(screen.getByText('Enthält unerlaubte Zeichen')).toBeTruthy();
    const saves = call.mock.calls.filter(([spec]) => spec !== childrenCalls.getKind);
    expect(saves).toHaveLength(0);
    // Fixed: the message and the mark go.
    fireEvent.change(screen.getByRole('textbox', { name: 'Telefonnummer' }), { target: { value: '0170 1234' } });
    await waitFor(() => expect(screen.queryByText('Enthält unerlaubte Zeichen')).toBeNull());
    expect(tab(/Familie/).textContent).toBe('Familie');
  });

  it('a new child: Escape after typing asks “Änderungen verwerfen?” instead of losing the input', async () => {
    const { onClose } = renderDialog(null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: 'Lea' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nachname' }), { target: { value: 'Kurz' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a new child: „Bitte angeben.“ under empty names goes as soon as they are filled', async () => {
    renderDialog(null);
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getAllByText('Bitte angeben.').length).toBeGreaterThanOrEqual(2));
    fireEvent.change(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: 'Lea' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nachname' }), { target: { value: 'Kurz' } });
    const described = (name: string) => {
      const id = screen.getByRole('textbox', { name }).getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    };
    await waitFor(() => expect(described('Vorname')).not.toBe('Bitte angeben.'));
    expect(described('Nachname')).not.toBe('Bitte angeben.');
    expect(call.mock.calls.filter(([spec]) => spec !== childrenCalls.getKind)).toHaveLength(0);
  });
});

describe('a new child', () => {
  it('preselects no class: Speichern names the missing class instead of filing the child under the first (issue 47)', async () => {
    renderDialog(null);
    const klasse = await screen.findByRole('combobox', { name: /Klasse/ });
    expect(klasse.textContent?.replace(/\u200b/g, '').trim()).toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: 'Lina' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nachname' }), { target: { value: 'Berg' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Bitte eine Klasse wählen.')).toBeTruthy();
    expect(call.mock.calls.filter(([spec]) => spec !== childrenCalls.getKind)).toHaveLength(0);
  });
});

describe("the child dialog's 'Heute' (school.md 2.4: attendance today, issue 47)", () => {
  it('shows the status, the plan, the recorded times and who picked the child up', async () => {
    const released = childView({
      id: 9,
      vorname: 'Tom',
      anwesenheitsstatus: 2,
      anwesenheitHeute: {
        id: 5,
        tag: '2026-11-24',
        zeit_von: '08:05',
        time_angemeldet: '08:05',
        zeit_bis: '14:30',
        time_abgemeldet: '14:30',
        entlassgrund: 'Standardentlasszeit',
        entlassgrundRegelausnahme: '',
        entlassgrundAusnahme: '',
        abgeholtVon: 'Oma Gerda',
        status: 2,
        anwesendHeuteBis: '15:00',
      },
    });
    call.mockImplementation((spec: unknown) =>
      Promise.resolve(spec === childrenCalls.getKind ? { status: 'success', kind: released } : { status: 'success' }),
    );
    renderDialog(released);
    fireEvent.click(await screen.findByRole('tab', { name: 'Heute' }));
    const table = await screen.findByRole('table', { name: 'Anwesenheit heute' });
    expect(table.textContent).toContain('Entlassen 14:30');
    expect(table.textContent).toContain('erwartet bis 15:00 Uhr (Standardentlasszeit)');
    expect(table.textContent).toContain('Angemeldet um08:05 Uhr');
    expect(table.textContent).toContain('Entlassen um14:30 Uhr (Standardentlasszeit)');
    expect(table.textContent).toContain('Abgeholt vonOma Gerda');
  });
});
