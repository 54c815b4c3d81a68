import Stack from '@mui/material/Stack';
import { formatCentsGerman } from '@hortus/contract';
import {
  ALLERGENS,
  ALLERGEN_CODES,
  mandateInput,
  menuInput,
  scopeForm,
  scopeOfForm,
  type AllergenCode,
  type FeesData,
  type MandateInput,
} from '@hortus/contract/modules/fees';
import { FormDateField, FormMonthField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import { FormMultiSelectField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveFees } from '../api/fees';

/** The failure text of the office's saves (the server did not answer). */
const texts = {
  success: 'Gespeichert.',
  failure: 'Die Daten konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
};

type Scope = FeesData['umfaenge'][number];

/** A care scope (new: `scope` null) with its monthly amounts from their months and the months it is offered. */
export function ScopeDialog({ scope, month, onClose }: { scope: Scope | null; month: string; onClose(): void }) {
  const form = useSchemaForm(scopeForm, {
    id: scope?.id ?? 0,
    name: scope?.name ?? '',
    preise: scope
      ? scope.preise.map((price) => ({ ab: price.ab, betrag: formatCentsGerman(price.betrag).replace(/\./g, '') }))
      : [{ ab: month, betrag: '' }],
    gueltigVon: scope?.gueltigVon ?? month,
    gueltigBis: scope?.gueltigBis ?? '',
  });
  const { mutateAsync: save } = useSaveFees();
  return (
    <FormDialog
      form={form}
      title={scope ? 'Betreuungsumfang bearbeiten' : 'Neuer Betreuungsumfang'}
      onSubmit={(values) => save({ type: 'umfang', data: scopeOfForm(values) })}
      onClose={onClose}
      texts={texts}
      serverErrorPrefix="dataToSave.data."
      width={560}
    >
      <FormTextField control={form.control} name="name" label="Bezeichnung" helperText="z. B. Hort bis 15 Uhr" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormMonthField control={form.control} name="gueltigVon" label="Angeboten ab" helperText=" " />
        <FormMonthField control={form.control} name="gueltigBis" label="Angeboten bis" helperText="leer = offen" />
      </Stack>
      <FormFieldArray
        control={form.control}
        name="preise"
        title="Monatsbeträge"
        addLabel="Betrag"
        removeLabel="Betrag entfernen"
        newItem={() => ({ ab: month, betrag: '' })}
        maxItems={50}
        renderItem={(path) => (
          <>
            <FormMonthField control={form.control} name={`${path}.ab`} label="Ab Monat" />
            <FormTextField control={form.control} name={`${path}.betrag`} label="Monatsbetrag (€)" />
          </>
        )}
      />
    </FormDialog>
  );
}

/** A family's SEPA direct-debit mandate (new: `mandate` null); the reference is generated when left empty. */
export function MandateDialog({
  mandate,
  data,
  onClose,
}: {
  mandate: MandateInput | null;
  data: FeesData;
  onClose(): void;
}) {
  const form = useSchemaForm(
    mandateInput,
    mandate ?? {
      id: 0,
      id_familie: data.familien[0]?.id ?? 0,
      kontoinhaber: '',
      iban: '',
      bic: '',
      referenz: '',
      unterschrieben: data.heute,
    },
  );
  const { mutateAsync: save } = useSaveFees();
  return (
    <FormDialog
      form={form}
      title={mandate ? 'SEPA-Mandat bearbeiten' : 'Neues SEPA-Mandat'}
      onSubmit={(values) => save({ type: 'mandat', data: values })}
      onClose={onClose}
      texts={texts}
      serverErrorPrefix="dataToSave.data."
      width={560}
    >
      <FormSelectField
        control={form.control}
        name="id_familie"
        label="Familie"
        options={data.familien.map((family) => ({ value: family.id, label: family.name }))}
      />
      <FormTextField control={form.control} name="kontoinhaber" label="Kontoinhaber" />
      <FormTextField control={form.control} name="iban" label="IBAN" />
      <FormTextField control={form.control} name="bic" label="BIC" helperText="optional" />
      <FormTextField
        control={form.control}
        name="referenz"
        label="Mandatsreferenz"
        helperText="leer = wird vergeben (BEITRAG-Familie-Nr.)"
      />
      <FormDateField control={form.control} name="unterschrieben" label="Unterschrieben am" />
    </FormDialog>
  );
}

const isAllergenCode = (code: string): code is AllergenCode => code in ALLERGENS;

const allergenOptions = ALLERGEN_CODES.map((code) => ({ value: code, label: `${code} – ${ALLERGENS[code]}` }));

/** The dishes of one day of the menu (a day without dishes has no menu: nothing can be ordered). */
export function MenuDayDialog({ day, data, onClose }: { day: string; data: FeesData; onClose(): void }) {
  const known = data.speiseplan.find((entry) => entry.tag === day);
  const form = useSchemaForm(menuInput, {
    tag: day,
    gerichte: known
      ? known.gerichte.map((dish) => ({ name: dish.name, allergene: dish.allergene.filter(isAllergenCode) }))
      : [],
  });
  const { mutateAsync: save } = useSaveFees();
  return (
    <FormDialog
      form={form}
      title="Speiseplan"
      onSubmit={(values) => save({ type: 'speiseplan', data: values })}
      onClose={onClose}
      texts={texts}
      serverErrorPrefix="dataToSave.data."
      width={640}
    >
      <FormDateField control={form.control} name="tag" label="Tag" />
      <FormFieldArray
        control={form.control}
        name="gerichte"
        title="Gerichte"
        addLabel="Gericht"
        removeLabel="Gericht entfernen"
        emptyText="Kein Essen an diesem Tag."
        newItem={() => ({ name: '', allergene: [] })}
        maxItems={10}
        renderItem={(path) => (
          <>
            <FormTextField control={form.control} name={`${path}.name`} label="Gericht" sx={{ flex: 2 }} />
            <FormMultiSelectField
              control={form.control}
              name={`${path}.allergene`}
              label="Allergene"
              options={allergenOptions}
              sx={{ flex: 1, minWidth: 160 }}
            />
          </>
        )}
      />
    </FormDialog>
  );
}
