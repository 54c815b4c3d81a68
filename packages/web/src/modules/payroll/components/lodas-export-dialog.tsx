import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { lodasMessages, lohnGehaltMessages, payrollExportInput } from '@hortus/contract/modules/payroll';
import { useAlert } from '../../../platform/alert/alert-context';
import { FormMonthField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { downloadLodasExport, downloadLohnGehaltExport } from '../api/payroll';

/** Failure text when the server did not answer. */
const failure = 'Die Datei konnte nicht erstellt werden. Bitte die Netzwerkverbindung prüfen.';

interface ExportDialogProps {
  month: string;
  onClose(): void;
}

/**
 * A payroll-office export: the month, then the server's file. A gap (numbers, Lohnarten) is named by the
 * server above the month; the report (plain-letter names, amounts not in the file) shows as a notice after
 * the download.
 */
function PayrollExportDialog({
  month,
  onClose,
  title,
  download,
  children,
}: ExportDialogProps & { title: string; download(monat: string): Promise<string[]>; children: ReactNode }) {
  const form = useSchemaForm(payrollExportInput, { monat: month });
  const alert = useAlert();
  return (
    <FormDialog
      form={form}
      title={title}
      submitLabel="Herunterladen"
      onSubmit={async ({ monat }) => {
        const report = await download(monat);
        if (report.length > 0) alert.show(report.join(' '), 'info', 15_000);
      }}
      onClose={onClose}
      texts={{ failure }}
      width={520}
    >
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
      <FormMonthField control={form.control} name="monat" label="Monat" />
    </FormDialog>
  );
}

/** 'Export für das Lohnbüro (DATEV LODAS)': the month's hours per wage type as a LODAS import file. */
export function LodasExportDialog(props: ExportDialogProps) {
  return (
    <PayrollExportDialog {...props} title={lodasMessages.title} download={downloadLodasExport}>
      Die Stunden der gespeicherten Abrechnungen des Monats je Mitarbeiter und DATEV-Lohnart, als Importdatei für DATEV
      LODAS. Dafür brauchen alle Mitarbeiter eine Personalnummer und alle Lohngruppen eine DATEV-Lohnart; Berater- und
      Mandantennummer stehen in den Einstellungen.
    </PayrollExportDialog>
  );
}

/**
 * 'Export für das Lohnbüro (DATEV Lohn und Gehalt)': the month's hours per wage type (and day) as movement
 * data with the record description the payroll office reads in once, one ZIP.
 */
export function LohnGehaltExportDialog(props: ExportDialogProps) {
  return (
    <PayrollExportDialog {...props} title={lohnGehaltMessages.title} download={downloadLohnGehaltExport}>
      Die Stunden der gespeicherten Abrechnungen des Monats je Mitarbeiter, DATEV-Lohnart und – bei Stundenlohn –
      Kalendertag, als ZIP mit den Bewegungsdaten und der Datensatzbeschreibung, die das Lohnbüro einmal in DATEV Lohn
      und Gehalt einliest. Dafür brauchen alle Mitarbeiter eine Personalnummer und alle Lohngruppen eine DATEV-Lohnart.
    </PayrollExportDialog>
  );
}
