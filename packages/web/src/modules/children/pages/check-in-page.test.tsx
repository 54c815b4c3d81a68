import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultChildrenSettings,
  noAloneRule,
  type ChildrenData,
  type ChildrenSave,
  type ClassView,
} from '@hortus/contract/modules/children';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { childView } from '../logic/child-view.fixture';
import { CHECK_IN_CLASS_KEY } from '../logic/check-in';
import { readQueue, writeQueue } from '../logic/status-queue';
import { CheckInPage } from './check-in-page';

const save = vi.hoisted(() => vi.fn());
const klasse = (id: number, name: string) => ({ id, name, sehen: true, bearbeiten: true }) as unknown as ClassView;
const onlyWithPerson = {
  alleinNachHause: noAloneRule,
  versionen: [],
  personen: [],
  heute: {
    art: 'person' as const,
    ab: '',
    personen: ['Oma Erika'],
    person: '',
    aenderung: false,
    text: 'nur mit Abholperson',
    gemeldet: '',
  },
};
const data = {
  settings: defaultChildrenSettings,
  klassen: [klasse(1, '1a'), klasse(2, '2b')],
  kinder: [
    childView({ id: 1, vorname: 'Mia', name: 'Mia Müller' }),
    childView({
      id: 2,
      vorname: 'Ben',
      name: 'Ben Müller',
      anwesenheitsstatus: 1,
      anwesenheitHeute: {
        id: 1,
        tag: '2026-03-04',
        zeit_von: '08:10',
        time_angemeldet: '08:10',
        zeit_bis: null,
        time_abgemeldet: '',
        entlassgrund: '',
        entlassgrundRegelausnahme: '',
        entlassgrundAusnahme: '',
        status: 1,
        anwesendHeuteBis: '15:00',
      },
      abholung: onlyWithPerson,
    }),
    childView({ id: 3, vorname: 'Ida', name: 'Ida Krank', anwesend: false }),
    childView({ id: 4, vorname: 'Ole', name: 'Ole Zweib', id_klasse: 2, name_klasse: '2b' }),
  ],
  eltern: [],
  heute: '2026-03-04',
} as unknown as ChildrenData;

vi.mock('../api/children', () => ({
  childrenKeys: { all: ['children'], details: ['children-kind'] },
  useChildren: () => ({ data, isError: false }),
  useSaveChildren: () => ({ mutateAsync: save }),
  saveChildren: (_client: unknown, dataToSave: ChildrenSave) => save(dataToSave),
}));

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\(`) });

beforeEach(() => {
  localStorage.clear();
  save.mockReset();
  save.mockResolvedValue({ status: 'success', save: data });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('check-in screen', () => {
  it('shows the first class in its sections with counts; another class is remembered on the device', () => {
    renderWithProviders(<CheckInPage />);
    expect(within(section('Erwartet')).getByText('Mia Müller')).toBeTruthy();
    expect(section('Erwartet').querySelector('h2')?.textContent).toBe('Erwartet (1)');
    expect(within(section('Da')).getByText('Ben Müller')).toBeTruthy();
    expect(within(section('Da')).getByText('nur mit Abholperson')).toBeTruthy();
    expect(within(section('Abwesend')).getByText('Ida Krank')).toBeTruthy();
    expect(section('Entlassen').querySelector('h2')?.textContent).toBe('Entlassen (0)');
    expect(screen.queryByText('Ole Zweib')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Klasse' }));
    fireEvent.click(screen.getByRole('option', { name: '2b' }));
    expect(screen.getByText('Ole Zweib')).toBeTruthy();
    expect(localStorage.getItem(CHECK_IN_CLASS_KEY)).toBe('2');
  });

  it('one tap checks in through the status call; the message offers Rückgängig, which sends the undo', async () => {
    renderWithProviders(<CheckInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Mia Müller einchecken' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        type: 'anwesenheitsstatus',
        data: expect.objectContaining({ id_kind: 1, neuStatus: 1 }),
      }),
    );
    const alert = await screen.findByTestId('alert');
    expect(alert.textContent).toContain('Mia Müller eingecheckt.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Rückgängig' }));
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({
        type: 'anwesenheitsstatus',
        data: expect.objectContaining({ id_kind: 1, neuStatus: 0, nurEntlassenRueckgaengig: false }),
      }),
    );
  });

  it('a child that may go only with a pickup person opens the release dialog, which asks who', async () => {
    renderWithProviders(<CheckInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Ben Müller entlassen' }));
    const dialog = screen.getByRole('dialog', { name: 'Ben Müller entlassen' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Oma Erika' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entlassen' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        type: 'anwesenheitsstatus',
        data: expect.objectContaining({ id_kind: 2, neuStatus: 2, abgeholtVon: 'Oma Erika' }),
      }),
    );
  });

  it('offline, a check-in waits in the queue and shows under Da as waiting', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<CheckInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Mia Müller einchecken' }));
    await waitFor(() => expect(within(section('Da')).getByText('Mia Müller')).toBeTruthy());
    expect(within(section('Da')).getByText('eingecheckt · wartet auf die Verbindung')).toBeTruthy();
    expect(screen.getByTestId('status-queue')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(readQueue().map((entry) => [entry.childId, entry.change.neuStatus])).toEqual([[1, 1]]);
    writeQueue([]);
  });
});
