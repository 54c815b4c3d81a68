import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { quietHoursMessages } from '@hortus/contract';
import { profileMessages, type GetMeineDatenReply } from '@hortus/contract/modules/profile';
import { FormCheckbox, FormSelectField } from '../../../platform/forms/form-fields';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useFormSave } from '../../../platform/forms/use-form-save';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaving } from '../../../platform/saving/saving-context';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { FormParameterField } from '../../../platform/user-parameters/form-parameter-field';
import { parameterFieldOf, parameterKey } from '../../../platform/user-parameters/parameter-schema';
import { useMeineDaten } from '../api/get-meine-daten';
import { useSaveMeineDaten } from '../api/save-meine-daten';
import { initialOwnData, languageOptions, ownDataSchema, ownValuesPayload, sortedParameters } from '../own-data-form';

const QuietHoursFields = lazyExport(() => import('../components/quiet-hours-fields'), 'QuietHoursFields');

const loadFailed = 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/**
 * /010 'Meine Daten': the own parameter values (f010), editable where the condition allows, and the preferred
 * language for messages (every user may choose it; the interface stays German) and the quiet hours for push
 * notifications about messages ('Ruhezeiten').
 */
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
  const { mutateAsync: save } = useSaveMeineDaten();
  const parameters = useMemo(() => sortedParameters(reply.nutzerparameter), [reply]);
  const schema = useMemo(() => ownDataSchema(parameters), [parameters]);
  const form = useSchemaForm(schema, initialOwnData(reply), { mode: 'onChange' });
  const formSave = useFormSave(form, { prefix: 'data.', fieldOf: parameterFieldOf('werte') });
  const { isDirty, isValid } = form.formState;
  const quiet = useWatch({ control: form.control, name: 'ruhezeitenAn' });

  const submit = form.handleSubmit(async (values) => {
    const texts = { success: profileMessages.dataSaved, failure: profileMessages.saveFailed };
    if (await formSave(() => save(ownValuesPayload(parameters, values)), texts)) form.reset(values);
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Stack spacing={2.5} sx={{ mt: 2 }}>
        {parameters.length === 0 && (
          <Typography color="text.secondary">Für Ihr Konto sind keine persönlichen Daten hinterlegt.</Typography>
        )}
        {parameters.map((parameter) => (
          <FormParameterField
            key={parameter.id}
            control={form.control}
            name={`werte.${parameterKey(parameter.id)}`}
            parameter={parameter}
            disabled={!parameter.bearbeiten}
          />
        ))}
        <FormSelectField
          control={form.control}
          name="bevorzugteSprache"
          label="Bevorzugte Sprache für Nachrichten"
          options={languageOptions}
          helperText="Nachrichten in anderen Sprachen werden automatisch übersetzt angezeigt."
          fullWidth
        />
        <Stack spacing={1}>
          <FormCheckbox control={form.control} name="ruhezeitenAn" label={quietHoursMessages.label} variant="switch" />
          <Typography variant="body2" color="text.secondary">
            {quietHoursMessages.helper}
          </Typography>
          {quiet && <QuietHoursFields control={form.control} />}
        </Stack>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" disabled={!isValid || !isDirty || saving.isSaving}>
          Speichern
        </Button>
      </Box>
    </SubmitForm>
  );
}
