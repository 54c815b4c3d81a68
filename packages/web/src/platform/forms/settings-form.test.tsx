import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { dayRangeCheck, optionalIsoDayField, timeOfDayField } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { ApiError } from '../api/errors';
import { SavingProvider } from '../saving/saving-provider';
import { FormTextField } from './form-fields';
import { SettingsForm, useSettingsForm } from './settings-form';

afterEach(cleanup);

const schema = z
  .object({ bis: timeOfDayField(), datumVon: optionalIsoDayField(), datumBis: optionalIsoDayField() })
  .superRefine(dayRangeCheck('datumVon', 'datumBis'));
type Values = z.input<typeof schema>;
const saved: Values = { bis: '08:00', datumVon: '', datumBis: '' };

function Page({ save }: { save(values: Values): Promise<unknown> }) {
  const settings = useSettingsForm({ schema, saved, save, texts: { failure: 'Nicht gespeichert.' } });
  const { control } = settings.form;
  return (
    <SettingsForm settings={settings}>
      <FormTextField control={control} name="bis" label="Meldungen bis" />
      <FormTextField control={control} name="datumVon" label="von" />
      <FormTextField control={control} name="datumBis" label="bis" />
    </SettingsForm>
  );
}

function renderPage(save: (values: Values) => Promise<unknown> = vi.fn(async () => undefined)) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AlertProvider>
      <SavingProvider>{children}</SavingProvider>
    </AlertProvider>
  );
  render(<Page save={save} />, { wrapper });
  return { save };
}

const button = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name });

describe('useSettingsForm', () => {
  it('offers Speichern only while the draft is changed and valid, with the message on the field', async () => {
    renderPage();
    expect(button().disabled).toBe(true);
    fireEvent.change(field('Meldungen bis'), { target: { value: '8 Uhr' } });
    expect(await screen.findByText('Bitte eine Uhrzeit im Format HH:MM angeben.')).toBeTruthy();
    expect(button().disabled).toBe(true);
    fireEvent.change(field('Meldungen bis'), { target: { value: '09:00' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(screen.queryByText('Bitte eine Uhrzeit im Format HH:MM angeben.')).toBeNull();
    fireEvent.change(field('Meldungen bis'), { target: { value: '08:00' } });
    await waitFor(() => expect(button().disabled).toBe(true));
  });

  it('enables Speichern in the render of the change itself (a click right after typing saves)', () => {
    renderPage();
    fireEvent.change(field('Meldungen bis'), { target: { value: '09:30' } });
    expect(button().disabled).toBe(false);
    fireEvent.change(field('Meldungen bis'), { target: { value: '9 Uhr' } });
    expect(button().disabled).toBe(true);
  });

  it('refuses a range whose von lies after bis, on the bis field', async () => {
    renderPage();
    fireEvent.change(field('von'), { target: { value: '2026-08-10' } });
    fireEvent.change(field('bis'), { target: { value: '2026-08-01' } });
    expect(await screen.findByText('Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.')).toBeTruthy();
    expect(field('bis').getAttribute('aria-invalid')).toBe('true');
    expect(button().disabled).toBe(true);
    fireEvent.change(field('bis'), { target: { value: '2026-08-20' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.change(field('bis'), { target: { value: '2026-08-01' } });
    expect(await screen.findByText('Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.')).toBeTruthy();
    // Fixing the other end of the range clears the message under 'bis'.
    fireEvent.change(field('von'), { target: { value: '2026-07-01' } });
    await waitFor(() =>
      expect(screen.queryByText('Das Datum „von“ darf nicht nach dem Datum „bis“ liegen.')).toBeNull(),
    );
    expect(field('bis').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(button().disabled).toBe(false));
  });

  it('saves, then the saved value is the draft (Speichern off again)', async () => {
    const { save } = renderPage();
    fireEvent.change(field('Meldungen bis'), { target: { value: '09:30' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ bis: '09:30', datumVon: '', datumBis: '' }));
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(field('Meldungen bis')).toHaveProperty('value', '09:30');
  });

  it('puts the server’s messages on their fields and keeps the draft', async () => {
    const save = vi.fn(async () => {
      throw new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.bis': ['Nach 12:00 Uhr sind keine Meldungen mehr sinnvoll.'],
      });
    });
    renderPage(save);
    fireEvent.change(field('Meldungen bis'), { target: { value: '13:00' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    expect(await screen.findByText('Nach 12:00 Uhr sind keine Meldungen mehr sinnvoll.')).toBeTruthy();
    expect(field('Meldungen bis').getAttribute('aria-invalid')).toBe('true');
    expect(field('Meldungen bis')).toHaveProperty('value', '13:00');
  });
});
