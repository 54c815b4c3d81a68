import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { profileMessages, type GetMeineDatenReply, type ParameterValue } from '@hortus/contract';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { ParameterField } from '../../../platform/user-parameters/parameter-field';
import { useMeineDaten } from '../api/get-meine-daten';
import { useSaveMeineDaten } from '../api/save-meine-daten';
import {
  initialOwnValues,
  ownValueErrors,
  ownValuesChanged,
  ownValuesPayload,
  sortedParameters,
  type OwnValues,
} from '../own-data-form';

const loadFailed = 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/** /010 'Meine Daten': the own parameter values (f010), editable where the condition allows. */
export function MeineDatenPage() {
  const { data, dataUpdatedAt, isError } = useMeineDaten();
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Meine Daten
        </Typography>
        {data ? (
          <OwnDataForm key={dataUpdatedAt} reply={data} />
        ) : isError ? (
          <Typography color="error">{loadFailed}</Typography>
        ) : (
          <PageLoading />
        )}
      </Paper>
    </PageContainer>
  );
}

function OwnDataForm({ reply }: { reply: GetMeineDatenReply }) {
  const saving = useSaving();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveMeineDaten();
  const parameters = useMemo(() => sortedParameters(reply.nutzerparameter), [reply]);
  const initial = useMemo(() => initialOwnValues(reply), [reply]);
  const [values, setValues] = useState<OwnValues>(initial);

  const errors = ownValueErrors(parameters, values);
  const valid = Object.keys(errors).length === 0;
  const changed = ownValuesChanged(parameters, initial, values);
  const editable = parameters.some((parameter) => parameter.bearbeiten);

  const submit = async () => {
    if (!valid || !changed) return;
    await saveAction(() => save(ownValuesPayload(parameters, values)), {
      success: profileMessages.dataSaved,
      failure: profileMessages.saveFailed,
    });
  };

  if (parameters.length === 0) {
    return <Typography color="text.secondary">Für Ihr Konto sind keine persönlichen Daten hinterlegt.</Typography>;
  }

  return (
    <SubmitForm onSubmit={submit}>
      <Stack spacing={2.5} sx={{ mt: 2 }}>
        {parameters.map((parameter) => (
          <ParameterField
            key={parameter.id}
            parameter={parameter}
            value={values[parameter.id] ?? { wert: '', ids: [] }}
            onChange={(value: ParameterValue) => setValues((current) => ({ ...current, [parameter.id]: value }))}
            disabled={!parameter.bearbeiten}
            error={errors[parameter.id] ?? null}
          />
        ))}
      </Stack>
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!valid || !changed || saving.isSaving}>
            Speichern
          </Button>
        </Box>
      )}
    </SubmitForm>
  );
}
