import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  defaultChildrenSettings,
  noAloneRule,
  releaseMessages,
  type PickupView,
} from '@hortus/contract/modules/children';
import {
  defaultContactSettings,
  type ParentReportsData,
  type ReportChild,
} from '@hortus/contract/modules/parent-reports';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { ChildPermissions } from './child-permissions';
import { ReportForm } from './report-form';

/** Module 210's save (one call whose answer is the fresh data): each test sets what the server answers. */
const server = vi.hoisted(() => ({ save: (_: unknown): Promise<unknown> => Promise.resolve(undefined) }));
vi.mock('../api/parent-reports', () => ({
  useSaveParentReports: () => ({ mutateAsync: (dataToSave: unknown) => server.save(dataToSave) }),
}));

/** The server answers with the fresh data, or refuses with a validationError. */
function answer(errors?: Record<string, string[]>) {
  const save = vi.fn(async (_: unknown) => {
    if (errors) throw new ApiError('validationError', Object.values(errors).flat().join(' '), 400, errors);
    return { status: 'success', save: data };
  });
  server.save = save;
  return save;
}

const abholung: PickupView = {
  alleinNachHause: noAloneRule,
  versionen: [],
  personen: [
    {
      id: 7,
      name: 'Oma Erika',
      beziehung: 'Oma',
      telefon: '0351 1234',
      notiz: '',
      gueltigVon: '',
      gueltigBis: '2026-12-31',
    },
  ],
  heute: {
    art: 'person',
    ab: '',
    personen: ['Oma Erika'],
    person: '',
    aenderung: false,
    text: 'nur mit Abholperson',
    gemeldet: '',
  },
};
const mia: ReportChild = {
  id: 1,
  vorname: 'Mia',
  nachname: 'Fischer',
  name: 'Mia Fischer',
  id_klasse: 10,
  name_klasse: '1a',
  abholung,
};
const data: ParentReportsData = {
  kinder: [mia],
  settings: {
    ...defaultContactSettings,
    anwesenheitMeldungSpaetestensBis: '08:00',
    moeglicheEntlasszeiten: [],
    moeglicheEntlasszeiten_bedingungen: {},
    meldung_erlaubeKommentar: false,
    meldung_erlaubeDateiupload: false,
    text_alertVorMeldungsformular: '',
    text_meldungVerpaetet: defaultChildrenSettings.text_meldungVerpaetet,
  },
  historie: [],
  klassen: [],
  heute: '2026-11-24',
  jetzt: '09:00',
  xtime: 100,
};

function renderWith(node: ReactNode) {
  render(
    <AlertProvider>
      <SavingProvider>{node}</SavingProvider>
    </AlertProvider>,
  );
}

/** The form control (field with its helper text) a label or group belongs to. */
const fieldOf = (element: HTMLElement) => element.closest<HTMLElement>('.MuiFormControl-root') ?? element;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(cleanup);

describe('ChildPermissions (Kontakt)', () => {
  it('shows the missing weekday under the weekdays and keeps Speichern off; saves once one is ticked', async () => {
    const save = answer();
    renderWith(<ChildPermissions child={mia} />);
    expect(screen.getByTestId('permission-text-1').textContent).toBe('darf nicht allein nach Hause gehen');
    fireEvent.click(screen.getByRole('switch', { name: 'Darf allein nach Hause gehen' }));
    for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr']) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    const weekdays = fieldOf(screen.getByRole('group', { name: 'Wochentage' }));
    expect(await within(weekdays).findByText(releaseMessages.weekdayRequired)).toBeTruthy();
    expect(button('Erlaubnis speichern').disabled).toBe(true);
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mo' }));
    await waitFor(() => expect(within(weekdays).queryByText(releaseMessages.weekdayRequired)).toBeNull());
    fireEvent.click(button('Erlaubnis speichern'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      type: 'erlaubnis',
      data: { id_kind: 1, alleinNachHause: { erlaubt: true, wochentage: [1], abZeit: '' } },
    });
  });

  it("puts the server's message on the time field", async () => {
    answer({ 'dataToSave.data.alleinNachHause.abZeit': ['Bitte eine Uhrzeit im Format HH:MM angeben.'] });
    renderWith(<ChildPermissions child={mia} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Darf allein nach Hause gehen' }));
    await waitFor(() => expect(button('Erlaubnis speichern').disabled).toBe(false));
    fireEvent.click(button('Erlaubnis speichern'));
    const time = fieldOf(screen.getByRole('group', { name: 'Ab (Uhrzeit)' }));
    expect(await within(time).findByText('Bitte eine Uhrzeit im Format HH:MM angeben.')).toBeTruthy();
  });
});

describe('same-day change in the report form (issue 44)', () => {
  const sameDay = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));

  it("offers the listed pickup person, sends it for the day; the server's deadline shows under the form", async () => {
    const late = releaseMessages.deadlinePassed('12:00');
    const save = answer({ 'dataToSave.data.tag': [late] });
    renderWith(<ReportForm data={data} />);
    sameDay('Wird heute abgeholt von …');
    expect(screen.getByTestId('pickup-today').textContent).toBe('Was heute gilt: nur mit Abholperson');
    expect(screen.queryByRole('group', { name: 'Bis' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Oma Erika' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(button('Senden').disabled).toBe(false));
    fireEvent.click(button('Senden'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      type: 'abholungHeute',
      data: { id_kind: 1, tag: '2026-11-24', art: 'person', zeit: '', person: 'Oma Erika' },
    });
    expect((await screen.findByTestId('same-day-error')).textContent).toBe(late);
  });

  it("'andere Person' asks for the name on its field", async () => {
    const save = answer();
    renderWith(<ReportForm data={data} />);
    sameDay('Wird heute abgeholt von …');
    sameDay(releaseMessages.otherPerson);
    const person = screen.getByRole('textbox', { name: 'Name der Person' });
    fireEvent.change(person, { target: { value: 'Oma' } });
    fireEvent.change(person, { target: { value: '  ' } });
    expect(await within(fieldOf(person)).findByText(releaseMessages.personRequired)).toBeTruthy();
    expect(button('Senden').disabled).toBe(true);
    fireEvent.change(person, { target: { value: 'Tante Ina' } });
    await waitFor(() => expect(button('Senden').disabled).toBe(false));
    fireEvent.click(button('Senden'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      type: 'abholungHeute',
      data: { id_kind: 1, tag: '2026-11-24', art: 'person', zeit: '', person: 'Tante Ina' },
    });
  });

  it('asks for the time when the child goes alone, without sending', async () => {
    const save = answer();
    renderWith(<ReportForm data={data} />);
    sameDay('Geht heute allein um …');
    expect(screen.queryByRole('textbox', { name: 'Name der Person' })).toBeNull();
    expect(button('Senden').disabled).toBe(true);
    const time = fieldOf(screen.getByRole('group', { name: 'Uhrzeit' }));
    fireEvent.submit(button('Senden').closest('form') as HTMLFormElement);
    expect(await within(time).findByText(releaseMessages.timeRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('after the deadline the day says so and nothing can be sent for today', async () => {
    answer();
    renderWith(<ReportForm data={{ ...data, jetzt: '12:01' }} />);
    sameDay('Wird heute abgeholt von …');
    expect(await screen.findByText(releaseMessages.deadlinePassed('12:00'))).toBeTruthy();
    expect(button('Senden').disabled).toBe(true);
  });
});
