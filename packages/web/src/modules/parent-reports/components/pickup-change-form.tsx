import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { releaseMessages, sameDayInput, type SameDayInput } from '@hortus/contract/modules/children';
import { parentReportsMessages, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { FormDateField, FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { FormRadioGroup } from '../../../platform/forms/form-radio-group';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { useSaveParentReports } from '../api/parent-reports';

const kinds = [
  { value: 'person', label: 'wird abgeholt von …' },
  { value: 'allein', label: 'geht allein um …' },
] as const;

/**
 * 'Abholung ändern' (issue 44): next to absence and release time, a same-day change — 'geht heute allein
 * um …' or 'wird heute abgeholt von …' — until the Hort's deadline (or for one of the next days). A form on
 * the contract's schema: a missing person or time, and the server's 'too late', show on their field.
 */
export function PickupChangeForm({ data }: { data: ParentReportsData }) {
  const { mutateAsync: save } = useSaveParentReports();
  const saved: SameDayInput = {
    id_kind: data.kinder[0]?.id ?? 0,
    tag: data.heute,
    art: 'person',
    zeit: '',
    person: '',
  };
  const settings = useSettingsForm({
    schema: sameDayInput,
    saved,
    save: (values) =>
      save({
        type: 'abholungHeute',
        data: {
          ...values,
          zeit: values.art === 'allein' ? values.zeit : '',
          person: values.art === 'person' ? values.person : '',
        },
      }),
    texts: { success: releaseMessages.saved, failure: parentReportsMessages.sendFailed },
  });
  const { control } = settings.form;
  const { draft } = settings;
  const child = data.kinder.find((kind) => kind.id === draft.id_kind);
  const listed = child?.abholung?.heute.personen ?? [];
  const deadline = data.settings.abholungHeute_spaetestensBis;
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="pickup-change">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          Abholung ändern
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Für heute bis {deadline} Uhr.
        </Typography>
        {child?.abholung && (
          <Typography data-testid="pickup-today">Was heute gilt: {child.abholung.heute.text}</Typography>
        )}
        <SettingsForm settings={settings} submitLabel="Abholung melden">
          {data.kinder.length > 1 && (
            <FormSelectField
              control={control}
              name="id_kind"
              label="Kind"
              size="small"
              options={data.kinder.map((kind) => ({ value: kind.id, label: kind.name }))}
            />
          )}
          <FormDateField control={control} name="tag" label="Tag" min={data.heute} />
          <FormRadioGroup control={control} name="art" options={kinds} />
          {draft.art === 'allein' ? (
            <FormTimeField control={control} name="zeit" label="Uhrzeit" />
          ) : (
            <FormTextField
              control={control}
              name="person"
              label="Name der Person"
              size="small"
              helperText={listed.length > 0 ? `Abholberechtigt: ${listed.join(', ')}` : undefined}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        </SettingsForm>
      </Stack>
    </Paper>
  );
}
