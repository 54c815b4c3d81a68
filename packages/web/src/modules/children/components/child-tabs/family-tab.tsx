import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { useController, useWatch } from 'react-hook-form';
import type { ChildrenData } from '@hortus/contract/modules/children';
import { FormFieldArray } from '../../../../platform/forms/form-field-array';
import { FormSelectField, FormTextField } from '../../../../platform/forms/form-fields';
import { useFormReadOnly } from '../../../../platform/forms/form-read-only';
import type { ChildForm } from './child-form-type';

/** 'Familie': phone numbers, siblings and (with the right) the parent account. */
export function FamilyTab({
  form,
  data,
  mayLinkParents,
}: {
  form: ChildForm;
  data: ChildrenData;
  mayLinkParents: boolean;
}) {
  const { control } = form;
  const parentId = useWatch({ control, name: 'id_eltern' });
  return (
    <Stack spacing={2}>
      <FormFieldArray
        control={control}
        name="telefonnummern"
        title="Telefonnummern"
        addLabel="Nummer"
        removeLabel="Nummer entfernen"
        maxItems={20}
        newItem={() => ({ id: 0, name: '', nummer: '' })}
        renderItem={(path) => (
          <>
            <FormTextField control={control} name={`${path}.name`} label="Name" />
            <FormTextField control={control} name={`${path}.nummer`} label="Telefonnummer" />
          </>
        )}
      />
      <Siblings form={form} data={data} />
      {mayLinkParents && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormSelectField
            control={control}
            name="id_eltern"
            label="Elternkonto"
            sx={{ minWidth: 240 }}
            options={[
              { value: 0, label: 'Keines' },
              ...data.eltern.map((p) => ({ value: p.id, label: `${p.nn}${p.name ? ` (${p.name})` : ''}` })),
            ]}
          />
          {parentId !== 0 && (
            <Link component={RouterLink} to={`/200-100?e=${parentId}`}>
              Elternkonto öffnen
            </Link>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function Siblings({ form, data }: { form: ChildForm; data: ChildrenData }) {
  const { field, fieldState } = useController({ control: form.control, name: 'geschwister' });
  const childId = useWatch({ control: form.control, name: 'kind.id' });
  const readOnly = useFormReadOnly();
  const options = data.kinder.filter((k) => k.id !== childId);
  const chosen = field.value ?? [];
  return (
    <Autocomplete
      multiple
      disabled={readOnly}
      options={options}
      getOptionLabel={(option) => option.nameMitKlasse}
      value={options.filter((k) => chosen.includes(k.id))}
      onChange={(_, value) => field.onChange(value.map((k) => k.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="Geschwister"
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
