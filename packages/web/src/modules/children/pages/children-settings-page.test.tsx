import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fieldMessages } from '@hortus/contract';
import { defaultChildrenSettings, type ChildrenData } from '@hortus/contract/modules/children';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { ClassSettings, GeneralSettings } from './children-settings-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
// Loads and saves go through the versioned call (xtime); here without a held version, i.e. an ordinary call.
vi.mock('../../../platform/query/versioned', () => ({
  callWithVersion: (spec: unknown, input: unknown) => call(spec, input),
}));

/** The parts of module 200's data the settings page reads (settings, groups, classes). */
function childrenData(): ChildrenData {
  return {
    settings: {
      ...defaultChildrenSettings,
      moeglicheEntlasszeiten: ['14:00'],
      moeglicheEntlasszeiten_bedingungen: {
        '14:00': { aktiv: true, klassen: [], datumVon: '2026-08-10', datumBis: '2026-08-12', ausnahmen: [] },
      },
    },
    gruppen: [{ id: 3, name: 'Verwaltung' }],
    klassen: [
      {
        id: 7,
        name: '1a',
        bedingungen: { f200: { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: false, gruppen: [] } } },
        anzahlKinder: 2,
      },
    ],
  } as unknown as ChildrenData;
}

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{page}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const helperTextOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', save: childrenData() });
});
afterEach(cleanup);

describe('/200-set Allgemein (settings form)', () => {
  it('offers Speichern only once something changed, and saves the draft', async () => {
    renderPage(<GeneralSettings data={childrenData()} />);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('App-Adresse im Brief'), { target: { value: 'https://hort.example' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    const request = call.mock.calls[0]?.[1] as { dataToSave: { type: string; data: Record<string, unknown> } };
    expect(request.dataToSave.type).toBe('settings');
    expect(request.dataToSave.data['eltern_elternbriefLogindaten_appurl']).toBe('https://hort.example');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('shows the schema’s message under a bad address and clears it once fixed', async () => {
    renderPage(<GeneralSettings data={childrenData()} />);
    fireEvent.change(field('App-Adresse im Brief'), { target: { value: 'javascript:alert(1)' } });
    await waitFor(() => expect(field('App-Adresse im Brief').getAttribute('aria-invalid')).toBe('true'));
    expect(helperTextOf(field('App-Adresse im Brief'))).not.toBe('');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('App-Adresse im Brief'), { target: { value: 'https://hort.example' } });
    await waitFor(() => expect(field('App-Adresse im Brief').getAttribute('aria-invalid')).toBe('false'));
    expect(helperTextOf(field('App-Adresse im Brief'))).toBe('');
    expect(saveButton().disabled).toBe(false);
  });

  it('refuses a release-time condition whose von lies after its bis, on its Bis field, nothing sent', async () => {
    renderPage(<GeneralSettings data={childrenData()} />);
    const entry = screen.getByTestId('release-time-14:00');
    const bisDay = within(within(entry).getByRole('group', { name: 'Bis' })).getByRole('spinbutton', { name: 'Tag' });
    fireEvent.focus(bisDay);
    fireEvent.keyDown(bisDay, { key: 'ArrowDown' });
    fireEvent.keyDown(bisDay, { key: 'ArrowDown' });
    fireEvent.keyDown(bisDay, { key: 'ArrowDown' });
    expect(await within(entry).findByText(fieldMessages.dayRange)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();
    fireEvent.keyDown(bisDay, { key: 'ArrowUp' });
    fireEvent.keyDown(bisDay, { key: 'ArrowUp' });
    await waitFor(() => expect(within(entry).queryByText(fieldMessages.dayRange)).toBeNull());
    expect(saveButton().disabled).toBe(false);
  });

  it('puts the server’s message on its field and keeps the draft', async () => {
    call.mockRejectedValue(
      new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.data.eltern_elternbriefLogindaten_textBeforeLogindata': ['Der Text ist zu lang.'],
      }),
    );
    renderPage(<GeneralSettings data={childrenData()} />);
    fireEvent.change(field('Text vor den Zugangsdaten'), { target: { value: 'Liebe Eltern' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    // The message sits under its field (a form-level alert may carry it too while the reply is placed).
    await waitFor(() => expect(field('Text vor den Zugangsdaten').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field('Text vor den Zugangsdaten').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Der Text ist zu lang.');
    expect(field('Text vor den Zugangsdaten').value).toBe('Liebe Eltern');
  });
});

describe('/200-set Klassen (settings form)', () => {
  it('refuses an empty class name on its field; a new class is saved with the deleted ones', async () => {
    renderPage(<ClassSettings data={childrenData()} />);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('Name'), { target: { value: '' } });
    await waitFor(() => expect(field('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('Name'), { target: { value: '1b' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Klasse' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    const request = call.mock.calls[0]?.[1] as { dataToSave: { type: string; data: { klassen: { name: string }[] } } };
    expect(request.dataToSave.type).toBe('klassen');
    expect(request.dataToSave.data.klassen.map((k) => k.name)).toEqual(['1b', 'Neu']);
  });
});

describe('/200-set Klassen after a save', () => {
  it('shows the server’s list (sorted, with the new id) once the data comes back', async () => {
    const before = childrenData();
    const rule = { alle: false, gruppen: [] };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (data: ChildrenData) => (
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <SavingProvider>
            <ClassSettings data={data} />
          </SavingProvider>
        </AlertProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(view(before));
    fireEvent.click(screen.getByRole('button', { name: 'Klasse' }));
    const names = () =>
      screen.getAllByRole('textbox', { name: 'Name' }).map((input) => (input as HTMLInputElement).value);
    await waitFor(() => expect(names()).toEqual(['1a', 'Neu']));
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Name' })[1] as HTMLElement, {
      target: { value: '0-Vorschule' },
    });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    const after = {
      ...before,
      klassen: [
        { id: 9, name: '0-Vorschule', bedingungen: { f200: { sehen: rule, bearbeiten: rule } }, anzahlKinder: 0 },
        ...before.klassen,
      ],
    } as ChildrenData;
    rerender(view(after));
    await waitFor(() => expect(names()).toEqual(['0-Vorschule', '1a']));
    // Each class names its children's count in German ('0 Kinder', '2 Kinder', and '1 Kind').
    const [vorschule, einsA] = screen.getAllByRole('textbox', { name: 'Name' }) as HTMLElement[];
    expect(helperTextOf(vorschule!)).toBe('0 Kinder');
    expect(helperTextOf(einsA!)).toBe('2 Kinder');
    expect(screen.getByRole('button', { name: 'Klasse 1a löschen' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Klasse 0-Vorschule löschen' })).toHaveProperty('disabled', false);
    rerender(view({ ...after, klassen: after.klassen.map((klasse) => ({ ...klasse, anzahlKinder: 1 })) }));
    await waitFor(() => expect(helperTextOf(screen.getAllByRole('textbox', { name: 'Name' })[1]!)).toBe('1 Kind'));
  });
});
