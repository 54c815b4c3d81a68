import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  MAX_EXCEPTIONS,
  employeeInput,
  firstFreeWeekday,
  payrollMessages,
  weekdayNames,
  type EmployeeInput,
  type EmployeeView,
  type PayrollModuleData,
} from '@hortus/contract/modules/payroll';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FormDateField, FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSavePayrollData } from '../api/payroll';
import { wageGroupOptions } from '../logic/options';

const blank: EmployeeInput = {
  id: 0,
  personalnummer: '',
  vorname: '',
  nachname: '',
  eintrittsdatum: '',
  urlaubstage: 30,
  benutzer: '',
  standard_lohngruppe: 0,
  standard_arbeitsbeginn: '',
  standard_arbeitsende: '',
  standard_pausen: 0,
  vertrag_lohngruppe: 0,
  vertrag_stunden: 0,
  festgehalt: 0,
  ausnahmen: [],
};

function inputOf(employee: EmployeeView | null): EmployeeInput {
  if (!employee) return blank;
  return {
    id: employee.id,
    personalnummer: employee.personalnummer,
    vorname: employee.vorname,
    nachname: employee.nachname,
    eintrittsdatum: employee.eintrittsdatum,
    urlaubstage: employee.urlaubstage,
    benutzer: employee.benutzer,
    standard_lohngruppe: employee.standard_lohngruppe,
    standard_arbeitsbeginn: employee.standard_arbeitsbeginn,
    standard_arbeitsende: employee.standard_arbeitsende,
    standard_pausen: employee.standard_pausen,
    vertrag_lohngruppe: employee.vertrag_lohngruppe,
    vertrag_stunden: employee.vertrag_stunden,
    festgehalt: employee.festgehalt,
    ausnahmen: employee.ausnahmen,
  };
}

/** After a save the employee dialog shows the saved state this long before it closes (business.md 7). */
const payrollCloseDelayMs = 400;

/** ?em_idm=: personal data, default working times, contract wage or fixed salary, weekday exceptions. */
export function EmployeeDialog({
  employee,
  settings,
  onClose,
}: {
  employee: EmployeeView | null;
  settings: PayrollModuleData['settings'];
  onClose(): void;
}) {
  const initial = inputOf(employee);
  const form = useSchemaForm(employeeInput, initial, { mode: 'onChange' });
  const { control, setValue } = form;
  const exceptions = useFieldArray({ control, name: 'ausnahmen' });
  const watched = useWatch({ control, name: 'ausnahmen' });
  const { mutateAsync: save } = useSavePayrollData();
  const saveAction = useSaveAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Interface-only switches (business.md 3.3): they show the fields; contract wage and fixed salary exclude each other.
  const [withTimes, setWithTimes] = useState(
    initial.standard_arbeitsbeginn !== '' || initial.standard_arbeitsende !== '',
  );
  const [withContract, setWithContract] = useState(initial.vertrag_lohngruppe !== 0);
  const [withFixed, setWithFixed] = useState((initial.festgehalt ?? 0) > 0);
  const groups = wageGroupOptions(settings.lohngruppen);
  const dirty = { shouldDirty: true, shouldValidate: true } as const;

  const toggleContract = (on: boolean) => {
    setWithContract(on);
    if (on) {
      setWithFixed(false);
      setValue('festgehalt', 0, dirty);
    } else setValue('vertrag_lohngruppe', 0, dirty);
  };
  const toggleFixed = (on: boolean) => {
    setWithFixed(on);
    if (on) {
      setWithContract(false);
      setValue('vertrag_lohngruppe', 0, dirty);
    } else setValue('festgehalt', 0, dirty);
  };
  const toggleTimes = (on: boolean) => {
    setWithTimes(on);
    if (!on) {
      setValue('standard_arbeitsbeginn', '', dirty);
      setValue('standard_arbeitsende', '', dirty);
      setValue('standard_pausen', 0, dirty);
    }
  };
  const addException = () => {
    const weekday = firstFreeWeekday(watched ?? []);
    if (weekday === null) return;
    const values = form.getValues();
    exceptions.append({
      id: 0,
      weekday,
      arbeitsbeginn: values.standard_arbeitsbeginn,
      arbeitsende: values.standard_arbeitsende,
      pausen: values.standard_pausen,
      lohngruppe: values.standard_lohngruppe,
    });
  };
  const remove = async () => {
    setConfirmDelete(false);
    const done = await saveAction(() => save({ type: 'delMitarbeiter', data: { idDelMitarbeiter: initial.id ?? 0 } }), {
      success: payrollMessages.deleted,
      failure: payrollMessages.notReflected,
    });
    if (done) onClose();
  };

  return (
    <>
      <FormDialog
        form={form}
        title={initial.id === 0 ? 'Neuer Mitarbeiter' : 'Mitarbeiter bearbeiten'}
        onSubmit={(values) =>
          save({ type: 'saveMitarbeiter', data: { mitarbeiter: { ...values, version: employee?.version } } })
        }
        onClose={onClose}
        texts={{ success: payrollMessages.saved, failure: payrollMessages.saveFailed }}
        serverErrorPrefix="dataToSave.data.mitarbeiter."
        // business.md: save only when something changed and the form is valid, the reasons on the fields.
        saveOnlyWhenChanged
        saveOnlyWhenValid
        closeDelayMs={payrollCloseDelayMs}
        width={720}
        extraActions={
          initial.id !== 0 && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)} sx={{ mr: 'auto' }}>
              Löschen
            </Button>
          )
        }
      >
        <Typography variant="subtitle2">Persönliche Daten</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="vorname" label="Vorname" required fullWidth autoFocus />
          <FormTextField control={control} name="nachname" label="Nachname" required fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="personalnummer" label="Personalnummer" fullWidth />
          <FormDateField control={control} name="eintrittsdatum" label="Eintrittsdatum" fullWidth />
          <FormNumberField
            control={control}
            name="urlaubstage"
            label="Urlaubstage pro Jahr"
            fullWidth
            slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
          />
        </Stack>
        <FormTextField
          control={control}
          name="benutzer"
          label="Benutzerkonto (Anmeldename)"
          helperText="Optional: das eigene Benutzerkonto des Mitarbeiters, für die Datenauskunft."
          fullWidth
        />

        <FormControlLabel
          control={<Checkbox checked={withTimes} onChange={(e) => toggleTimes(e.target.checked)} />}
          label="Standardarbeitszeiten"
        />
        {withTimes && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTimeField control={control} name="standard_arbeitsbeginn" label="Beginn" fullWidth />
            <FormTimeField control={control} name="standard_arbeitsende" label="Ende" fullWidth />
            <FormNumberField control={control} name="standard_pausen" label="Pause (Minuten)" fullWidth />
          </Stack>
        )}
        <FormSelectField control={control} name="standard_lohngruppe" label="Standard-Lohngruppe" options={groups} />

        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <FormControlLabel
            control={<Checkbox checked={withContract} onChange={(e) => toggleContract(e.target.checked)} />}
            label="Vertragslohn"
          />
          <FormControlLabel
            control={<Checkbox checked={withFixed} onChange={(e) => toggleFixed(e.target.checked)} />}
            label="Festgehalt"
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {withContract && (
            <FormSelectField
              control={control}
              name="vertrag_lohngruppe"
              label="Vertrags-Lohngruppe"
              options={groups}
              fullWidth
            />
          )}
          {withFixed && (
            <FormNumberField
              control={control}
              name="festgehalt"
              label="Festgehalt (€ brutto im Monat)"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          )}
          <FormNumberField
            control={control}
            name="vertrag_stunden"
            label="Vertragsstunden im Monat"
            fullWidth
            slotProps={{ htmlInput: { min: 0, step: 0.25 } }}
          />
        </Stack>

        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            Ausnahmen je Wochentag ({exceptions.fields.length} von {MAX_EXCEPTIONS})
          </Typography>
          <Button startIcon={<AddIcon />} onClick={addException} disabled={exceptions.fields.length >= MAX_EXCEPTIONS}>
            Ausnahme
          </Button>
        </Stack>
        {exceptions.fields.map((field, index) => (
          <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }} data-testid="exception-row">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
              <FormSelectField
                control={control}
                name={`ausnahmen.${index}.weekday`}
                label="Wochentag"
                options={weekdayNames.map((name, weekday) => ({ value: weekday, label: name }))}
                sx={{ minWidth: 140 }}
              />
              <FormTimeField control={control} name={`ausnahmen.${index}.arbeitsbeginn`} label="Beginn" />
              <FormTimeField control={control} name={`ausnahmen.${index}.arbeitsende`} label="Ende" />
              <FormNumberField
                control={control}
                name={`ausnahmen.${index}.pausen`}
                label="Pause (Min.)"
                sx={{ maxWidth: { sm: 110 } }}
              />
              <FormSelectField
                control={control}
                name={`ausnahmen.${index}.lohngruppe`}
                label="Lohngruppe"
                options={groups}
                sx={{ minWidth: 150 }}
              />
              <IconButton aria-label="Ausnahme entfernen" onClick={() => exceptions.remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Paper>
        ))}
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={payrollMessages.confirmDelete}
        text={`${employee?.name ?? ''}: ${payrollMessages.confirmDeleteText} Alle Abrechnungen werden ebenfalls gelöscht.`}
        confirmLabel="Löschen"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
