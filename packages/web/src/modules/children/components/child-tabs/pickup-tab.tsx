import { FormFieldArray } from '../../../../platform/forms/form-field-array';
import { FormTextField } from '../../../../platform/forms/form-fields';
import { FormDateField } from '../../../../platform/forms/form-date-fields';
import type { ChildForm } from './child-form-type';

/** 'Abholberechtigte': who may pick the child up. */
export function PickupTab({ form }: { form: ChildForm }) {
  const { control } = form;
  return (
    <FormFieldArray
      control={control}
      name="abholberechtigte"
      title="Abholberechtigte"
      addLabel="Person"
      removeLabel="Person entfernen"
      maxItems={20}
      newItem={() => ({ id: 0, name: '', beziehung: '', telefon: '', notiz: '', gueltigVon: '', gueltigBis: '' })}
      renderItem={(path) => (
        <>
          <FormTextField control={control} name={`${path}.name`} label="Name" />
          <FormTextField control={control} name={`${path}.beziehung`} label="Beziehung" />
          <FormTextField control={control} name={`${path}.telefon`} label="Telefon" />
          <FormTextField control={control} name={`${path}.notiz`} label="Notiz (z. B. Ausweis prüfen)" />
          <FormDateField control={control} name={`${path}.gueltigVon`} label="Gültig ab" />
          <FormDateField control={control} name={`${path}.gueltigBis`} label="Gültig bis" />
        </>
      )}
    />
  );
}
