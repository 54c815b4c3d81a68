import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import {
  formatDecimal,
  formatPayrollEuro,
  messages,
  payrollMessages,
  payrollOverview,
  resetDays,
  setDayStatus,
  type DayRow,
  type DayStatus,
  type EmployeeView,
  type GetPayrollReply,
  type PayrollModuleData,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { ConflictAlert, useConflictMessage, useReloadAfterConflict } from '../../../platform/forms/conflict-alert';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadPayrollPdf, useSavePayrollData } from '../api/payroll';
import { draftErrors, draftOf, holidaysOf, type PayrollDraft } from '../logic/payroll-draft';
import { wageGroupOptions } from '../logic/options';
import { DayRows } from './day-rows';

const numberValue = (value: number) => (Number.isNaN(value) ? '' : value);
const readNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The editable payroll of one month: day rows, paid-out overtime, special payments, leave and the sums. */
export function PayrollEditor({
  reply,
  employee,
  settings,
  onDirtyChange,
  onDeleted,
}: {
  reply: GetPayrollReply;
  employee: EmployeeView;
  settings: PayrollModuleData['settings'];
  onDirtyChange(dirty: boolean): void;
  onDeleted(): void;
}) {
  const initial = useMemo(() => draftOf(reply), [reply]);
  const [draft, setDraft] = useState<PayrollDraft>(initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { mutateAsync: save } = useSavePayrollData();
  const saveAction = useSaveAction();
  const alert = useAlert();
  const conflict = useConflictMessage();
  const reloadAfterConflict = useReloadAfterConflict(conflict.clear);
  const locked = reply.gesperrt;
  const isNew = reply.abrechnung.id === 0;
  const changed = useMemo(() => JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);
  const errors = useMemo(() => draftErrors(draft), [draft]);
  const valid = Object.keys(errors).length === 0;
  const holidays = useMemo(() => holidaysOf(reply), [reply]);
  // A saved payroll keeps the wage groups of its time; a new one uses the current settings.
  const groups = isNew ? settings.lohngruppen : reply.abrechnung.lohngruppen;
  const groupOptions = useMemo(() => wageGroupOptions(groups), [groups]);
  const overview = useMemo(() => (valid ? payrollOverview(draft, groups) : null), [draft, groups, valid]);

  useEffect(() => onDirtyChange(changed && !locked), [changed, locked, onDirtyChange]);

  const onStatus = useCallback((index: number, status: DayStatus) => {
    setDraft((d) => ({ ...d, tage: d.tage.map((day, i) => (i === index ? setDayStatus(day, status, d) : day)) }));
  }, []);
  const onChange = useCallback((index: number, change: Partial<DayRow>) => {
    setDraft((d) => ({ ...d, tage: d.tage.map((day, i) => (i === index ? { ...day, ...change } : day)) }));
  }, []);
  const reset = () => setDraft((d) => ({ ...d, tage: resetDays(d.jahr, d.monat, d, new Set(holidays.keys())) }));

  const submit = async () => {
    if (!overview) return;
    const work = () => save({ type: 'saveAbrechnung', data: { uebersichtData: overview, abrechnung: draft } });
    await saveAction(conflict.track(work), {
      success: payrollMessages.saved,
      failure: payrollMessages.notReflected,
    });
  };
  const remove = async () => {
    setConfirmDelete(false);
    const done = await saveAction(
      () => save({ type: 'delAbrechnung', data: { idDelAbrechnung: reply.abrechnung.id } }),
      { success: payrollMessages.deleted, failure: payrollMessages.notReflected },
    );
    if (done) onDeleted();
  };
  const pdf = async () => {
    try {
      await downloadPayrollPdf(reply.abrechnung.id);
    } catch (error) {
      alert.error(saveErrorMessage(error, messages.downloadFailed));
    }
  };

  const thisMonthLeave = draft.tage.filter((d) => d.status === 3).length;
  const savedLeave = reply.abrechnung.xSummeUrlaubstage;
  const leaveTaken = reply.urlaub.genommen - savedLeave + thisMonthLeave;
  const leaveCarried = Number.isNaN(draft.urlaubAusVorjahr) ? reply.urlaub.uebertrag : draft.urlaubAusVorjahr;
  const overtime = overview?.xSummeUeberstunden ?? 0;

  return (
    <>
      <ConflictAlert message={conflict.message} onReload={reloadAfterConflict} />
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payroll-locked">
          {payrollMessages.laterPayrolls}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
        {!locked && (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={(!changed && !isNew) || !valid}
            onClick={() => void submit()}
          >
            Speichern
          </Button>
        )}
        {!locked && (
          <Button startIcon={<RestartAltIcon />} onClick={reset}>
            Tage zurücksetzen
          </Button>
        )}
        {!isNew && (
          <Button startIcon={<PictureAsPdfIcon />} disabled={changed && !locked} onClick={() => void pdf()}>
            PDF herunterladen
          </Button>
        )}
        {!isNew && !locked && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)}>
            Löschen
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', ml: 'auto' }}>
          {isNew ? 'Neue Abrechnung (noch nicht gespeichert)' : 'Gespeicherte Abrechnung'}
        </Typography>
      </Stack>
      {!valid && !locked && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {messages.validationFailed}
        </Alert>
      )}

      <DayRows
        days={draft.tage}
        holidays={holidays}
        groups={groupOptions}
        errors={errors}
        disabled={locked}
        onStatus={onStatus}
        onChange={onChange}
      />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
                Ausgezahlte Überstunden
              </Typography>
              <Button
                startIcon={<AddIcon />}
                disabled={locked}
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    ueberstundenAusgezahlt: [
                      ...d.ueberstundenAusgezahlt,
                      { idLohngruppe: d.vertrag_lohngruppe || d.standard_lohngruppe, stunden: 0 },
                    ],
                  }))
                }
              >
                Hinzufügen
              </Button>
            </Stack>
            {draft.ueberstundenAusgezahlt.map((paid, index) => {
              const stundenError = errors[`ueberstundenAusgezahlt.${index}.stunden`]?.[0];
              const update = (change: Partial<typeof paid>) =>
                setDraft((d) => ({
                  ...d,
                  ueberstundenAusgezahlt: d.ueberstundenAusgezahlt.map((p, i) =>
                    i === index ? { ...p, ...change } : p,
                  ),
                }));
              return (
                <Stack key={index} direction="row" spacing={1} sx={{ mb: 1 }}>
                  <TextField
                    select
                    size="small"
                    label="Lohngruppe"
                    value={paid.idLohngruppe}
                    disabled={locked}
                    onChange={(e) => update({ idLohngruppe: Number(e.target.value) })}
                    sx={{ minWidth: 160 }}
                  >
                    {groupOptions.map((group) => (
                      <MenuItem key={group.value} value={group.value}>
                        {group.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    size="small"
                    type="number"
                    label="Stunden"
                    value={numberValue(paid.stunden)}
                    disabled={locked}
                    onChange={(e) => update({ stunden: readNumber(e.target.value) })}
                    error={stundenError !== undefined}
                    helperText={stundenError}
                    slotProps={{ htmlInput: { min: 0, step: 0.25 } }}
                  />
                  <IconButton
                    aria-label="Eintrag entfernen"
                    disabled={locked}
                    onClick={() =>
                      setDraft((d) => ({
                        ...d,
                        ueberstundenAusgezahlt: d.ueberstundenAusgezahlt.filter((_, i) => i !== index),
                      }))
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
                Sonderzahlungen (brutto)
              </Typography>
              <Button
                startIcon={<AddIcon />}
                disabled={locked}
                onClick={() =>
                  setDraft((d) => ({ ...d, sonderzahlungen: [...d.sonderzahlungen, { text: '', wert: 0 }] }))
                }
              >
                Hinzufügen
              </Button>
            </Stack>
            {draft.sonderzahlungen.map((payment, index) => {
              const wertError = errors[`sonderzahlungen.${index}.wert`]?.[0];
              const update = (change: Partial<typeof payment>) =>
                setDraft((d) => ({
                  ...d,
                  sonderzahlungen: d.sonderzahlungen.map((p, i) => (i === index ? { ...p, ...change } : p)),
                }));
              return (
                <Stack key={index} direction="row" spacing={1} sx={{ mb: 1 }}>
                  <TextField
                    size="small"
                    label="Text"
                    value={payment.text}
                    disabled={locked}
                    onChange={(e) => update({ text: e.target.value })}
                    helperText={payment.text.trim() === '' ? 'Ohne Text wird sie nicht gespeichert.' : ' '}
                    fullWidth
                  />
                  <TextField
                    size="small"
                    type="number"
                    label="Betrag (€)"
                    value={numberValue(payment.wert)}
                    disabled={locked}
                    onChange={(e) => update({ wert: readNumber(e.target.value) })}
                    error={wertError !== undefined}
                    helperText={wertError ?? ' '}
                    slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
                    sx={{ maxWidth: 140 }}
                  />
                  <IconButton
                    aria-label="Sonderzahlung entfernen"
                    disabled={locked}
                    onClick={() =>
                      setDraft((d) => ({ ...d, sonderzahlungen: d.sonderzahlungen.filter((_, i) => i !== index) }))
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Paper>
          <TextField
            size="small"
            type="number"
            label="Urlaub aus dem Vorjahr (Tage)"
            value={numberValue(draft.urlaubAusVorjahr)}
            disabled={locked}
            onChange={(e) => setDraft((d) => ({ ...d, urlaubAusVorjahr: readNumber(e.target.value) }))}
            error={errors['urlaubAusVorjahr'] !== undefined}
            helperText={errors['urlaubAusVorjahr']?.[0]}
            slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
          />
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
      <ConfirmDialog
        open={confirmDelete}
        title={payrollMessages.confirmDelete}
        text={payrollMessages.confirmDeleteText}
        confirmLabel="Löschen"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
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
