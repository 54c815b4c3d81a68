import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { ruledString } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { ApiError } from '../api/errors';
import { SavingProvider } from '../saving/saving-provider';
import { FormDialog } from './form-dialog';
import { FormFieldArray } from './form-field-array';
import { FormTextField } from './form-fields';
import { discardTexts } from './use-discard-guard';
import { useSchemaForm } from './use-schema-form';

afterEach(cleanup);

const schema = z.object({
  kind: z.object({ vorname: ruledString('required', 'name') }),
  telefonnummern: z.array(
    z.object({ name: ruledString('required', 'name'), nummer: ruledString('required', 'telefon') }),
  ),
});
type Values = z.input<typeof schema>;

const start: Values = {
  kind: { vorname: 'Mia' },
  telefonnummern: [
    { name: 'Mutter', nummer: '0170 1' },
    { name: 'Vater', nummer: '0170 2' },
  ],
};

function ChildLikeDialog({
  onSubmit,
  onClose,
  readOnly = false,
  onDelete,
}: {
  onSubmit(values: z.output<typeof schema>): Promise<unknown>;
  onClose(): void;
  readOnly?: boolean;
  onDelete?: () => Promise<unknown>;
}) {
  const form = useSchemaForm(schema, start);
  return (
    <FormDialog
      form={form}
      title="Kind bearbeiten"
      onSubmit={onSubmit}
      onClose={onClose}
      texts={{ failure: 'Nicht gespeichert.' }}
      readOnly={readOnly}
      onDelete={onDelete && { run: onDelete, confirm: 'Kind löschen?', texts: { failure: 'Nicht gelöscht.' } }}
      tabs={[
        {
          label: 'Kind',
          fields: ['kind'],
          content: <FormTextField control={form.control} name="kind.vorname" label="Vorname" />,
        },
        {
          label: 'Familie',
          fields: ['telefonnummern'],
          content: (
            <FormFieldArray
              control={form.control}
              name="telefonnummern"
              title="Telefonnummern"
              addLabel="Nummer"
              removeLabel="Nummer entfernen"
              newItem={() => ({ name: '', nummer: '' })}
              renderItem={(path) => (
                <>
                  <FormTextField control={form.control} name={`${path}.name`} label="Name" />
                  <FormTextField control={form.control} name={`${path}.nummer`} label="Telefonnummer" />
                </>
              )}
            />
          ),
        },
      ]}
    />
  );
}

function renderDialog(props: Partial<Parameters<typeof ChildLikeDialog>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const onClose = props.onClose ?? vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </StrictMode>
  );
  render(<ChildLikeDialog {...props} onSubmit={onSubmit} onClose={onClose} />, { wrapper });
  return { onSubmit, onClose };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('FormDialog with tabs', () => {
  it('shows scroll arrows, on phones too, when the tabs do not fit (issue 33)', () => {
    // The last tab lies outside the tab bar: what MUI's observer reports on a narrow screen.
    class Observer {
      constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(target: Element) {
        this.report([{ isIntersecting: target.textContent !== 'Familie' }]);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    try {
      renderDialog();
      const arrows = document.querySelectorAll('.MuiTabs-scrollButtons');
      expect(arrows).toHaveLength(2);
      for (const arrow of arrows) expect(arrow.classList.contains('MuiTabs-scrollButtonsHideMobile')).toBe(false);
      expect(arrows[1]!.classList.contains('Mui-disabled')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('marks the tab of an invalid field with its error count, jumps there on Speichern and focuses the field', async () => {
    const { onSubmit } = renderDialog();
    fireEvent.click(tab(/Familie/));
    const numbers = screen.getAllByRole('textbox', { name: 'Telefonnummer' });
    fireEvent.change(numbers[1]!, { target: { value: '0170 <b>' } });
    fireEvent.click(tab(/Kind/));
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toBeTruthy();
    save();
    await waitFor(() => expect(tab(/Familie/).getAttribute('aria-selected')).toBe('true'));
    expect(tab(/Familie/).textContent).toBe('Familie1 Fehler');
    expect(tab(/Kind/).textContent).toBe('Kind');
    const invalid = screen.getAllByRole('textbox', { name: 'Telefonnummer' })[1]!;
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(invalid));
    expect(screen.getByText('Enthält unerlaubte Zeichen')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts errors on several tabs and opens the first tab in error', async () => {
    renderDialog();
    fireEvent.click(tab(/Familie/));
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Name' })[0]!, { target: { value: '' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Telefonnummer' })[0]!, { target: { value: '' } });
    fireEvent.click(tab(/Kind/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: '' } });
    fireEvent.click(tab(/Familie/));
    save();
    await waitFor(() => expect(tab(/Kind/).getAttribute('aria-selected')).toBe('true'));
    expect(tab(/Kind/).textContent).toBe('Kind1 Fehler');
    expect(tab(/Familie/).textContent).toBe('Familie2 Fehler');
  });

  it('clears an error as soon as the field is fixed, and the count with it', async () => {
    const { onSubmit, onClose } = renderDialog();
    const name = screen.getByRole('textbox', { name: 'Vorname' });
    fireEvent.change(name, { target: { value: '' } });
    save();
    expect(await screen.findByText('Bitte angeben.')).toBeTruthy();
    expect(tab(/Kind/).textContent).toBe('Kind1 Fehler');
    fireEvent.change(name, { target: { value: 'Mila' } });
    await waitFor(() => expect(screen.queryByText('Bitte angeben.')).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(tab(/Kind/).textContent).toBe('Kind');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ ...start, kind: { vorname: 'Mila' } });
  });

  it('puts a server error on a nested array path onto its field (wire prefix stripped) and marks its tab', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.data.telefonnummern.1.nummer': ['Diese Nummer ist schon vergeben.'],
        'dataToSave.data.unbekannt': ['Etwas anderes stimmt nicht.'],
      });
    });
    const { onClose } = renderDialog({ onSubmit: failing });
    save();
    await waitFor(() => expect(tab(/Familie/).getAttribute('aria-selected')).toBe('true'));
    expect(tab(/Familie/).textContent).toBe('Familie1 Fehler');
    const field = screen.getAllByRole('textbox', { name: 'Telefonnummer' })[1]!;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Diese Nummer ist schon vergeben.')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('Etwas anderes stimmt nicht.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('removing a row takes its error with it', async () => {
    renderDialog();
    fireEvent.click(tab(/Familie/));
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Telefonnummer' })[0]!, { target: { value: '' } });
    save();
    expect(await screen.findByText('Bitte angeben.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Nummer entfernen' })[0]!);
    await waitFor(() => expect(screen.queryByText('Bitte angeben.')).toBeNull());
    expect(screen.getAllByRole('textbox', { name: 'Telefonnummer' })).toHaveLength(1);
    expect(tab(/Familie/).textContent).toBe('Familie');
  });

  it('asks before the backdrop discards changes', async () => {
    const { onClose } = renderDialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: 'Mila' } });
    const backdrop = document.querySelector('.MuiDialog-container');
    expect(backdrop).toBeTruthy();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before Escape and Back discard a changed array', async () => {
    const { onClose } = renderDialog();
    fireEvent.click(tab(/Familie/));
    fireEvent.click(screen.getByRole('button', { name: 'Nummer' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: discardTexts.cancel }));
    await waitFor(() => expect(screen.queryByText(discardTexts.title)).toBeNull());
    act(() => window.history.back());
    expect(await screen.findByText(discardTexts.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('read-only: fields disabled, no Speichern, Schließen closes without asking', () => {
    const { onClose } = renderDialog({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Vorname' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Löschen asks, deletes and closes', async () => {
    const onDelete = vi.fn(async () => undefined);
    const { onClose } = renderDialog({ onDelete });
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Kind löschen?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    const confirm = screen.getAllByRole('button', { name: 'Löschen' }).at(-1)!;
    await act(async () => {
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
