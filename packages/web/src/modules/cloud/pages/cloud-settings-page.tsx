import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cloudMessages, type CloudConditions, type CloudSettings } from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCloudData, useSaveCloud } from '../api/cloud-data';
import { impliedConditions } from '../logic/slot-form';

const labels: Record<keyof CloudConditions, string> = {
  sehen: 'Sehen',
  upload: 'Hochladen',
  bearbeiten: 'Bearbeiten (Slot-Admin)',
};

/** /130-set 'Einstellungen': the default conditions new slots start with. */
export function CloudSettingsPage() {
  const query = useCloudData();
  if (!query.data) return <PageLoading />;
  return <SettingsForm key={query.dataUpdatedAt} saved={query.data.settings} />;
}

function SettingsForm({ saved }: { saved: CloudSettings }) {
  const settings = useSettings();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveCloud();
  const [conditions, setConditions] = useState<CloudConditions>(saved.standardbedingungen.f130);
  const implied = impliedConditions(conditions);
  const groups = settings.data?.nutzergruppen ?? [];

  const submit = () =>
    saveAction(() => save({ type: 'settings', data: { standardbedingungen: { f130: conditions } } }), {
      success: cloudMessages.settingsSaved,
      failure: cloudMessages.saveFailed,
    });

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <SubmitForm onSubmit={submit}>
          <Typography variant="h5" component="h1" gutterBottom>
            {cloudMessages.settingsTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Standardbedingungen für neue Slots
          </Typography>
          <Stack spacing={2}>
            {(Object.keys(labels) as (keyof CloudConditions)[]).map((name) => (
              <ConditionEditor
                key={name}
                label={labels[name]}
                value={conditions[name]}
                groups={groups}
                onChange={(value) => setConditions({ ...conditions, [name]: value })}
                implied={name === 'bearbeiten' ? undefined : implied[name]}
              />
            ))}
          </Stack>
          <Button type="submit" variant="contained" sx={{ mt: 3 }}>
            Speichern
          </Button>
        </SubmitForm>
      </Paper>
    </PageContainer>
  );
}
