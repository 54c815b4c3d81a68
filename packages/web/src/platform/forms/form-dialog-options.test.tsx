import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ruledString } from '@hortus/contract';
import { renderWithProviders } from '../testing/render-with-providers';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { FormTextField } from './form-fields';
import { useSchemaForm } from './use-schema-form';

afterEach(cleanup);

const schema = z.object({ name: ruledString('required', 'name', 'tinytext') });
type Options = Pick<
  FormDialogProps<z.input<typeof schema>, z.output<typeof schema>>,
  'beforeSave' | 'stayOpenOnSave' | 'saveOnlyWhenDirty'
>;

function NameDialog({ onSubmit, onClose, ...options }: Options & { onSubmit(): Promise<unknown>; onClose(): void }) {
  const form = useSchemaForm(schema, { name: 'Elternbriefe' });
  return (
    <FormDialog
      form={form}
      title="Slot"
      onSubmit={onSubmit}
      onClose={onClose}
      texts={{ failure: 'Fehler' }}
      {...options}
    >
      <FormTextField control={form.control} name="name" label="Name" />
    </FormDialog>
  );
}

function renderDialog(options: Options) {
  const onSubmit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  renderWithProviders(<NameDialog onSubmit={onSubmit} onClose={onClose} {...options} />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Zeugnisse' } });
  return { onSubmit, onClose };
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

describe('FormDialog options', () => {
  it('beforeSave: a "no" keeps the form open and unsaved, a "yes" saves', async () => {
    let answer = false;
    const beforeSave = vi.fn(() => Promise.resolve(answer));
    const { onSubmit, onClose } = renderDialog({ beforeSave });
    fireEvent.click(saveButton());
    await waitFor(() => expect(beforeSave).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    answer = true;
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('saveOnlyWhenDirty: Speichern follows each change in its own render, also once the field is checked on change', async () => {
    const { onSubmit } = renderDialog({ saveOnlyWhenDirty: true });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(saveButton().disabled).toBe(false);
    // Left once, the field is checked again with every change (asynchronously): the dirty state may not wait.
    fireEvent.blur(name);
    await act(async () => undefined);
    fireEvent.change(name, { target: { value: 'Elternbriefe' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Zeugnisse' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('stayOpenOnSave with saveOnlyWhenDirty: saved in place, the saved values are the new unchanged state', async () => {
    const { onSubmit, onClose } = renderDialog({ stayOpenOnSave: true, saveOnlyWhenDirty: true });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Zeugnisse');
  });
});
