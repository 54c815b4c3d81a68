import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { cloudMessages, cloudSettings, type CloudConditions, type CloudSettings } from '@hortus/contract/modules/cloud';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
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
  return <CloudSettingsForm saved={query.data.settings} />;
}

function CloudSettingsForm({ saved }: { saved: CloudSettings }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const { mutateAsync: save } = useSaveCloud();
  const settings = useSettingsForm({
    schema: cloudSettings,
    saved,
    save: (data) => save({ type: 'settings', data }),
    texts: { success: cloudMessages.settingsSaved, failure: cloudMessages.saveFailed },
  });
  const { field } = useController({ control: settings.form.control, name: 'standardbedingungen.f130' });
  const conditions = field.value;
  const implied = impliedConditions(conditions);

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {cloudMessages.settingsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Standardbedingungen für neue Slots
        </Typography>
        <SettingsForm settings={settings}>
          {(Object.keys(labels) as (keyof CloudConditions)[]).map((name) => (
            <ConditionEditor
              key={name}
              label={labels[name]}
              value={conditions[name]}
              groups={groups}
              onChange={(value) => field.onChange({ ...conditions, [name]: value })}
              implied={name === 'bearbeiten' ? undefined : implied[name]}
            />
          ))}
        </SettingsForm>
      </Paper>
    </PageContainer>
  );
}
