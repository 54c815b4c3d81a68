import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { gobdMessages, gobdPeriodInput } from '@hortus/contract/modules/customers';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormSelectField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { downloadGobdExport } from '../api/audit';

/** The choice 'Zeitraum' stands for an own period of days (`jahr` empty). */
const OWN_PERIOD = '';

/**
 * The period of the GoBD data export (issue 45): a business year (the years the overview offers) or an own
 * period of days; the server checks the same schema and answers the ZIP, which is downloaded.
 */
export function GobdExportDialog({
  years,
  year,
  onClose,
}: {
  years: readonly number[];
  year: number;
  onClose(): void;
}) {
  const form = useSchemaForm(gobdPeriodInput, { jahr: String(year), von: '', bis: '' });
  const jahr = useWatch({ control: form.control, name: 'jahr' });
  return (
    <FormDialog
      form={form}
      title="GoBD-Datenexport"
      submitLabel="Exportieren"
      onSubmit={(values) =>
        downloadGobdExport(values.jahr === OWN_PERIOD ? values : { jahr: values.jahr, von: '', bis: '' })
      }
      onClose={onClose}
      texts={{ failure: gobdMessages.exportFailed }}
      serverErrorPrefix="zeitraum."
      width={520}
    >
      <Typography variant="body2" color="text.secondary">
        Daten für die Außenprüfung (Datenträgerüberlassung): index.xml nach dem Beschreibungsstandard mit den Tabellen
        der Rechnungen, Zahlungseingänge, Kosten, Mahnungen und Bankumsätze und den Rechnungen als PDF.
      </Typography>
      <FormSelectField
        control={form.control}
        name="jahr"
        label="Zeitraum"
        options={[
          ...years.map((option) => ({ value: String(option), label: `Geschäftsjahr ${option}` })),
          { value: OWN_PERIOD, label: 'Eigener Zeitraum' },
        ]}
      />
      {jahr === OWN_PERIOD && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDateField control={form.control} name="von" label="Von" />
          <FormDateField control={form.control} name="bis" label="Bis" />
        </Stack>
      )}
    </FormDialog>
  );
}
