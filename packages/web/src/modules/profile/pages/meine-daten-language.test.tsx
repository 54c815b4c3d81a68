import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { profileCalls, type GetMeineDatenReply } from '@hortus/contract/modules/profile';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { MeineDatenPage } from './meine-daten-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const reply = (bevorzugteSprache: GetMeineDatenReply['bevorzugteSprache']): GetMeineDatenReply => ({
  status: 'success',
  nn: 'eltern',
  nutzerparameter: [],
  nutzerparameterwerte: {},
  nutzerparameterwerteSelectoptionIDs: {},
  bevorzugteSprache,
  ruhezeiten: null,
});

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((spec: unknown, input: { data?: { bevorzugteSprache?: string } } | undefined) =>
    Promise.resolve(
      spec === profileCalls.saveMeineDaten
        ? reply(input?.data?.bevorzugteSprache === 'de' ? null : (input?.data?.bevorzugteSprache as 'tr'))
        : reply(null),
    ),
  );
});
afterEach(cleanup);

describe("'Bevorzugte Sprache für Nachrichten' in Meine Daten", () => {
  it('offers German and the translation languages even without own parameters, and saves the choice', async () => {
    renderWithProviders(<MeineDatenPage />);
    const select = await screen.findByRole('combobox', { name: 'Bevorzugte Sprache für Nachrichten' });
    expect(select.textContent).toBe('Deutsch');
    expect(screen.getByText('Für Ihr Konto sind keine persönlichen Daten hinterlegt.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(select);
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Türkisch' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(call.mock.calls.some((args) => args[0] === profileCalls.saveMeineDaten)).toBe(true));
    const sent = call.mock.calls.find((args) => args[0] === profileCalls.saveMeineDaten)?.[1] as { data: unknown };
    expect(sent.data).toEqual({
      nutzerparameterwerte: {},
      nutzerparameterwerteSelectoptionIDs: {},
      bevorzugteSprache: 'tr',
      ruhezeiten: null,
    });
  });

  it('switches quiet hours for push notifications on, with 20:00–07:00 offered, and saves them', async () => {
    renderWithProviders(<MeineDatenPage />);
    const toggle = await screen.findByRole('switch', { name: 'Ruhezeiten für Benachrichtigungen' });
    expect(screen.queryByTestId('quiet-hours')).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByTestId('quiet-hours')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(call.mock.calls.some((args) => args[0] === profileCalls.saveMeineDaten)).toBe(true));
    const sent = call.mock.calls.find((args) => args[0] === profileCalls.saveMeineDaten)?.[1] as {
      data: { ruhezeiten: unknown };
    };
    expect(sent.data.ruhezeiten).toEqual({ von: '20:00', bis: '07:00' });
  });
});
