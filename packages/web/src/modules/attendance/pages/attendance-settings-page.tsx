import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useController, useWatch } from 'react-hook-form';
import {
  attendanceMessages,
  attendanceSettings,
  conditionKeys,
  qrScannedStatusOptions,
  statusInfo,
  type AttendanceData,
  type AttendeeStatus,
} from '@hortus/contract/modules/attendance';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { FormSelectField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useAttendance, useSaveAttendance } from '../api/attendance';
import { conditionLabels } from '../components/slot-edit-dialog';

const allStatuses: readonly AttendeeStatus[] = [0, 1, 2, 3];
const chooseOption = 'Bitte die Option wählen, die „beurlaubt“ bedeutet.';

/** /150-set: leave parameter and its option, start statuses, default conditions of new slots. */
export function AttendanceSettingsPage() {
  useDismissibleOfflineBanner();
  const query = useAttendance();
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{attendanceMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return <AttendanceSettingsForm data={query.data} />;
}

function AttendanceSettingsForm({ data }: { data: AttendanceData }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const { mutateAsync: save } = useSaveAttendance();
  const settings = useSettingsForm({
    schema: attendanceSettings,
    saved: data.settings,
    save: (value) => save({ type: 'settings', data: value }),
    texts: { success: attendanceMessages.settingsSaved, failure: attendanceMessages.saveFailed },
  });
  const { control, setValue } = settings.form;
  const parameterId = useWatch({ control, name: 'id_nutzerparameter_beurlaubt' });
  const optionId = useWatch({ control, name: 'id_nutzerparameter_beurlaubt_selectoptionTrue' });
  const parameter = data.nutzerparameter.find((p) => p.id === parameterId);
  const missingOption = parameter !== undefined && optionId === 0;
  const { field: conditionsField } = useController({ control, name: 'standardbedingungen.f150' });
  const conditions = conditionsField.value;

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 800, mx: 'auto', p: 3 }}>
        <Typography variant="h6" component="h1" gutterBottom>
          Einstellungen
        </Typography>
        <SettingsForm settings={settings} disabled={missingOption}>
          <FormSelectField
            control={control}
            name="id_nutzerparameter_beurlaubt"
            label="Nutzerparameter für Beurlaubung"
            options={[
              { value: 0, label: 'Keiner' },
              ...data.nutzerparameter.map((p) => ({ value: p.id, label: p.name })),
            ]}
            toField={(value) => {
              setValue('id_nutzerparameter_beurlaubt_selectoptionTrue', 0, { shouldDirty: true });
              return value;
            }}
            helperText={data.nutzerparameter.length === 0 ? attendanceMessages.noParameters : ' '}
          />
          {parameter && (
            <FormSelectField
              control={control}
              name="id_nutzerparameter_beurlaubt_selectoptionTrue"
              label="Option für „beurlaubt“"
              options={parameter.selectoptions.map((option) => ({ value: option.id, label: option.wert }))}
              fromField={(value) => (value === 0 ? '' : (value as number))}
              helperText={missingOption ? chooseOption : undefined}
            />
          )}
          <FormSelectField
            control={control}
            name="standard_status"
            label="Standardstatus neuer Anwesenheiten"
            options={allStatuses.map((status) => ({ value: status, label: statusInfo[status].label }))}
          />
          <FormSelectField
            control={control}
            name="standard_status_qrscanned"
            label="Status der Übrigen beim ersten QR-Scan"
            options={qrScannedStatusOptions.map((status) => ({ value: status, label: statusInfo[status].label }))}
            helperText="Personen ohne Status erhalten diesen Status, sobald sich die erste Person per QR-Code anmeldet."
          />
          <Typography variant="subtitle1" component="h2">
            Standardbedingungen neuer Slots
          </Typography>
          {conditionKeys.map((key) => (
            <ConditionEditor
              key={key}
              label={conditionLabels[key]}
              value={conditions[key]}
              groups={groups}
              onChange={(condition) => conditionsField.onChange({ ...conditions, [key]: condition })}
            />
          ))}
        </SettingsForm>
      </Paper>
    </PageContainer>
  );
}
