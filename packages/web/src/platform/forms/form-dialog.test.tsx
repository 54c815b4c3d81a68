import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ruledString } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { ApiError } from '../api/errors';
import { SavingProvider } from '../saving/saving-provider';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-fields';
import { useSchemaForm } from './use-schema-form';
import { discardTexts } from './use-discard-guard';

afterEach(cleanup);

const schema = z.object({ id: z.number(), name: ruledString('required', 'name', 'tinytext') });

function NameDialog({
  onSubmit,
  onClose,
  saveOnlyWhenChanged = false,
  closeDelayMs,
}: {
  onSubmit(values: z.output<typeof schema>): Promise<unknown>;
  onClose(): void;
  saveOnlyWhenChanged?: boolean;
  closeDelayMs?: number;
}) {
  const form = useSchemaForm(schema, { id: 4, name: 'Elternbriefe' }, saveOnlyWhenChanged ? { mode: 'onChange' } : {});
  return (
    <FormDialog
      form={form}
      title="Slot bearbeiten"
      onSubmit={onSubmit}
      onClose={onClose}
      texts={{ failure: 'Die Daten konnten nicht gespeichert werden.' }}
      serverErrorPrefix="dataToSave.data."
      saveOnlyWhenChanged={saveOnlyWhenChanged}
      closeDelayMs={closeDelayMs}
    >
      <FormTextField control={form.control} name="name" label="Name" />
    </FormDialog>
  );
}

function renderDialog(onSubmit = vi.fn(async () => undefined), onClose = vi.fn(), saveOnlyWhenChanged = false) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </StrictMode>
  );
  render(<NameDialog onSubmit={onSubmit} onClose={onClose} saveOnlyWhenChanged={saveOnlyWhenChanged} />, {
    wrapper,
  });
  return { onSubmit, onClose, name: screen.getByRole('textbox', { name: 'Name' }) };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('FormDialog', () => {
  it('a delayed close ends with the dialog: unmounted before the delay, it closes nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onSubmit = vi.fn(async () => undefined);
      const onClose = vi.fn();
      render(
        <AlertProvider>
          <SavingProvider>
            <NameDialog onSubmit={onSubmit} onClose={onClose} closeDelayMs={60_000} />
          </SavingProvider>
        </AlertProvider>,
      );
      save();
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      // The save's answer is handled (the close is scheduled) before the dialog goes.
      await act(() => vi.advanceTimersByTimeAsync(100));
      cleanup();
      vi.advanceTimersByTime(60_000);
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with saveOnlyWhenChanged offers Speichern only while the form is changed and valid', async () => {
    const { name } = renderDialog(undefined, undefined, true);
    const button = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    // Each answer in the render of the change itself (no waiting for the form's asynchronous check).
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    expect(button().disabled).toBe(false);
    fireEvent.change(name, { target: { value: '' } });
    expect(button().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Zeugnis <b>' } });
    expect(button().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    expect(button().disabled).toBe(false);
    fireEvent.change(name, { target: { value: 'Elternbriefe' } });
    expect(button().disabled).toBe(true);
    // After the asynchronous check the answer is the same.
    await act(async () => undefined);
    expect(button().disabled).toBe(true);
  });

  it('with saveOnlyWhenChanged a click right after typing saves', async () => {
    const { name, onSubmit, onClose } = renderDialog(undefined, undefined, true);
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ id: 4, name: 'Zeugnisse' });
  });

  it('shows the schema’s German message on the field and does not save', async () => {
    const { name, onSubmit } = renderDialog();
    fireEvent.change(name, { target: { value: '' } });
    save();
    expect(await screen.findByText('Bitte angeben.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Elternbriefe <b>' } });
    expect(await screen.findByText('Enthält unerlaubte Zeichen')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves the checked values and closes', async () => {
    const { name, onSubmit, onClose } = renderDialog();
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ id: 4, name: 'Zeugnisse' });
  });

  it('puts a validationError of the server onto its field, the wire prefix stripped', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.data.name': ['Der Name ist schon vergeben.'],
      });
    });
    const { name, onClose } = renderDialog(failing);
    save();
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('Der Name ist schon vergeben.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes an unchanged dialog at once', () => {
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks "Änderungen verwerfen?" before closing a changed dialog', async () => {
    const { name, onClose } = renderDialog();
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: discardTexts.cancel }));
    await waitFor(() => expect(screen.queryByText(discardTexts.title)).toBeNull());
    expect(name).toHaveProperty('value', 'Zeugnisse');

    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: discardTexts.confirm }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape discards changes', async () => {
    const { name, onClose } = renderDialog();
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('owns a history entry: Back closes an unchanged dialog, asks on a changed one and keeps the entry', async () => {
    const { name, onClose } = renderDialog();
    expect((window.history.state as { hortusDialog?: number } | null)?.hortusDialog).toEqual(expect.any(Number));
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    act(() => window.history.back());
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((window.history.state as { hortusDialog?: number } | null)?.hortusDialog).toEqual(expect.any(Number));
    fireEvent.click(screen.getByRole('button', { name: discardTexts.confirm }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Back closes an unchanged dialog at once', async () => {
    const { onClose } = renderDialog();
    act(() => window.history.back());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(discardTexts.title)).toBeNull();
  });

  it('keeps its one history entry through StrictMode’s remount (no stray Back closes it)', async () => {
    const { onClose } = renderDialog();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((window.history.state as { hortusDialog?: number } | null)?.hortusDialog).toEqual(expect.any(Number));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
