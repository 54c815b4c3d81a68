import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatCentsGerman, parseCents } from '@hortus/contract';
import type { FeesData } from '@hortus/contract/modules/fees';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { PageContainer } from '../../../platform/layout/page-container';
import { useFees, useSaveFees } from '../api/fees';
import { errorText, Loading } from './shared';

type Form = Record<
  | 'glaeubigerId'
  | 'glaeubigerName'
  | 'glaeubigerIban'
  | 'glaeubigerBic'
  | 'essenspreis'
  | 'bestellschluss'
  | 'faelligTag'
  | 'geschwisterRabatt'
  | 'ruecklastGebuehr',
  string
>;

const formOf = (settings: FeesData['settings']): Form => ({
  glaeubigerId: settings.glaeubigerId,
  glaeubigerName: settings.glaeubigerName,
  glaeubigerIban: settings.glaeubigerIban,
  glaeubigerBic: settings.glaeubigerBic,
  essenspreis: formatCentsGerman(settings.essenspreis),
  bestellschluss: settings.bestellschluss,
  faelligTag: String(settings.faelligTag),
  geschwisterRabatt: settings.geschwisterRabatt.join(', '),
  ruecklastGebuehr: formatCentsGerman(settings.ruecklastGebuehr),
});

const labels: Record<keyof Form, string> = {
  glaeubigerId: 'Gläubiger-ID',
  glaeubigerName: 'Name der Einrichtung (Lastschrift)',
  glaeubigerIban: 'IBAN der Einrichtung',
  glaeubigerBic: 'BIC der Einrichtung',
  essenspreis: 'Preis je Mittagessen (€)',
  bestellschluss: 'Bestellschluss (HH:MM, am selben Tag)',
  faelligTag: 'Einzug am Tag des Monats',
  geschwisterRabatt: 'Geschwisterermäßigung in % (1., 2., 3. Kind …)',
  ruecklastGebuehr: 'Gebühr je Rücklastschrift (€)',
};

/** /220-set: creditor, meal price, cut-off, due day, sibling discounts, return fee. */
export function FeesSettingsPage() {
  const query = useFees();
  const save = useSaveFees();
  const alert = useAlert();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (query.data && !form) setForm(formOf(query.data.settings));
  }, [query.data, form]);
  if (!query.data || !form) return <Loading failed={query.isError} />;
  const submit = () => {
    setErrors({});
    save.mutate(
      {
        type: 'settings',
        data: {
          glaeubigerId: form.glaeubigerId,
          glaeubigerName: form.glaeubigerName,
          glaeubigerIban: form.glaeubigerIban,
          glaeubigerBic: form.glaeubigerBic,
          essenspreis: parseCents(form.essenspreis) ?? Number.NaN,
          bestellschluss: form.bestellschluss,
          faelligTag: Number(form.faelligTag),
          geschwisterRabatt: form.geschwisterRabatt
            .split(/[\s,;]+/)
            .filter((part) => part !== '')
            .map(Number),
          ruecklastGebuehr: parseCents(form.ruecklastGebuehr) ?? Number.NaN,
        },
      },
      {
        onSuccess: () => alert.success('Gespeichert.'),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.errors);
          alert.error(errorText(error));
        },
      },
    );
  };
  const fieldError = (key: keyof Form) =>
    Object.entries(errors).find(
      ([path]) => path === `dataToSave.data.${key}` || path.startsWith(`dataToSave.data.${key}.`),
    )?.[1][0];
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 640 }}>
        <Stack spacing={2}>
          {(Object.keys(labels) as (keyof Form)[]).map((key) => (
            <TextField
              key={key}
              label={labels[key]}
              value={form[key]}
              error={fieldError(key) !== undefined}
              helperText={fieldError(key)}
              onChange={(event) => setForm({ ...form, [key]: event.target.value })}
            />
          ))}
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Speichern
          </Button>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
