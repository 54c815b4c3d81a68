import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminGroup, AdminUser, RightNode, UserParameter } from '@hortus/contract';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { userAdminKeys } from '../api/keys';
import { newUser } from '../logic/user-rules';
import { UserDialog } from './user-dialog';

const resetMock = vi.hoisted(() => vi.fn<(id: number) => Promise<string>>());
vi.mock('../api/reset-password', () => ({ resetPassword: resetMock }));
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const tree: RightNode = {
  right: 'x',
  label: 'Alle Rechte',
  icon: 'Security',
  locked: true,
  children: [
    { right: 'x|999', label: 'App-Info', icon: 'Info' },
    { right: 'x|120', label: 'Nachrichten', icon: 'Chat' },
  ],
};

const groups: AdminGroup[] = [
  {
    id: 1,
    name: 'Personal',
    icon: 'Group',
    beschreibung: '',
    nutzerparameter: [],
    rechte: ['x|999'],
    standard: true,
    forcePwReset: false,
    zweiFaktorPflicht: false,
  },
  {
    id: 2,
    name: 'Eltern',
    icon: 'Group',
    beschreibung: '',
    nutzerparameter: [],
    rechte: [],
    standard: false,
    forcePwReset: false,
    zweiFaktorPflicht: false,
  },
];

const everyone = { sehen: { alle: true, gruppen: [] }, bearbeiten: { alle: true, gruppen: [] } };
const birthday: UserParameter = {
  id: 5,
  name: 'Geburtstag',
  icon: 'Cake',
  typ: 7,
  sort: 1,
  ident: false,
  selectoptions: [],
  f100: { seeOnTable: false },
  bedingungen: { f010: everyone, f100: everyone, f200: everyone },
};

function renderDialog(
  user: AdminUser,
  sessionRights: string[],
  onPasswordReset = vi.fn(),
  onClose = vi.fn(),
  parameters: UserParameter[] = [],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userAdminKeys.rights, tree);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  return render(
    <UserDialog
      user={user}
      adminGroups={groups}
      settingsGroups={groups}
      parameters={parameters}
      sessionRights={sessionRights}
      onClose={onClose}
      onCreated={vi.fn()}
      onPasswordReset={onPasswordReset}
    />,
    { wrapper },
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;

describe('UserDialog', () => {
  afterEach(cleanup);

  it('starts a new user with the standard group and refuses to save without a valid user name', async () => {
    renderDialog(newUser(groups), ['x|005|000', 'x|005|000|010']);
    expect(screen.getByRole('dialog', { name: 'Neuer Benutzer' })).toBeTruthy();
    expect(checkbox('Personal').checked).toBe(true);
    expect(checkbox('Eltern').checked).toBe(false);
    // Rights of the chosen group: checked, disabled, with a hint. Others stay editable for a new user.
    expect(checkbox('App-Info').checked).toBe(true);
    expect(checkbox('App-Info').disabled).toBe(true);
    expect(screen.getByText('(über Gruppe)')).toBeTruthy();
    expect(checkbox('Nachrichten').disabled).toBe(false);

    // core.md: Speichern is disabled while the user name is empty; the reason is on the field from the start.
    const name = screen.getByRole('textbox', { name: /Benutzername/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Bitte angeben.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'anna b' } });
    // The contract's user-name rule, with its German message on the field.
    expect(await screen.findByText('Enthält unerlaubte Zeichen')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'anna' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(checkbox('Personal'));
    expect(await screen.findByText('Bitte mindestens eine Gruppe wählen.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(checkbox('App-Info').checked).toBe(false);
  });

  it("an incomplete date keeps Speichern disabled with the specification's text and saves nothing (issue 47)", async () => {
    const user: AdminUser = {
      ...newUser(groups),
      id: 7,
      nn: 'anna',
      ident: 'Anna',
      nutzerparameter: [birthday.id],
      nutzerparameterwerte: { [birthday.id]: '2015-03-14' },
    };
    renderDialog(user, ['x|005|000', 'x|005|000|020'], vi.fn(), vi.fn(), [birthday]);
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    const [day] = screen.getAllByRole('spinbutton') as [HTMLElement];
    fireEvent.focus(day);
    fireEvent.keyDown(day, { key: 'Delete' });
    fireEvent.keyUp(day, { key: 'Delete' });
    expect(await screen.findByText('Bitte im folgenden Format angeben: TT.MM.YYYY')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();
  });

  it('is read-only without the edit right: no Speichern, only Schließen', () => {
    const user: AdminUser = { ...newUser(groups), id: 7, nn: 'anna', ident: 'Anna', rechteSolo: ['x|120'] };
    renderDialog(user, ['x|005|000']);
    expect(screen.getByRole('dialog', { name: /Benutzer ansehen/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Benutzername/ }) as HTMLInputElement).disabled).toBe(true);
    expect(checkbox('Eltern').disabled).toBe(true);
    expect(checkbox('Nachrichten').checked).toBe(true);
    expect(checkbox('Nachrichten').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Passwort zurücksetzen' })).toBeNull();
  });

  it('offers the password reset with the edit right', async () => {
    const user: AdminUser = { ...newUser(groups), id: 7, nn: 'anna', ident: 'Anna' };
    renderDialog(user, ['x|005|000', 'x|005|000|020']);
    expect(screen.getByRole('button', { name: 'Passwort zurücksetzen' })).toBeTruthy();
    expect(checkbox('Nachrichten').disabled).toBe(false);
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('asks before resetting a password and hands the new one over', async () => {
    const user: AdminUser = { ...newUser(groups), id: 7, nn: 'anna', ident: 'Anna' };
    const onPasswordReset = vi.fn();
    resetMock.mockResolvedValue('Abc23456defg');
    renderDialog(user, ['x|005|000', 'x|005|000|020'], onPasswordReset);
    fireEvent.click(screen.getByRole('button', { name: 'Passwort zurücksetzen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sicher?' });
    expect(confirm.textContent).toContain('Soll das Passwort von anna zurückgesetzt werden?');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sicher?' })).toBeNull());
    expect(resetMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Passwort zurücksetzen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() =>
      expect(onPasswordReset).toHaveBeenCalledWith(expect.stringContaining('Abc23456defg'), 'Abc23456defg'),
    );
    expect(resetMock).toHaveBeenCalledWith(7);
  });

  it('a typed user name is not lost on Escape: the dialog asks first', async () => {
    const onClose = vi.fn();
    renderDialog(newUser(groups), ['x|005|000', 'x|005|000|010'], vi.fn(), onClose);
    const name = screen.getByRole('textbox', { name: /Benutzername/ });
    fireEvent.change(name, { target: { value: 'mama.meier' } });
    // The form checks the typed name asynchronously (as between two key presses in a browser).
    await act(() => Promise.resolve());
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByText('Änderungen verwerfen?')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Benutzername/ }) as HTMLInputElement).value).toBe('mama.meier');
  });

  it("puts the server's refusal of the user name on the field", async () => {
    const taken = 'Der Benutzername ist bereits vergeben.';
    call.mockRejectedValueOnce(new ApiError('validationError', taken, 400, { 'data.nn': [taken] }));
    const onClose = vi.fn();
    renderDialog(newUser(groups), ['x|005|000', 'x|005|000|010'], vi.fn(), onClose);
    const name = screen.getByRole('textbox', { name: /Benutzername/ });
    fireEvent.change(name, { target: { value: 'anna' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText(taken, {}, { timeout: 10_000 })).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
