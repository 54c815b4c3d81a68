import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { hasRight, messages, type AdminUser } from '@hortus/contract';
import { userAdminMessages, userAdminRights } from '@hortus/contract/modules/user-admin';
import { ApiError } from '../../../platform/api/errors';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { Notice } from '../../../platform/feedback/notice';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { downloadDatenauskunft } from '../api/datenauskunft';
import { useDeleteUser } from '../api/delete-user';
import { useGroups } from '../api/get-groups';
import { useUsers } from '../api/get-users';
import { PasswordDialog, type PasswordNotice } from '../components/password-dialog';
import { UserDialog } from '../components/user-dialog';
import { filterUsers, newUser, sortUsers } from '../logic/user-rules';
import { GroupFilter } from '../../../platform/filters/group-filter';
import { SearchField } from '../../../platform/filters/search-field';
import { useSaveAction } from '../../../platform/saving/use-save-action';

/** Text of the delete confirmation. */
export const DELETE_USER_TEXT = 'Der Benutzer und alle zugehörigen Daten werden unwiderruflich gelöscht.';

/** Tab '' Benutzer: search, group filter, the user table, the user dialog and deletion. */
export function UsersPage() {
  const settings = useSettings();
  const users = useUsers();
  const groups = useGroups();
  const deleteUser = useDeleteUser();
  const saveAction = useSaveAction();
  const [search, setSearch] = useState('');
  const [chosenGroups, setChosenGroups] = useState<ReadonlySet<number> | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [passwordNotice, setPasswordNotice] = useState<PasswordNotice | null>(null);

  const sessionRights = settings.data?.user.rechte ?? [];
  // The failure's text: the server's refusal (data the caller may not see), else the generic one.
  const [auskunftFailed, setAuskunftFailed] = useState<string | null>(null);
  const ownId = settings.data?.user.id;
  const settingsGroups = useMemo(() => settings.data?.nutzergruppen ?? [], [settings.data]);
  const adminGroups = groups.data ?? [];
  const canAdd = hasRight(sessionRights, userAdminRights.add);
  const canDelete = hasRight(sessionRights, userAdminRights.delete);
  const canEdit = hasRight(sessionRights, userAdminRights.edit);
  const canDisclose = hasRight(sessionRights, userAdminRights.datenschutz);

  const rows = useMemo(
    () => sortUsers(filterUsers(users.data ?? [], search, chosenGroups)),
    [users.data, search, chosenGroups],
  );

  if (users.isPending) return <PageLoading />;

  const confirmDelete = async () => {
    const user = deleting;
    setDeleting(null);
    if (!user) return;
    await saveAction(() => deleteUser.mutateAsync(user.id), { failure: userAdminMessages.saveFailed });
  };

  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'nn', label: 'Nutzername', render: (user) => user.nn },
    { key: 'ident', label: 'Name', render: (user) => user.ident },
    {
      key: 'actions',
      label: '',
      align: 'right',
      width: 168,
      render: (user) => (
        <Box sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
          <Tooltip title={canEdit ? 'Bearbeiten' : 'Ansehen'}>
            <IconButton aria-label={canEdit ? 'Bearbeiten' : 'Ansehen'} onClick={() => setEditing(user)}>
              {canEdit ? <EditIcon /> : <VisibilityIcon />}
            </IconButton>
          </Tooltip>
          {canDisclose && (
            <Tooltip title="Datenauskunft (DSGVO)">
              <IconButton
                aria-label="Datenauskunft"
                onClick={() =>
                  void downloadDatenauskunft(user.id).then(
                    () => setAuskunftFailed(null),
                    (error: unknown) =>
                      setAuskunftFailed(
                        error instanceof ApiError && error.status === 'noRight'
                          ? error.message
                          : messages.downloadCreateFailed,
                      ),
                  )
                }
              >
                <DownloadIcon />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Löschen">
              <span>
                <IconButton aria-label="Löschen" disabled={user.id === ownId} onClick={() => setDeleting(user)}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <PageContainer>
      {users.isError && <Notice severity="error">{userAdminMessages.loadFailed}</Notice>}
      {auskunftFailed && <Notice severity="error">{auskunftFailed}</Notice>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2, alignItems: { sm: 'center' } }}>
        <SearchField value={search} onChange={setSearch} />
        <GroupFilter groups={settingsGroups} value={chosenGroups} onChange={setChosenGroups} />
        {canAdd && (users.data?.length ?? 0) > 0 && (
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            disabled={groups.isPending}
            onClick={() => setEditing(newUser(adminGroups))}
          >
            Benutzer
          </Button>
        )}
      </Stack>
      <DataTable
        aria-label="Benutzer"
        rows={rows}
        columns={columns}
        rowKey={(user) => user.id}
        emptyText={userAdminMessages.empty}
        defaultRowsPerPage={20}
        // Cards on a phone: three columns and three icons did not fit 390 px, the delete icon was cut off (issue 47).
        mobileBreakpoint={600}
        onRowClick={(user) => setEditing(user)}
      />
      {editing && (
        <UserDialog
          key={editing.id}
          user={editing}
          adminGroups={adminGroups}
          settingsGroups={settingsGroups}
          parameters={settings.data?.nutzerparameter ?? []}
          sessionRights={sessionRights}
          onClose={() => setEditing(null)}
          onCreated={(message, password) => setPasswordNotice({ message, password })}
          onPasswordReset={(message, password) => setPasswordNotice({ message, password })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={messages.confirmTitle}
        text={DELETE_USER_TEXT}
        confirmLabel="Löschen"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <PasswordDialog notice={passwordNotice} onClose={() => setPasswordNotice(null)} />
    </PageContainer>
  );
}
