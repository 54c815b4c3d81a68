import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hortus/contract';
import {
  payrollInput,
  payrollMessages,
  payrollMonthNames,
  payrollOverview,
  resetDays,
  type EmployeeView,
  type GetPayrollReply,
  type PayrollModuleData,
  type YearMonth,
} from '@hortus/contract/modules/payroll';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { downloadPayrollPdf, payrollKeys, usePayroll, useSavePayrollData } from '../api/payroll';
import { draftOf, holidaysOf, type PayrollDraft } from '../logic/payroll-draft';
import { PayrollEditor } from './payroll-editor';

/** Which saved state of which month a reply is: a new one of these is loaded into the form. */
const recordKey = ({ abrechnung: a }: GetPayrollReply) => `${a.jahr}-${a.monat}-${a.id}-${a.version}-${a.timeLastEdit}`;

/**
 * ?la_idm=: the fullscreen payroll of one employee and month (business.md 2.4, 4.4) on the platform
 * FormDialog: the month's payroll is the form (checked by the contract's payrollInput), a save keeps the
 * dialog open, a locked month is read-only (its PDF can still be downloaded).
 */
export function PayrollDialog({
  employee,
  settings,
  onClose,
}: {
  employee: EmployeeView;
  settings: PayrollModuleData['settings'];
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [month, setMonth] = useState<YearMonth | undefined>(undefined);
  const query = usePayroll(employee.id, month?.jahr, month?.monat);
  const form = useSchemaForm(payrollInput, {}, { mode: 'onChange' });
  const { mutateAsync: save } = useSavePayrollData();

  // The server chose the default month: pin it, so a save does not move the dialog to the next month.
  useEffect(() => {
    if (month === undefined && query.data) {
      const { jahr, monat } = query.data.abrechnung;
      queryClient.setQueryData(payrollKeys.payroll(employee.id, jahr, monat), query.data);
      setMonth({ jahr, monat });
    }
  }, [month, query.data, queryClient, employee.id]);

  // Each loaded month, and each save's refetched reply (it carries the saved id and version), becomes the
  // form's saved state; a reload of the same record only refreshes what the editor shows around the form
  // (leave, overtime account). The editor shows the reply the form was last reset to, so it stays mounted
  // (31 day rows) while a new reply is taken over and never pairs one month's reply with another's values.
  const reply = month && query.data ? query.data : undefined;
  const [formReply, setFormReply] = useState<GetPayrollReply | undefined>(undefined);
  useEffect(() => {
    if (!reply || reply === formReply) return;
    if (formReply === undefined || recordKey(reply) !== recordKey(formReply)) form.reset(draftOf(reply));
    setFormReply(reply);
  }, [reply, formReply, form]);
  const loaded = formReply !== undefined && formReply === reply;

  const shown =
    month ?? (query.data ? { jahr: query.data.abrechnung.jahr, monat: query.data.abrechnung.monat } : undefined);
  const shownYear = shown?.jahr;
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    const set = new Set<number>([now - 2, now - 1, now, now + 1, ...employee.lohnabrechnungen.map((p) => p.jahr)]);
    if (shownYear !== undefined) set.add(shownYear);
    return [...set].sort((a, b) => a - b);
  }, [employee.lohnabrechnungen, shownYear]);
  const saved = (m: number, y: number) => employee.lohnabrechnungen.some((p) => p.jahr === y && p.monat === m);

  const locked = formReply?.gesperrt ?? false;
  const isNew = formReply?.abrechnung.id === 0;
  // A saved payroll keeps the wage groups of its time; a new one uses the current settings.
  const groups = formReply && !isNew ? formReply.abrechnung.lohngruppen : settings.lohngruppen;
  const { isDirty } = form.formState;
  const draft = () => form.getValues() as PayrollDraft;

  const pdf = async () => {
    if (!formReply) return;
    try {
      await downloadPayrollPdf(formReply.abrechnung.id);
    } catch (error) {
      alert.error(saveErrorMessage(error, messages.downloadFailed));
    }
  };
  const resetTage = () => {
    if (!formReply) return;
    const values = draft();
    const holidays = new Set(holidaysOf(formReply).keys());
    form.setValue('tage', resetDays(values.jahr, values.monat, values, holidays), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  const monthChoice = (
    <Stack direction="row" spacing={1.5} sx={{ px: 3, pb: 1 }}>
      <TextField
        select
        label="Monat"
        size="small"
        value={shown?.monat ?? ''}
        onChange={(e) => shown && setMonth({ jahr: shown.jahr, monat: Number(e.target.value) })}
        sx={{ minWidth: 160 }}
        disabled={!shown}
        slotProps={{ select: { renderValue: (value) => payrollMonthNames[Number(value) - 1] ?? '' } }}
      >
        {payrollMonthNames.map((name, index) => (
          <MenuItem key={name} value={index + 1}>
            {name}
            {shown && saved(index + 1, shown.jahr) && (
              <Box component="span" aria-hidden sx={{ ml: 1, color: 'success.main' }} title="gespeichert">
                ✓
              </Box>
            )}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Jahr"
        size="small"
        value={shown?.jahr ?? ''}
        onChange={(e) => shown && setMonth({ jahr: Number(e.target.value), monat: shown.monat })}
        disabled={!shown}
      >
        {years.map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );

  return (
    <FormDialog
      form={form}
      title={`Abrechnung ${employee.vorname} ${employee.nachname}`}
      fullScreenBelow="always"
      // Left at the top too: the month's table is long and the action row at the bottom (issue 47).
      backLabel="Zurück zur Mitarbeiterliste"
      header={monthChoice}
      readOnly={!loaded || locked}
      saveOnlyWhenDirty
      stayOpenOnSave
      texts={{ success: payrollMessages.saved, failure: payrollMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data.abrechnung."
      onSubmit={() =>
        save({
          type: 'saveAbrechnung',
          data: { uebersichtData: payrollOverview(draft(), groups), abrechnung: draft() },
        })
      }
      onClose={onClose}
      onDelete={
        formReply && loaded && !isNew
          ? {
              confirm: `${payrollMessages.confirmDelete} ${payrollMessages.confirmDeleteText}`,
              texts: { success: payrollMessages.deleted, failure: payrollMessages.notReflected },
              run: () => save({ type: 'delAbrechnung', data: { idDelAbrechnung: formReply.abrechnung.id } }),
            }
          : undefined
      }
      extraActions={
        loaded && (
          <>
            {!locked && (
              <Button startIcon={<RestartAltIcon />} onClick={resetTage}>
                Tage zurücksetzen
              </Button>
            )}
            {!isNew && (
              <Button startIcon={<PictureAsPdfIcon />} disabled={isDirty && !locked} onClick={() => void pdf()}>
                PDF herunterladen
              </Button>
            )}
          </>
        )
      }
    >
      {query.isFetching && <LinearProgress aria-label="Wird geladen…" />}
      {!query.data && query.isPending && <Typography color="text.secondary">{payrollMessages.loading}</Typography>}
      {!query.data && query.isError && <Alert severity="error">{payrollMessages.saveFailed}</Alert>}
      {formReply && reply && (
        <PayrollEditor form={form} reply={formReply} employee={employee} groups={groups} locked={locked} />
      )}
    </FormDialog>
  );
}
