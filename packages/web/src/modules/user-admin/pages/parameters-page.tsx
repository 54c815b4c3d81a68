import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { messages } from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { useDeleteParameter } from '../api/delete-parameter';
import { useSaveParameter } from '../api/save-parameter';
import { ParameterPanel } from '../components/parameter-panel';
import { saveFailureMessage } from '../components/save-errors';
import { draftOf, newParameterDraft, toSavedParameter, type ParameterDraft } from '../logic/parameter-rules';

export const DELETE_PARAMETER_TEXT =
  'Der Parameter und alle zugehörigen Daten (die Werte aller Nutzer) werden gelöscht.';

interface NewEntry {
  key: string;
  draft: ParameterDraft;
}

interface PendingDelete {
  key: string;
  id: number;
}

/** Tab 010 Parameter: the user parameters (from the settings) as an accordion with add, delete and save. */
export function ParametersPage() {
  const settings = useSettings();
  const saveParameter = useSaveParameter();
  const deleteParameter = useDeleteParameter();
  const saving = useSaving();
  const alert = useAlert();
  const [newEntries, setNewEntries] = useState<NewEntry[]>([]);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [nextKey, setNextKey] = useState(1);

  if (!settings.data) return <PageLoading />;
  const parameters = [...settings.data.nutzerparameter].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const groups = settings.data.nutzergruppen;

  const add = () => {
    const key = `neu-${nextKey}`;
    setNextKey(nextKey + 1);
    setNewEntries([...newEntries, { key, draft: newParameterDraft(parameters.length + newEntries.length) }]);
    setExpanded(key);
  };

  const save = async (key: string, draft: ParameterDraft): Promise<ParameterDraft | null> => {
    try {
      const stored = await saving.run(saveParameter.mutateAsync(toSavedParameter(draft)));
      alert.success(messages.settingsSaved);
      if (draft.id === 0) {
        setNewEntries((entries) => entries.filter((entry) => entry.key !== key));
        setExpanded(`p${stored.id}`);
      }
      return draftOf(stored);
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
      await saving.run(deleteParameter.mutateAsync(target.id));
    } catch (error) {
      alert.error(saveFailureMessage(error));
    }
  };

  const entries = [
    ...parameters.map((parameter) => ({ key: `p${parameter.id}`, draft: draftOf(parameter) })),
    ...newEntries,
  ];

  return (
    <PageContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Nutzerparameter
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={add}>
          Parameter
        </Button>
      </Box>
      {entries.length === 0 && <Typography color="text.secondary">Keine Parameter vorhanden</Typography>}
      {entries.map((entry) => (
        <ParameterPanel
          key={entry.key}
          initial={entry.draft}
          groups={groups}
          expanded={expanded === entry.key}
          onExpand={(open) => setExpanded(open ? entry.key : null)}
          disabled={saving.isSaving}
          onSave={(draft) => save(entry.key, draft)}
          onDelete={() => setPendingDelete({ key: entry.key, id: entry.draft.id })}
        />
      ))}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={messages.confirmTitle}
        text={DELETE_PARAMETER_TEXT}
        confirmLabel="Löschen"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </PageContainer>
  );
}
