import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { datenschutzMessages, type DatenschutzSettings } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { DatenschutzForm, JobRuns } from './datenschutz-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const saved: DatenschutzSettings = {
  protokollMonate: 24,
  anwesenheitMonate: 12,
  ausgetreteneMonate: 12,
  lohnJahre: 10,
};

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>
          <DatenschutzForm saved={saved} />
        </SavingProvider>
      </AlertProvider>
    </QueryClientProvider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const field = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;
const leavers = 'Ausgetretene Kinder anonymisieren nach (Monaten)';

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_spec: unknown, input: { data: DatenschutzSettings }) =>
    Promise.resolve({ status: 'success', settings: input.data }),
  );
});
afterEach(cleanup);

describe('/005-040 Datenschutz (settings form)', () => {
  it('shows the saved retention, offers Speichern once changed, and saves all four', async () => {
    renderForm();
    expect(field('Protokoll aufbewahren (Monate)').value).toBe('24');
    expect(field('Abgeschlossene Lohnabrechnungen aufbewahren (Jahre)').value).toBe('10');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field(leavers), { target: { value: '6' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[0]).toBe(userAdminCalls.saveDatenschutz);
    expect(call.mock.calls[0]?.[1]).toEqual({ data: { ...saved, ausgetreteneMonate: 6 } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('shows the German message under a bad value and sends nothing', async () => {
    renderForm();
    fireEvent.change(field(leavers), { target: { value: '0' } });
    expect(await screen.findByText(datenschutzMessages.ausgetreteneMonate)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();
  });

  it('shows each retention job’s last run, or that it never ran', () => {
    render(
      <JobRuns
        laeufe={[
          {
            name: 'protokoll-retention',
            label: 'Protokoll bereinigen',
            lauf: { zeit: '2026-11-27T02:00:00.000Z', ergebnis: '3 Einträge entfernt' },
          },
          { name: 'children-attendance-retention', label: 'Anwesenheiten bereinigen', lauf: null },
        ]}
      />,
    );
    expect(screen.getByTestId('lauf-protokoll-retention').textContent).toBe(
      'Protokoll bereinigen: 27.11.2026, 03:00 – 3 Einträge entfernt',
    );
    expect(screen.getByTestId('lauf-children-attendance-retention').textContent).toBe(
      'Anwesenheiten bereinigen: noch nicht gelaufen',
    );
  });
});
