import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SettingsData } from '@hortus/contract';
import type { GetDashboardReply } from '@hortus/contract/modules/dashboard';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { settingsQueryKey } from '../../../platform/api/settings-key';
import { dashboardKey } from '../api/dashboard';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { MessageDialog } from './message-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

/** The parents' group (3) with two classes, and staff (4): the dashboard settings of an organisation with 200. */
function withClasses(queryClient: QueryClient) {
  queryClient.setQueryData(settingsQueryKey, {
    nutzergruppen: [
      { id: 3, name: 'Eltern' },
      { id: 4, name: 'Personal' },
    ],
  } as unknown as SettingsData);
  const save = {
    xtime: 0,
    settings: {
      useWidgets: ['w1'],
      bedingung_f000_sehen: {},
      w1_bedingung_meldungErstellen: { alle: true, gruppen: [] },
      w1_standardEmpfaenger: '3',
      allWidgets: [],
      w1_200_Elterngruppe: 3,
      w1_200_Klassen: [
        { id: 11, name: 'Klasse 1a' },
        { id: 12, name: 'Klasse 2b' },
      ],
    },
    widgets: [],
  } satisfies GetDashboardReply['save'];
  queryClient.setQueryData(dashboardKey, save);
}

function renderDialog(prepare: (queryClient: QueryClient) => void = () => {}, standardEmpfaenger: number[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  prepare(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  const onClose = vi.fn();
  render(
    <MessageDialog meldung={null} standardEmpfaenger={standardEmpfaenger} emailParameter={[]} onClose={onClose} />,
    {
      wrapper,
    },
  );
  return { onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const descriptionOf = (label: string) =>
  screen.getByRole('textbox', { name: label }).getAttribute('aria-describedby') ?? '';
const helperTextOf = (label: string) => document.getElementById(descriptionOf(label))?.textContent ?? '';

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success' });
});
afterEach(cleanup);

describe('MessageDialog (new message)', () => {
  it('Speichern is disabled while title and text are empty, both fields say why from the start (issue 47)', async () => {
    renderDialog();
    await waitFor(() => expect(helperTextOf('Betreff')).toBe('Bitte angeben.'));
    expect(helperTextOf('Text')).toBe('Bitte angeben.');
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    save();
    expect(call).not.toHaveBeenCalled();

    // Filling both clears the messages and offers Speichern again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Betreff' }), { target: { value: 'Ausflug' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Zoo am Freitag' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    expect(helperTextOf('Betreff')).toBe('');
    expect(helperTextOf('Text')).toBe('');
  });
});

describe('MessageDialog: parents filtered by class (core.md, issue 47)', () => {
  it('offers the classes under the parents group; ticking one sends klassen instead of the whole group', async () => {
    renderDialog(withClasses, [3]);
    const filter = await screen.findByRole('group', { name: 'Eltern nach Klasse' });
    expect(filter.textContent).toContain('Klasse 1a');
    expect(filter.textContent).toContain('Klasse 2b');
    expect(screen.getByRole('checkbox', { name: 'Eltern' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Klasse 2b' }));
    // Only the parents of 2b now: the whole parents group is no longer ticked.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Eltern' })).toHaveProperty('checked', false));
    expect(filter.textContent).toContain('Nur die Eltern der gewählten Klassen erhalten die Meldung');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Personal' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Betreff' }), { target: { value: 'Elternabend' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Am Dienstag' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false));
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const [, input] = call.mock.calls[0] as [unknown, { dataToSave: { data: { bedingung_f000w1_sehen: unknown } } }];
    expect(input.dataToSave.data.bedingung_f000w1_sehen).toEqual({
      alle: false,
      gruppen: [4],
      nutzer: [],
      klassen: [12],
    });
  });

  it('ticking the whole parents group again drops the class filter', async () => {
    renderDialog(withClasses, []);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Klasse 1a' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Klasse 1a' })).toHaveProperty('checked', true));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Eltern' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Klasse 1a' })).toHaveProperty('checked', false));
  });

  it('shows no class filter without a parents group (or without classes)', async () => {
    renderDialog(() => {}, []);
    await screen.findByRole('textbox', { name: 'Betreff' });
    expect(screen.queryByRole('group', { name: 'Eltern nach Klasse' })).toBeNull();
  });
});
