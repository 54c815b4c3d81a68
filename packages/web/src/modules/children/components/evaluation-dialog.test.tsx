import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { statisticsCalls, type ClassView } from '@hortus/contract/modules/children';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { EvaluationDialog } from './evaluation-dialog';

const call = vi.hoisted(() => vi.fn());
const downloadStoredFile = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
vi.mock('../../../platform/api/download', () => ({ downloadStoredFile }));

const klasse = (id: number, name: string): ClassView => ({
  id,
  name,
  bedingungen: { f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } } },
  sehen: true,
  bearbeiten: true,
  anzahlKinder: 3,
});

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

function renderDialog(
  dayRows: { anwesend: boolean }[],
  onClose = vi.fn(),
  months = ['2026-11', '2026-10'],
  day = '2026-11-24',
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(
    <EvaluationDialog
      day={day}
      dayRows={dayRows}
      months={months}
      classes={[klasse(1, '1a'), klasse(2, 'Neu'), klasse(3, '2b')]}
      onClose={onClose}
    />,
    { wrapper },
  );
  return onClose;
}

beforeEach(() => {
  // The running day is Saturday 28 November 2026 (only Date is faked; promises and timers run as usual).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T10:00:00+01:00'));
  call.mockReset();
  downloadStoredFile.mockReset();
  call.mockImplementation((spec: unknown) =>
    Promise.resolve(
      spec === statisticsCalls.zaehleAnwesenheiten
        ? { status: 'success', anzahl: 4 }
        : {
            status: 'success',
            file: 'f200-200/2026-11-24.pdf',
            name: 'Anwesenheitsstatistik_2026-11-24.pdf',
            anwesenheitenMonate: ['2026-11'],
            anwesenheitenDokumente: ['2026-11-24.pdf'],
          },
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const createCalls = () => call.mock.calls.filter(([spec]) => spec === statisticsCalls.createAnwesenheitsstatistik);

describe('EvaluationDialog', () => {
  it('day: disabled without a record; sends the classes without "neu", asks before deleting, then downloads', async () => {
    const onClose = renderDialog([{ anwesend: true }]);
    expect(checked(screen.getByRole('checkbox', { name: 'Neu' }))).toBe(false);
    expect(checked(screen.getByRole('checkbox', { name: '1a' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tagesauswertung erstellen' }));
    // The question names how many records go; nothing is created before the answer.
    await screen.findByText('Nach der Auswertung werden 4 Anwesenheiten endgültig gelöscht.');
    expect(call).toHaveBeenCalledWith(statisticsCalls.zaehleAnwesenheiten, {
      typ: 'tag',
      wert: '2026-11-24',
      klassen: [1, 3],
    });
    expect(createCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Erstellen und löschen' }));
    await waitFor(() =>
      expect(downloadStoredFile).toHaveBeenCalledWith(
        'f200-200/2026-11-24.pdf',
        'Anwesenheitsstatistik_2026-11-24.pdf',
      ),
    );
    expect(call).toHaveBeenCalledWith(
      statisticsCalls.createAnwesenheitsstatistik,
      expect.objectContaining({
        typ: 'tag',
        wert: '2026-11-24',
        monatsuebersichtElemente: expect.objectContaining({
          klassen: [1, 3],
          archivieren: true,
          loeschen: true,
          loeschenAnzahl: 4,
        }),
      }),
    );
    expect(onClose).toHaveBeenCalled();
    cleanup();
    renderDialog([{ anwesend: false }]);
    expect(disabled(screen.getByRole('button', { name: 'Tagesauswertung erstellen' }))).toBe(true);
  });

  it('the running day: „Daten danach löschen“ is off and disabled with the reason, nothing is deleted or asked', async () => {
    renderDialog([{ anwesend: true }], vi.fn(), ['2026-11', '2026-10'], '2026-11-28');
    const toggle = screen.getByLabelText('Daten danach löschen');
    expect(checked(toggle)).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Die Anwesenheiten des laufenden Tages werden nicht gelöscht.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tagesauswertung erstellen' }));
    await waitFor(() => expect(downloadStoredFile).toHaveBeenCalled());
    expect(call).not.toHaveBeenCalledWith(statisticsCalls.zaehleAnwesenheiten, expect.anything());
    expect(createCalls()[0]?.[1]).toMatchObject({ wert: '2026-11-28', monatsuebersichtElemente: { loeschen: false } });
  });

  it('the running month is not deleted; an ended month is, after the question — and „Abbrechen“ creates nothing', async () => {
    renderDialog([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Monat' }));
    expect((screen.getByLabelText('Daten danach löschen') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Die Anwesenheiten eines Monats werden erst nach seinem Ende gelöscht.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Monat' }));
    fireEvent.click(screen.getByRole('option', { name: 'Oktober 2026' }));
    const toggle = screen.getByLabelText('Daten danach löschen');
    expect(checked(toggle)).toBe(true);
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Monatsauswertung erstellen' }));
    await screen.findByText('Nach der Auswertung werden 4 Anwesenheiten endgültig gelöscht.');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() =>
      expect(screen.queryByText('Nach der Auswertung werden 4 Anwesenheiten endgültig gelöscht.')).toBeNull(),
    );
    expect(createCalls()).toEqual([]);
    expect(downloadStoredFile).not.toHaveBeenCalled();
  });

  it('month: disabled without a content option or a class, and for a suffix the rule refuses', async () => {
    renderDialog([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Monat' }));
    const button = screen.getByRole('button', { name: 'Monatsauswertung erstellen' });
    expect(disabled(button)).toBe(false);
    for (const label of [
      'Diagramm Anwesenheit (Anzahl Kinder je Tag)',
      'Diagramm Entlasszeiten',
      'Tabelle aller Kinder',
      'Tabelle der Entlasszeiten',
    ]) {
      fireEvent.click(screen.getByRole('checkbox', { name: label }));
    }
    expect(disabled(button)).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tagesübersichten' }));
    expect(disabled(button)).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tagesübersichten' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '1a' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '2b' }));
    expect(disabled(button)).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Neu' }));
    expect(disabled(button)).toBe(false);
    fireEvent.change(screen.getByLabelText('Namenszusatz (optional)'), { target: { value: 'a/b' } });
    await waitFor(() => expect(disabled(button)).toBe(true));
  });

  it('months in German words; an empty month selection says „Keine Anwesenheiten verfügbar“', () => {
    renderDialog([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Monat' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Monat' }));
    expect(screen.getByRole('option', { name: 'November 2026' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Oktober 2026' })).toBeTruthy();
    cleanup();
    renderDialog([], vi.fn(), []);
    fireEvent.click(screen.getByRole('tab', { name: 'Monat' }));
    expect(disabled(screen.getByRole('button', { name: 'Monatsauswertung erstellen' }))).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Monat' }));
    expect(screen.getByRole('option', { name: 'Keine Anwesenheiten verfügbar' })).toBeTruthy();
  });
});
