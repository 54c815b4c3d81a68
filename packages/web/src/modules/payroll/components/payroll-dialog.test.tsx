import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  payrollCalls,
  type EmployeeView,
  type GetPayrollReply,
  type PayrollModuleData,
} from '@hortus/contract/modules/payroll';
import { ApiError } from '../../../platform/api/errors';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { PayrollDialog } from './payroll-dialog';
import { dayColumns, dayTableMinWidth } from './day-rows';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
// Saves go through the versioned call (xtime); here without a held version, i.e. an ordinary call.
vi.mock('../../../platform/query/versioned', () => ({
  callWithVersion: (spec: unknown, input: unknown) => call(spec, input),
}));

const day = (datum: string) => ({
  datum,
  status: 1,
  objekt: '',
  zeitVon: '08:00',
  zeitBis: '16:00',
  pausen: 0,
  idLohngruppe: 0,
  ausnahme: false,
  feiertag: '',
});
const reply = {
  status: 'success',
  gesperrt: false,
  urlaub: { jahr: 2026, anspruch: 30, uebertrag: 0, genommen: 0, rest: 30 },
  ueberstundenVortrag: 0,
  ueberstundenSaldo: 0,
  abrechnung: {
    id: 0,
    idMitarbeiter: 7,
    jahr: 2026,
    monat: 12,
    standard_lohngruppe: 0,
    standard_arbeitsbeginn: '08:00',
    standard_arbeitsende: '16:00',
    standard_pausen: 0,
    vertrag_lohngruppe: 0,
    vertrag_stunden: 0,
    festgehalt: 0,
    ausnahmen: [],
    ueberstundenAusgezahlt: [],
    sonderzahlungen: [],
    urlaubAusVorjahr: 0,
    tage: [day('2026-12-01'), day('2026-12-02')],
    lohngruppen: [],
    timeLastEdit: '',
    xSummeStunden: 0,
    xSummeUeberstunden: 0,
    xSummeUrlaubstage: 0,
  },
} as unknown as GetPayrollReply;
const employee = {
  id: 7,
  vorname: 'Erika',
  nachname: 'Muster',
  urlaubstage: 30,
  lohnabrechnungen: [],
} as unknown as EmployeeView;
const settings = { lohngruppen: [] } as unknown as PayrollModuleData['settings'];

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<PayrollDialog employee={employee} settings={settings} onClose={onClose} />);
  return { onClose };
}

const addPayment = async () => {
  const section = await screen.findByRole('region', { name: 'Sonderzahlungen (brutto)' });
  fireEvent.click(within(section).getByRole('button', { name: 'Hinzufügen' }));
  fireEvent.change(await within(section).findByRole('textbox', { name: 'Text' }), {
    target: { value: 'Weihnachtsgeld' },
  });
  return section;
};

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((spec: unknown) =>
    spec === payrollCalls.getAbrechnung ? Promise.resolve(reply) : Promise.reject(new Error('unexpected')),
  );
});
afterEach(cleanup);

describe('PayrollDialog (platform FormDialog, special payments as a field array)', () => {
  it('an emptied amount names its field and nothing is sent', async () => {
    renderDialog();
    const section = await addPayment();
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Betrag (€)' }), { target: { value: '' } });
    const amount = within(section).getByRole('spinbutton', { name: 'Betrag (€)' });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(section.textContent).toContain('Betrag');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await act(() => Promise.resolve());
    expect(call.mock.calls.filter(([spec]) => spec === payrollCalls.getOrSaveSettings)).toHaveLength(0);
  });

  it('Escape on a changed payroll asks before the changes are lost', async () => {
    const { onClose } = renderDialog();
    await addPayment();
    await act(() => Promise.resolve());
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text' }), { key: 'Escape' });
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a payment on its field", async () => {
    const refusal = '„Betrag“: höchstens 1.000.000.';
    call.mockImplementation((spec: unknown) =>
      spec === payrollCalls.getAbrechnung
        ? Promise.resolve(reply)
        : Promise.reject(
            new ApiError('validationError', refusal, 400, {
              'dataToSave.data.abrechnung.sonderzahlungen.0.wert': [refusal],
            }),
          ),
    );
    renderDialog();
    const section = await addPayment();
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Betrag (€)' }), { target: { value: '500' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(section).findByText(refusal)).toBeTruthy();
    expect(within(section).getByRole('spinbutton', { name: 'Betrag (€)' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('Speichern stays disabled on an unchanged new payroll (business.md 4.4) and takes a change', async () => {
    renderDialog();
    expect(await screen.findByText('Neue Abrechnung (noch nicht gespeichert)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Objekt Di 01.12.' }), { target: { value: 'Hort' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
  });

  it('a save stays in the dialog and takes over the saved payroll the server answers (its id and version)', async () => {
    const saved = {
      ...reply,
      abrechnung: { ...reply.abrechnung, id: 5, version: 1, timeLastEdit: '2026-12-31 10:00' },
    };
    let stored = false;
    const sent: unknown[] = [];
    call.mockImplementation((spec: unknown, fields: unknown) => {
      if (spec === payrollCalls.getAbrechnung) return Promise.resolve(stored ? saved : reply);
      stored = true;
      sent.push(fields);
      return Promise.resolve({ status: 'success', save: { mitarbeiter: [], settings } });
    });
    const { onClose } = renderDialog();
    expect(await screen.findByText('Neue Abrechnung (noch nicht gespeichert)')).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Objekt Di 01.12.' }), { target: { value: 'Hort' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeicherte Abrechnung')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF herunterladen' })).toBeTruthy();
    // The saved state is the form's: unchanged, so Speichern waits for the next change.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('textbox', { name: 'Objekt Di 01.12.' })).toHaveProperty('value', '');
    expect(onClose).not.toHaveBeenCalled();

    // The next save is of the saved record: its id and the version it was loaded with.
    fireEvent.change(screen.getByRole('textbox', { name: 'Objekt Di 01.12.' }), { target: { value: 'Schule' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ dataToSave: { data: { abrechnung: { id: 5, version: 1 } } } });
  });

  it('after choosing another month, a save shows that month as saved', async () => {
    const november = { ...reply, abrechnung: { ...reply.abrechnung, monat: 11, tage: [day('2026-11-02')] } };
    const saved = { ...reply, abrechnung: { ...reply.abrechnung, id: 5, timeLastEdit: '2026-12-31 10:00' } };
    let stored = false;
    call.mockImplementation((spec: unknown, fields: { monat?: number }) => {
      if (spec === payrollCalls.getAbrechnung)
        return Promise.resolve(fields.monat === 12 ? (stored ? saved : reply) : november);
      stored = true;
      return Promise.resolve({ status: 'success', save: { mitarbeiter: [], settings } });
    });
    renderDialog();
    await screen.findByTestId('day-2026-11-02');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Monat' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Dezember' }));
    await screen.findByTestId('day-2026-12-01');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Objekt Di 01.12.' }), { target: { value: 'Hort' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeicherte Abrechnung')).toBeTruthy();
  });

  it("shows the day table's 'Stunden' column and its fixed columns fit the full-screen dialog at 1280 px (issue 33)", async () => {
    renderDialog();
    const table = await screen.findByRole('table', { name: 'Tage' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(dayColumns.map((column) => column.title));
    expect(within(table).getByRole('columnheader', { name: 'Stunden' }).textContent).toBe('Stunden');
    expect(table.querySelectorAll('col')).toHaveLength(dayColumns.length);
    // 1280 px less the dialog content's padding (2 × 24 px) and a scroll bar (16 px).
    expect(dayTableMinWidth).toBeLessThanOrEqual(1280 - 48 - 16);
  });
});
