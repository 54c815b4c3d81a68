import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { messages } from '@hortus/contract';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDeleteParameter } from '../api/delete-parameter';
import { useSaveParameter } from '../api/save-parameter';
import { ParameterPanel } from '../components/parameter-panel';
import { useAccordionEditor } from '../components/use-accordion-editor';
import { draftOf, newParameterDraft, toSavedParameter, type ParameterDraft } from '../logic/parameter-rules';

export const DELETE_PARAMETER_TEXT =
  'Der Parameter und alle zugehörigen Daten (die Werte aller Nutzer) werden gelöscht.';

/** Tab 010 Parameter: the user parameters (from the settings) as an accordion with add, delete and save. */
export function ParametersPage() {
  const settings = useSettings();
  const saveParameter = useSaveParameter();
  const deleteParameter = useDeleteParameter();
  const editor = useAccordionEditor<ParameterDraft>({
    keyOf: (draft) => `p${draft.id}`,
    save: async (draft) => draftOf(await saveParameter.mutateAsync(toSavedParameter(draft))),
    remove: (id) => deleteParameter.mutateAsync(id),
    deleted: userAdminMessages.parameterDeleted,
  });

  if (!settings.data) return <PageLoading />;
  const parameters = [...settings.data.nutzerparameter].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const groups = settings.data.nutzergruppen;
  const entries = editor.entries(parameters.map(draftOf));

  return (
    <PageContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Nutzerparameter
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => editor.add(newParameterDraft(parameters.length + editor.newCount))}
        >
          Parameter
        </Button>
      </Box>
      {entries.length === 0 && <Typography color="text.secondary">Keine Parameter vorhanden</Typography>}
      {entries.map((entry) => (
        <ParameterPanel key={entry.key} {...editor.panelProps(entry)} groups={groups} />
      ))}
      <ConfirmDialog
        {...editor.confirmProps}
        title={messages.confirmTitle}
        text={DELETE_PARAMETER_TEXT}
        confirmLabel="Löschen"
      />
    </PageContainer>
  );
}
