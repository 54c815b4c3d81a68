import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { germanWeekdayNames } from '@hortus/contract';
import { RECURRING_COMMENT_MAX, type ChildrenData } from '@hortus/contract/modules/children';
import { FormDateField, FormTimeField } from '../../../../platform/forms/form-date-fields';
import { FormFieldArray } from '../../../../platform/forms/form-field-array';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../../platform/forms/form-fields';
import type { ChildForm } from './child-form-type';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** 'Kind': names, class, gender, birthday, care times and the recurring exceptions per weekday. */
export function ChildTab({ form, data }: { form: ChildForm; data: ChildrenData }) {
  const { control } = form;
  const classId = useWatch({ control, name: 'kind.id_klasse' });
  const rules = useWatch({ control, name: 'kind.regelausnahmen' }) ?? [];
  const takenDays = rules.map((rule) => rule.wochentag);
  const freeWeekday = WEEKDAYS.find((day) => !takenDays.includes(day));
  const classes = data.klassen
    .filter((k) => k.bearbeiten || k.id === classId)
    .map((k) => ({ value: k.id, label: k.name }));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="kind.vorname" label="Vorname" required fullWidth />
        <FormTextField control={control} name="kind.nachname" label="Nachname" required fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          name="kind.id_klasse"
          label="Klasse"
          required
          fullWidth
          options={classes}
          // A new child has no class until one is chosen (0 = none: 'Bitte eine Klasse wählen.').
          fromField={(value) => (value === 0 ? '' : (value as number))}
        />
        <FormSelectField
          control={control}
          name="kind.junge"
          label="Geschlecht"
          fullWidth
          options={[
            { value: 'j', label: 'Junge' },
            { value: 'm', label: 'Mädchen' },
          ]}
          toField={(value) => value === 'j'}
          fromField={(value) => (value === false ? 'm' : 'j')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateField control={control} name="kind.date_geburtstag" label="Geburtstag" fullWidth />
        <FormTimeField control={control} name="kind.betreuungsplatz" label="Betreuungsplatz ab" fullWidth />
        <FormTimeField control={control} name="kind.standardentlasszeit" label="Standardentlasszeit" fullWidth />
      </Stack>
      <FormFieldArray
        control={control}
        name="kind.regelausnahmen"
        title="Regelausnahmen"
        addLabel="Regelausnahme"
        removeLabel="Regelausnahme entfernen"
        maxItems={7}
        newItem={() =>
          freeWeekday === undefined
            ? undefined
            : { id: 0, wochentag: freeWeekday, anwesend: true, entlasszeit: '00:00', kommentar: '' }
        }
        renderItem={(path, index) => (
          <>
            <FormSelectField
              control={control}
              name={`${path}.wochentag`}
              label="Wochentag"
              sx={{ minWidth: 140 }}
              options={germanWeekdayNames.map((name, i) => ({
                value: i + 1,
                label: name,
                disabled: takenDays.some((day, j) => j !== index && day === i + 1),
              }))}
            />
            <FormCheckbox control={control} name={`${path}.anwesend`} label="anwesend" variant="switch" />
            <FormTimeField control={control} name={`${path}.entlasszeit`} label="Entlasszeit" />
            <FormTextField
              control={control}
              name={`${path}.kommentar`}
              label="Kommentar"
              helperText={`${(rules[index]?.kommentar ?? '').length}/${RECURRING_COMMENT_MAX}`}
              slotProps={{ htmlInput: { maxLength: RECURRING_COMMENT_MAX } }}
            />
          </>
        )}
      />
    </Stack>
  );
}
