import type { UseFormReturn } from 'react-hook-form';
import type { HealthInput } from '@hortus/contract/modules/children';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import { FormTextField } from '../../../platform/forms/form-fields';

/**
 * The fields of a child's health notes (issue 44): allergies, medication, notes and emergency contacts, bound
 * to a form on the contract's `healthInput` — staff's dialog (200 gesundheit) and a parent's proposal (210
 * gesundheitVorschlag, through public.ts).
 */
export function HealthNotesFields<O>({ form }: { form: UseFormReturn<HealthInput, unknown, O> }) {
  const control = form.control as unknown as UseFormReturn<HealthInput, unknown, unknown>['control'];
  return (
    <>
      <FormTextField control={control} name="allergien" label="Allergien und Unverträglichkeiten" multiline />
      <FormTextField control={control} name="medikamente" label="Medikamente (was, wann, wo aufbewahrt)" multiline />
      <FormTextField control={control} name="hinweise" label="Hinweise" multiline />
      <FormFieldArray
        control={control}
        name="notfallkontakte"
        title="Notfallkontakte"
        addLabel="Kontakt"
        removeLabel="Kontakt entfernen"
        emptyText="Keine Notfallkontakte"
        maxItems={10}
        newItem={() => ({ name: '', telefon: '', beziehung: '' })}
        renderItem={(path) => (
          <>
            <FormTextField control={control} name={`${path}.name`} label="Name" size="small" />
            <FormTextField control={control} name={`${path}.beziehung`} label="Beziehung" size="small" />
            <FormTextField control={control} name={`${path}.telefon`} label="Telefon" size="small" type="tel" />
          </>
        )}
      />
    </>
  );
}
