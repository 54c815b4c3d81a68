import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { get, useFormState, useWatch } from 'react-hook-form';
import type { payrollInput } from '@hortus/contract/modules/payroll';
import { messages, type FieldErrors } from '@hortus/contract';
import {
  formatDecimal,
  formatPayrollEuro,
  payrollMessages,
  payrollOverview,
  setDayStatus,
  type DayRow,
  type DayStatus,
  type EmployeeView,
  type GetPayrollReply,
  type WageGroup,
} from '@hortus/contract/modules/payroll';
import { errorPaths } from '../../../platform/forms/form-errors';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import { FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import type { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { draftErrors, holidaysOf, type PayrollDraft } from '../logic/payroll-draft';
import { wageGroupOptions } from '../logic/options';
import { DayRows } from './day-rows';

/** The PayrollDialog's form of the contract's payrollInput (its values are a PayrollDraft). */
type PayrollForm = ReturnType<typeof useSchemaForm<typeof payrollInput>>;

/** A change by the user: the form is changed and the change checked. */
const dirty = { shouldDirty: true, shouldValidate: true } as const;

/** The form's errors by field path, as the day rows take them ('tage.3.zeitBis' → its message). */
function errorsByPath(errors: object): FieldErrors {
  return Object.fromEntries(
    errorPaths(errors).map((path) => [path, [String((get(errors, path) as { message?: unknown }).message ?? '')]]),
  );
}

/**
 * The editable payroll of one month inside the PayrollDialog's form: day rows, paid-out overtime and
 * special payments (field arrays), leave from last year, and the sums (while the month is valid).
 */
export function PayrollEditor({
  form,
  reply,
  employee,
  groups,
  locked,
}: {
  form: PayrollForm;
  reply: GetPayrollReply;
  employee: EmployeeView;
  groups: readonly WageGroup[];
  locked: boolean;
}) {
  const { control, setValue, getValues } = form;
  const draft = useWatch({ control }) as PayrollDraft;
  const { errors: formErrors } = useFormState({ control });
  const isNew = reply.abrechnung.id === 0;
  const valid = Object.keys(draftErrors(draft)).length === 0;
  const holidays = useMemo(() => holidaysOf(reply), [reply]);
  const groupOptions = useMemo(() => wageGroupOptions(groups), [groups]);
  const overview = valid ? payrollOverview(draft, groups) : null;

  const onStatus = useCallback(
    (index: number, status: DayStatus) => {
      const values = getValues() as PayrollDraft;
      const day = values.tage[index];
      if (day) setValue(`tage.${index}`, setDayStatus(day, status, values), dirty);
    },
    [getValues, setValue],
  );
  const onChange = useCallback(
    (index: number, change: Partial<DayRow>) => {
      const day = (getValues() as PayrollDraft).tage[index];
      if (day) setValue(`tage.${index}`, { ...day, ...change }, dirty);
    },
    [getValues, setValue],
  );

  const thisMonthLeave = draft.tage.filter((d) => d.status === 3).length;
  const savedLeave = reply.abrechnung.xSummeUrlaubstage;
  const leaveTaken = reply.urlaub.genommen - savedLeave + thisMonthLeave;
  const leaveCarried = Number.isNaN(draft.urlaubAusVorjahr) ? reply.urlaub.uebertrag : draft.urlaubAusVorjahr;
  const overtime = overview?.xSummeUeberstunden ?? 0;

  return (
    <>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payroll-locked">
          {payrollMessages.laterPayrolls}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {isNew ? 'Neue Abrechnung (noch nicht gespeichert)' : 'Gespeicherte Abrechnung'}
      </Typography>
      {!valid && !locked && <Alert severity="warning">{messages.validationFailed}</Alert>}

      <DayRows
        days={draft.tage ?? []}
        holidays={holidays}
        groups={groupOptions}
        errors={errorsByPath(formErrors)}
        disabled={locked}
        onStatus={onStatus}
        onChange={onChange}
      />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <FormFieldArray
                control={control}
                name="ueberstundenAusgezahlt"
                title="Ausgezahlte Überstunden"
                addLabel="Hinzufügen"
                removeLabel="Eintrag entfernen"
                newItem={() => {
                  const values = getValues() as PayrollDraft;
                  return { idLohngruppe: values.vertrag_lohngruppe || values.standard_lohngruppe, stunden: 0 };
                }}
                renderItem={(path) => (
                  <>
                    <FormSelectField
                      control={control}
                      name={`${path}.idLohngruppe`}
                      label="Lohngruppe"
                      size="small"
                      options={groupOptions}
                      sx={{ minWidth: 160 }}
                    />
                    <FormNumberField
                      control={control}
                      name={`${path}.stunden`}
                      label="Stunden"
                      size="small"
                      slotProps={{ htmlInput: { min: 0, step: 0.25 } }}
                    />
                  </>
                )}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <FormFieldArray
                control={control}
                name="sonderzahlungen"
                title="Sonderzahlungen (brutto)"
                addLabel="Hinzufügen"
                removeLabel="Sonderzahlung entfernen"
                newItem={() => ({ text: '', wert: 0 })}
                renderItem={(path, index) => (
                  <>
                    <FormTextField
                      control={control}
                      name={`${path}.text`}
                      label="Text"
                      size="small"
                      fullWidth
                      helperText={
                        (draft.sonderzahlungen?.[index]?.text ?? '').trim() === ''
                          ? 'Ohne Text wird sie nicht gespeichert.'
                          : ' '
                      }
                    />
                    <FormNumberField
                      control={control}
                      name={`${path}.wert`}
                      label="Betrag (€)"
                      size="small"
                      helperText=" "
                      slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
                      sx={{ maxWidth: 140 }}
                    />
                  </>
                )}
              />
            </Paper>
            <FormNumberField
              control={control}
              name="urlaubAusVorjahr"
              label="Urlaub aus dem Vorjahr (Tage)"
              size="small"
              slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="payroll-sums">
            <Typography variant="subtitle1">Summen</Typography>
            <Table size="small">
              <TableBody>
                <SumRow
                  label="Stunden (Arbeit, Feiertag, Urlaub, Krank)"
                  value={formatDecimal(overview?.xSummeStunden ?? 0)}
                />
                {overview?.stundenJeLohngruppe.map((group) => (
                  <SumRow key={group.idLohngruppe} label={`davon ${group.name}`} value={formatDecimal(group.stunden)} />
                ))}
                <SumRow label="Vertragsstunden" value={formatDecimal(draft.vertrag_stunden)} />
                <SumRow label="Überstunden des Monats" value={formatDecimal(overtime)} testId="sum-overtime" />
                <SumRow
                  label="Überstundenkonto (Vortrag → neu)"
                  value={`${formatDecimal(reply.ueberstundenVortrag)} → ${formatDecimal(reply.ueberstundenVortrag + overtime)}`}
                />
                <SumRow label="Urlaubstage im Monat" value={String(thisMonthLeave)} />
                <SumRow
                  label={`Urlaub ${reply.urlaub.jahr}: Anspruch + Vorjahr − genommen`}
                  value={`${formatDecimal(employee.urlaubstage)} + ${formatDecimal(leaveCarried)} − ${formatDecimal(leaveTaken)}`}
                />
                <SumRow
                  label="Resturlaub"
                  value={formatDecimal(employee.urlaubstage + leaveCarried - leaveTaken)}
                  testId="sum-leave"
                />
                {overview?.positionen.map((line, index) => (
                  <SumRow key={index} label={line.text} value={formatPayrollEuro(line.betrag)} />
                ))}
                <SumRow
                  label="Summe brutto"
                  value={formatPayrollEuro(overview?.brutto ?? 0)}
                  strong
                  testId="sum-gross"
                />
              </TableBody>
            </Table>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}

function SumRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: strong ? 600 : undefined }}>{label}</TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </TableCell>
    </TableRow>
  );
}
