import Typography from '@mui/material/Typography';
import { lodasExportInput, lodasMessages } from '@hortus/contract/modules/payroll';
import { useAlert } from '../../../platform/alert/alert-context';
import { FormMonthField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { downloadLodasExport } from '../api/payroll';

/** Failure text when the server did not answer. */
const failure = 'Die Datei konnte nicht erstellt werden. Bitte die Netzwerkverbindung prüfen.';

/**
 * 'Export für das Lohnbüro (DATEV LODAS)': the month's hours per wage type as a LODAS import file. A gap
 * (numbers, Lohnarten) is named by the server above the month; the report (plain-letter names, amounts
 * not in the file) shows as a notice after the download.
 */
export function LodasExportDialog({ month, onClose }: { month: string; onClose(): void }) {
  const form = useSchemaForm(lodasExportInput, { monat: month });
  const alert = useAlert();
  return (
    <FormDialog
      form={form}
      title={lodasMessages.title}
      submitLabel="Herunterladen"
      onSubmit={async ({ monat }) => {
        const report = await downloadLodasExport(monat);
        if (report.length > 0) alert.show(report.join(' '), 'info', 15_000);
      }}
      onClose={onClose}
      texts={{ failure }}
      width={520}
    >
      <Typography variant="body2" color="text.secondary">
        Die Stunden der gespeicherten Abrechnungen des Monats je Mitarbeiter und DATEV-Lohnart, als Importdatei für
        DATEV LODAS. Dafür brauchen alle Mitarbeiter eine Personalnummer und alle Lohngruppen eine DATEV-Lohnart;
        Berater- und Mandantennummer stehen in den Einstellungen.
      </Typography>
      <FormMonthField control={form.control} name="monat" label="Monat" />
    </FormDialog>
  );
}
