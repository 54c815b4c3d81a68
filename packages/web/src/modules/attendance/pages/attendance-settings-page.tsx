import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  attendanceMessages,
  conditionKeys,
  qrScannedStatusOptions,
  statusInfo,
  type AttendanceData,
  type AttendanceSettings,
  type AttendeeStatus,
} from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useAttendance, useSaveAttendance } from '../api/attendance';
import { conditionLabels } from '../components/slot-edit-dialog';

const allStatuses: readonly AttendeeStatus[] = [0, 1, 2, 3];

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
  return <SettingsForm key={query.dataUpdatedAt} data={query.data} />;
}

function SettingsForm({ data }: { data: AttendanceData }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveAttendance();
  const [value, setValue] = useState<AttendanceSettings>(data.settings);
  const parameter = data.nutzerparameter.find((p) => p.id === value.id_nutzerparameter_beurlaubt);
  const conditions = value.standardbedingungen.f150;

  const submit = () =>
    saveAction(() => save({ type: 'settings', data: value }), {
      success: attendanceMessages.settingsSaved,
      failure: attendanceMessages.saveFailed,
    });

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 800, mx: 'auto', p: 3 }}>
        <SubmitForm onSubmit={submit}>
          <Typography variant="h6" component="h1" gutterBottom>
            Einstellungen
          </Typography>
          <Stack spacing={2}>
            <TextField
              select
              label="Nutzerparameter für Beurlaubung"
              value={value.id_nutzerparameter_beurlaubt}
              onChange={(event) =>
                setValue({
                  ...value,
                  id_nutzerparameter_beurlaubt: Number(event.target.value),
                  id_nutzerparameter_beurlaubt_selectoptionTrue: 0,
                })
              }
              helperText={data.nutzerparameter.length === 0 ? attendanceMessages.noParameters : ' '}
            >
              <MenuItem value={0}>Keiner</MenuItem>
              {data.nutzerparameter.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            {parameter && (
              <TextField
                select
                label="Option für „beurlaubt“"
                value={value.id_nutzerparameter_beurlaubt_selectoptionTrue || ''}
                onChange={(event) =>
                  setValue({ ...value, id_nutzerparameter_beurlaubt_selectoptionTrue: Number(event.target.value) })
                }
              >
                {parameter.selectoptions.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.wert}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label="Standardstatus neuer Anwesenheiten"
              value={value.standard_status}
              onChange={(event) =>
                setValue({ ...value, standard_status: Number(event.target.value) as AttendeeStatus })
              }
            >
              {allStatuses.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusInfo[status].label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Status der Übrigen beim ersten QR-Scan"
              value={value.standard_status_qrscanned}
              onChange={(event) =>
                setValue({ ...value, standard_status_qrscanned: Number(event.target.value) as AttendeeStatus })
              }
              helperText="Personen ohne Status erhalten diesen Status, sobald sich die erste Person per QR-Code anmeldet."
            >
              {qrScannedStatusOptions.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusInfo[status].label}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle1" component="h2">
              Standardbedingungen neuer Slots
            </Typography>
            {conditionKeys.map((key) => (
              <ConditionEditor
                key={key}
                label={conditionLabels[key]}
                value={conditions[key]}
                groups={groups}
                onChange={(condition) =>
                  setValue({ ...value, standardbedingungen: { f150: { ...conditions, [key]: condition } } })
                }
              />
            ))}
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={parameter !== undefined && value.id_nutzerparameter_beurlaubt_selectoptionTrue === 0}
            >
              Speichern
            </Button>
          </Box>
        </SubmitForm>
      </Paper>
    </PageContainer>
  );
}
