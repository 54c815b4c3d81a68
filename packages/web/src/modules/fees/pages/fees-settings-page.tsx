import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feesSettingsForm, feesSettingsFormOf, feesSettingsOfForm, type FeesData } from '@hortus/contract/modules/fees';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormNumberField, FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useFees, useSaveFees } from '../api/fees';
import { Loading } from './shared';

/** /220-set: creditor, meal price, cut-off, due day, sibling discounts, return fee. */
export function FeesSettingsPage() {
  const query = useFees();
  if (!query.data) return <Loading failed={query.isError} />;
  return <FeesSettingsForm data={query.data} />;
}

function FeesSettingsForm({ data }: { data: FeesData }) {
  const { mutateAsync: save } = useSaveFees();
  const settings = useSettingsForm({
    schema: feesSettingsForm,
    saved: feesSettingsFormOf(data.settings),
    save: (values) => save({ type: 'settings', data: feesSettingsOfForm(values) }),
    texts: { failure: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.' },
  });
  const { control } = settings.form;
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 640 }}>
        <Typography variant="h6" component="h1" gutterBottom>
          Einstellungen Beiträge
        </Typography>
        <SettingsForm settings={settings}>
          <FormTextField control={control} name="glaeubigerId" label="Gläubiger-ID" />
          <FormTextField control={control} name="glaeubigerName" label="Name der Einrichtung (Lastschrift)" />
          <FormTextField control={control} name="glaeubigerIban" label="IBAN der Einrichtung" />
          <FormTextField control={control} name="glaeubigerBic" label="BIC der Einrichtung" />
          <FormTextField control={control} name="essenspreis" label="Preis je Mittagessen (€)" />
          <FormTimeField control={control} name="bestellschluss" label="Bestellschluss (am selben Tag)" />
          <FormNumberField control={control} name="faelligTag" label="Einzug am Tag des Monats" />
          <FormTextField
            control={control}
            name="geschwisterRabatt"
            label="Geschwisterermäßigung in % (1., 2., 3. Kind …)"
          />
          <FormTextField control={control} name="ruecklastGebuehr" label="Gebühr je Rücklastschrift (€)" />
        </SettingsForm>
      </Paper>
    </PageContainer>
  );
}
