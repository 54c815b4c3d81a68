import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CalendarCategory, CalendarDataToSave } from '@hortus/contract/modules/calendar';
import { ApiError } from '../../../platform/api/errors';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { newForm } from '../logic/event-form';
import { EventDialog } from './event-dialog';

const categories = [{ id: 1, name: 'Schule', farbe: '#1976d2' }] as unknown as CalendarCategory[];

function renderDialog(save: (dataToSave: CalendarDataToSave) => Promise<unknown>) {
  const onClose = vi.fn();
  renderWithProviders(
    <EventDialog
      event={null}
      initialForm={newForm('2030-03-04', 1)}
      categories={categories}
      editableIds={[1]}
      onClose={onClose}
      save={save}
      onOpenSeries={vi.fn()}
    />,
  );
  return { onClose };
}

const title = () => screen.getByRole('textbox', { name: /^Titel/ }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Speichern' });

afterEach(cleanup);

describe('EventDialog (new event, platform FormDialog)', () => {
  it('Speichern without a title marks the field and sends nothing', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderDialog(save);
    fireEvent.click(saveButton());
    await waitFor(() => expect(title().getAttribute('aria-invalid')).toBe('true'));
    expect(save).not.toHaveBeenCalled();
  });

  it('Escape on a typed title asks before the input is lost', async () => {
    const { onClose } = renderDialog(vi.fn(() => Promise.resolve()));
    fireEvent.change(title(), { target: { value: 'Elternabend' } });
    await act(() => Promise.resolve());
    fireEvent.keyDown(title(), { key: 'Escape' });
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of the title on its field and stays open", async () => {
    const refusal = 'Der Titel ist zu lang.';
    const save = vi.fn(() =>
      Promise.reject(new ApiError('validationError', refusal, 400, { 'dataToSave.data.name': [refusal] })),
    );
    const { onClose } = renderDialog(save);
    fireEvent.change(title(), { target: { value: 'Elternabend' } });
    fireEvent.click(saveButton());
    // The save runs under the saving overlay; on a loaded machine the reply takes a moment.
    expect(await screen.findByText(refusal, {}, { timeout: 10_000 })).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ type: 'saveTermin' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
