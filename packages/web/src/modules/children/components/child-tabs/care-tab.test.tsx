import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import {
  defaultChildrenSettings,
  noAloneRule,
  releaseMessages,
  type ChildView,
  type ChildrenData,
  type PickupView,
} from '@hortus/contract/modules/children';
import { AlertProvider } from '../../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../../platform/saving/saving-provider';
import { childView } from '../../logic/child-view.fixture';
import { CareTab } from './care-tab';

/** Module 200's save: each test sees what was sent. */
const save = vi.hoisted(() => vi.fn((_: unknown) => Promise.resolve({ status: 'success' })));
vi.mock('../../api/children', () => ({ useSaveChildren: () => ({ mutateAsync: save }) }));

const abholung: PickupView = {
  alleinNachHause: noAloneRule,
  versionen: [],
  personen: [],
  personenVersionen: [
    {
      personen: [
        { name: 'Oma Erika', beziehung: 'Oma', telefon: '', notiz: '', gueltigVon: '', gueltigBis: '2026-12-31' },
      ],
      von: 'Anna Müller',
      am: '28.11.2026 09:40',
    },
    { personen: [], von: 'Leitung', am: '01.09.2026 08:00' },
  ],
  heute: {
    art: 'person',
    ab: '',
    personen: [],
    person: '',
    aenderung: false,
    text: 'nur mit Abholperson',
    gemeldet: '',
  },
};
const proposal = {
  id: 5,
  id_kind: 1,
  allergien: 'Erdnüsse, Kiwi',
  medikamente: '',
  hinweise: '',
  notfallkontakte: [],
  status: 'offen' as const,
  von: 'Anna Müller',
  am: '28.11.2026 07:15',
  entschiedenVon: '',
  entschiedenAm: '',
};
const data = {
  settings: defaultChildrenSettings,
  klassen: [],
  kinder: [],
  eltern: [],
  anwesenheiten: [],
  anwesenheitenMonate: [],
  anwesenheitenDokumente: [],
  gruppen: [],
  heute: '2026-11-28',
  xtime: 0,
} satisfies ChildrenData;

function renderTab(child: ChildView, disabled = false) {
  render(
    <MemoryRouter>
      <AlertProvider>
        <SavingProvider>
          <CareTab child={child} data={data} disabled={disabled} />
        </SavingProvider>
      </AlertProvider>
    </MemoryRouter>,
  );
}
const button = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  save.mockClear();
});

describe('CareTab (Abholung & Gesundheit)', () => {
  it('records a Hortkarte in its dialog: a missing weekday shows its German message, then it is sent as paper', async () => {
    renderTab(childView({ abholung }));
    fireEvent.click(button('Hortkarte (Papierformular) erfassen'));
    const dialog = await screen.findByRole('dialog', { name: 'Hortkarte (Papierformular) erfassen' });
    fireEvent.click(within(dialog).getByRole('switch', { name: /darf allein nach Hause gehen/ }));
    // A child not yet allowed starts with Monday to Friday; untick them all.
    for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr'])
      fireEvent.click(within(dialog).getByRole('checkbox', { name: day }));
    fireEvent.click(button('Erfassen', dialog));
    expect(await within(dialog).findByText(releaseMessages.weekdayRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mo' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Do' }));
    // Erfassen is back once the form passes its schema again.
    await waitFor(() => expect(button('Erfassen', dialog).disabled).toBe(false));
    fireEvent.click(button('Erfassen', dialog));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      type: 'erlaubnis',
      data: { id_kind: 1, alleinNachHause: { erlaubt: true, wochentage: [1, 4], abZeit: '' } },
    });
  });

  it('shows the versions of the pickup persons and a parent’s open proposal, which staff take over', async () => {
    renderTab(childView({ abholung, gesundheitVorschlaege: [proposal] }));
    const versions = screen.getAllByTestId('pickup-version').map((line) => line.textContent);
    expect(versions).toEqual([
      'Gilt seit 28.11.2026 09:40 (von Anna Müller): Oma Erika (Oma, bis 31.12.2026)',
      'Früher, ab 01.09.2026 08:00 (von Leitung): keine Personen',
    ]);
    const shown = screen.getByTestId('health-proposal');
    expect(shown.textContent).toContain('Allergien: Erdnüsse, Kiwi');
    fireEvent.click(button('Übernehmen', shown));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ type: 'gesundheitVorschlagEntscheiden', data: { id: 5, annehmen: true } }),
    );
  });

  it('a reader of the class sees the proposal but decides nothing and records nothing', () => {
    renderTab(childView({ abholung, gesundheitVorschlaege: [proposal], allowEdit: false }), true);
    expect(screen.getByTestId('health-proposal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Übernehmen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hortkarte (Papierformular) erfassen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gesundheitsangaben bearbeiten' })).toBeNull();
  });
});
