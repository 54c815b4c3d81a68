import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { messages, type AdminGroup } from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { Notice } from '../../../platform/feedback/notice';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { useRights } from '../api/get-rights';
import { useSaveGroup } from '../api/save-group';
import { GroupPanel } from '../components/group-panel';
import { saveFailureMessage } from '../components/save-errors';
import { newGroup } from '../logic/group-rules';

export const DELETE_GROUP_TEXT =
  'Die Gruppe und alle zugehörigen Daten (Zuordnungen der Benutzer, Rechte der Gruppe) werden gelöscht.';

export const GROUPS_LOAD_FAILED = 'Gruppen konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

interface NewEntry {
  key: string;
  group: AdminGroup;
}

/** Tab 020 Gruppen: the user groups as an accordion with add, delete and save. */
export function GroupsPage() {
  const settings = useSettings();
  const groups = useGroups();
  const rightsTree = useRights();
  const saveGroup = useSaveGroup();
  const deleteGroup = useDeleteGroup();
  const saving = useSaving();
  const alert = useAlert();
  const [newEntries, setNewEntries] = useState<NewEntry[]>([]);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<{ key: string; id: number } | null>(null);
  const [nextKey, setNextKey] = useState(1);

  if (groups.isPending) return <PageLoading />;
  const parameters = [...(settings.data?.nutzerparameter ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);

  const add = () => {
    const key = `neu-${nextKey}`;
    setNextKey(nextKey + 1);
    setNewEntries([...newEntries, { key, group: newGroup() }]);
    setExpanded(key);
  };

  const save = async (key: string, group: AdminGroup): Promise<AdminGroup | null> => {
    try {
      const stored = await saving.run(saveGroup.mutateAsync(group));
      alert.success(messages.settingsSaved);
      if (group.id === 0) {
        setNewEntries((entries) => entries.filter((entry) => entry.key !== key));
        setExpanded(`g${stored.id}`);
      }
      return stored;
    } catch (error) {
      alert.error(saveFailureMessage(error));
      return null;
    }
  };

  const confirmDelete = async () => {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    if (target.id === 0) {
      setNewEntries((entries) => entries.filter((entry) => entry.key !== target.key));
      return;
    }
    try {
      await saving.run(deleteGroup.mutateAsync(target.id));
    } catch (error) {
      alert.error(saveFailureMessage(error));
    }
  };

  const entries = [
    ...[...(groups.data ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name, 'de'))
      .map((group) => ({ key: `g${group.id}`, group })),
    ...newEntries,
  ];

  return (
    <PageContainer>
      {groups.isError && <Notice severity="error">{GROUPS_LOAD_FAILED}</Notice>}
      <Box sx={{ display: 'flex', alignItems: 'center', my: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Gruppen
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={add}>
          Gruppe
        </Button>
      </Box>
      {entries.map((entry) => (
        <GroupPanel
          key={entry.key}
          initial={entry.group}
          parameters={parameters}
          rightsTree={rightsTree.data}
          expanded={expanded === entry.key}
          onExpand={(open) => setExpanded(open ? entry.key : null)}
          disabled={saving.isSaving}
          onSave={(group) => save(entry.key, group)}
          onDelete={() => setPendingDelete({ key: entry.key, id: entry.group.id })}
        />
      ))}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={messages.confirmTitle}
        text={DELETE_GROUP_TEXT}
        confirmLabel="Löschen"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </PageContainer>
  );
}
