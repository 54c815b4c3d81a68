import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { conflictMessage } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { ApiError } from '../api/errors';
import { readErrorBody } from '../api/reply';
import { SavingProvider } from '../saving/saving-provider';
import { useSaveAction } from '../saving/use-save-action';
import { ConflictAlert, useConflictMessage } from './conflict-alert';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-fields';
import { useSchemaForm } from './use-schema-form';

afterEach(cleanup);

const schema = z.object({ id: z.number(), name: z.string() });
const message = conflictMessage('Anna Erste');
const conflict = () => new ApiError('conflict', message, 409);

/** A record dialog whose record comes from a query (as the modules' lists do). */
function RecordDialog(props: {
  onSubmit(): Promise<unknown>;
  onClose(): void;
  onReload?: () => void;
  fetches: () => void;
}) {
  const query = useQuery({
    queryKey: ['record'],
    queryFn: () => {
      props.fetches();
      return { id: 4, name: 'Elternbriefe' };
    },
  });
  const form = useSchemaForm(schema, query.data ?? { id: 4, name: 'Elternbriefe' });
  return (
    <FormDialog
      form={form}
      title="Bearbeiten"
      onSubmit={props.onSubmit}
      onClose={props.onClose}
      onReload={props.onReload}
      texts={{ failure: 'Die Daten konnten nicht gespeichert werden.' }}
    >
      <FormTextField control={form.control} name="name" label="Name" />
    </FormDialog>
  );
}

function renderDialog(options: { onSubmit: () => Promise<unknown>; onReload?: () => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const fetches = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<RecordDialog onSubmit={options.onSubmit} onClose={onClose} onReload={options.onReload} fetches={fetches} />, {
    wrapper,
  });
  return { onClose, fetches };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('a save answered conflict', () => {
  it('reads the conflict reply as an error status', () => {
    expect(readErrorBody({ status: 'conflict', message })).toEqual({ status: 'conflict', message, errors: {} });
  });

  it('shows the message naming who saved meanwhile with "Neu laden"; the dialog stays open', async () => {
    const onReload = vi.fn();
    const { onClose } = renderDialog({ onSubmit: () => Promise.reject(conflict()), onReload });
    save();
    const alert = await screen.findByTestId('conflict-alert');
    expect(alert.textContent).toContain('Dieser Datensatz wurde inzwischen von Anna Erste geändert. Bitte neu laden.');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('"Neu laden" by default fetches the record again and closes the dialog', async () => {
    const { onClose, fetches } = renderDialog({ onSubmit: () => Promise.reject(conflict()) });
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps what the user typed until they choose to reload', async () => {
    renderDialog({ onSubmit: () => Promise.reject(conflict()) });
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    save();
    await screen.findByTestId('conflict-alert');
    expect(name.value).toBe('Zeugnisse');
  });
});

/** A page saving without a form (as the payroll editor does). */
function PageSave({ work, onReload }: { work(): Promise<unknown>; onReload(): void }) {
  const saveAction = useSaveAction();
  const conflict = useConflictMessage();
  return (
    <>
      <ConflictAlert message={conflict.message} onReload={onReload} />
      <button type="button" onClick={() => void saveAction(conflict.track(work), { failure: 'Fehler' })}>
        Speichern
      </button>
    </>
  );
}

describe('a page save answered conflict', () => {
  it('shows the message with "Neu laden" next to the save alert', async () => {
    const onReload = vi.fn();
    render(
      <AlertProvider>
        <SavingProvider>
          <PageSave work={() => Promise.reject(conflict())} onReload={onReload} />
        </SavingProvider>
      </AlertProvider>,
    );
    expect(screen.queryByTestId('conflict-alert')).toBeNull();
    save();
    expect((await screen.findByTestId('conflict-alert')).textContent).toContain(message);
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
