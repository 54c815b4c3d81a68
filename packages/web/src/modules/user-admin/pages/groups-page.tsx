import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { messages, type AdminGroup } from '@hortus/contract';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { Notice } from '../../../platform/feedback/notice';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { useRights } from '../api/get-rights';
import { useSaveGroup } from '../api/save-group';
import { GroupPanel } from '../components/group-panel';
import { useAccordionEditor } from '../components/use-accordion-editor';
import { newGroup } from '../logic/group-rules';

export const DELETE_GROUP_TEXT =
  'Die Gruppe und alle zugehörigen Daten (Zuordnungen der Benutzer, Rechte der Gruppe) werden gelöscht.';

export const GROUPS_LOAD_FAILED = 'Gruppen konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/** Tab 020 Gruppen: the user groups as an accordion with add, delete and save. */
export function GroupsPage() {
  const settings = useSettings();
  const groups = useGroups();
  const rightsTree = useRights();
  const saveGroup = useSaveGroup();
  const deleteGroup = useDeleteGroup();
  const editor = useAccordionEditor<AdminGroup>({
    keyOf: (group) => `g${group.id}`,
    save: (group) => saveGroup.mutateAsync(group),
    remove: (id) => deleteGroup.mutateAsync(id),
    deleted: userAdminMessages.groupDeleted,
  });

  if (groups.isPending) return <PageLoading />;
  const parameters = [...(settings.data?.nutzerparameter ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const entries = editor.entries([...(groups.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'de')));

  return (
    <PageContainer>
      {groups.isError && <Notice severity="error">{GROUPS_LOAD_FAILED}</Notice>}
      <Box sx={{ display: 'flex', alignItems: 'center', my: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Gruppen
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.add(newGroup())}>
          Gruppe
        </Button>
      </Box>
      {entries.map((entry) => (
        <GroupPanel
          key={entry.key}
          {...editor.panelProps(entry)}
          parameters={parameters}
          rightsTree={rightsTree.data}
        />
      ))}
      <ConfirmDialog
        {...editor.confirmProps}
        title={messages.confirmTitle}
        text={DELETE_GROUP_TEXT}
        confirmLabel="Löschen"
      />
    </PageContainer>
  );
}
