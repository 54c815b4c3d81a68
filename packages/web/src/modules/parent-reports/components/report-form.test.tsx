import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultChildrenSettings } from '@hortus/contract/modules/children';
import {
  defaultContactSettings,
  parentReportsMessages,
  reportDateMessages,
  type ParentReportsData,
} from '@hortus/contract/modules/parent-reports';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { ReportForm } from './report-form';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
// Loads and saves go through the versioned call (xtime); here without a held version, i.e. an ordinary call.
vi.mock('../../../platform/query/versioned', () => ({
  callWithVersion: (spec: unknown, input: unknown) => call(spec, input),
}));

const data: ParentReportsData = {
  kinder: [
    { id: 1, vorname: 'Mia', nachname: 'Fischer', name: 'Mia Fischer', id_klasse: 10, name_klasse: '1a' },
    { id: 2, vorname: 'Paul', nachname: 'Fischer', name: 'Paul Fischer', id_klasse: 20, name_klasse: '2b' },
  ],
  settings: {
    ...defaultContactSettings,
    anwesenheitMeldungSpaetestensBis: '08:00',
    moeglicheEntlasszeiten: ['13:00', '14:00'],
    moeglicheEntlasszeiten_bedingungen: {
      '14:00': { aktiv: true, klassen: [20], datumVon: '', datumBis: '', ausnahmen: [] },
    },
    meldung_erlaubeKommentar: true,
    meldung_erlaubeDateiupload: true,
    text_alertVorMeldungsformular: 'Bitte bis 8 Uhr melden.',
    text_meldungVerpaetet: defaultChildrenSettings.text_meldungVerpaetet,
  },
  historie: [],
  klassen: [],
  heute: '2026-11-24',
  jetzt: '09:00',
  xtime: 100,
};

function renderForm(values: ParentReportsData = data) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<ReportForm data={values} />, { wrapper });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const send = () => screen.getByRole('button', { name: 'Senden' }) as HTMLButtonElement;

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('ReportForm', () => {
  it('offers a release time only for the classes of its condition and sends once child and option are chosen', async () => {
    renderForm();
    expect(screen.getByText('Bitte bis 8 Uhr melden.')).toBeTruthy();
    expect(send().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mia Fischer (1a)' }));
    expect(screen.getByRole('radio', { name: 'Entlassung um 13:00 Uhr' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Entlassung um 14:00 Uhr' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mia Fischer (1a)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paul Fischer (2b)' }));
    expect(screen.getByRole('radio', { name: 'Entlassung um 14:00 Uhr' })).toBeTruthy();
    expect(send().disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Krank' }));
    fireEvent.change(screen.getByLabelText('Kommentar'), { target: { value: 'Fieber' } });
    expect(screen.getByText('6/40 Zeichen')).toBeTruthy();
    expect(send().disabled).toBe(false);

    call.mockResolvedValue({
      status: 'success',
      save: { ...data, xtime: 200 },
      meldung: { verspaetet: true, text: 'Ihre Meldung ist nach 08:00 Uhr eingegangen.' },
    });
    fireEvent.click(send());
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]?.[1]).toEqual({
      dataToSave: {
        type: 'meldung',
        data: {
          kind: [2],
          anwesenheit: 'nds',
          kommentar: 'Fieber',
          tag: '2026-11-24',
          tag_bis: '2026-11-24',
          anhaenge: [],
        },
      },
    });
    expect((await screen.findByTestId('report-result')).textContent).toBe(
      'Ihre Meldung ist nach 08:00 Uhr eingegangen.',
    );
  });

  it('asks for a file before uploading and hides comment and upload when not allowed', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    expect(screen.getByText(parentReportsMessages.chooseFile)).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    cleanup();
    renderForm({
      ...data,
      settings: { ...data.settings, meldung_erlaubeKommentar: false, meldung_erlaubeDateiupload: false },
    });
    expect(screen.queryByLabelText('Kommentar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hochladen' })).toBeNull();
  });

  it('a past day shows both texts of school.md 5.3 under the date', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('textbox', { name: 'Von' }));
    const day = (await screen.findAllByRole('spinbutton', { name: 'Tag' }, { timeout: 15_000 }))[0] as HTMLElement;
    fireEvent.focus(day);
    fireEvent.keyDown(day, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByText(new RegExp(escape(reportDateMessages.past)))).toBeTruthy());
    expect(screen.getByText(new RegExp(escape(reportDateMessages.range)))).toBeTruthy();
    expect(send().disabled).toBe(true);
  });

  it('Bis follows Von only when Von is settled, not on the dates passed on the way (phone typing)', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('textbox', { name: 'Von' }));
    const day = (await screen.findAllByRole('spinbutton', { name: 'Tag' }, { timeout: 15_000 }))[0] as HTMLElement;
    fireEvent.focus(day);
    for (let step = 0; step < 5; step += 1) fireEvent.keyDown(day, { key: 'ArrowUp' }); // 29.11. on the way
    for (let step = 0; step < 4; step += 1) fireEvent.keyDown(day, { key: 'ArrowDown' }); // settles on 25.11.
    expect(screen.getByRole('textbox', { name: 'Bis' }).getAttribute('value')).toBe('24.11.2026');
    fireEvent.blur(day);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Bis' }).getAttribute('value')).toBe('25.11.2026'));
  });
});
