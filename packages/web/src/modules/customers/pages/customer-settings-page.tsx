import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { customerMessages, type CustomerData, type CustomerSettings } from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCustomerData, useSaveCustomers } from '../api/customers';
import { ListEditor, nextId } from '../components/list-editor';

type Firma = CustomerSettings['firma'];
const firmaFields: { key: Exclude<keyof Firma, 'kleinunternehmer' | 'zahlungszielTage'>; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'strasse', label: 'Straße' },
  { key: 'hausnummer', label: 'Hausnummer' },
  { key: 'plz', label: 'PLZ' },
  { key: 'ort', label: 'Ort' },
  { key: 'telefon', label: 'Telefon' },
  { key: 'mail', label: 'E-Mail' },
  { key: 'steuernummer', label: 'Steuernummer' },
  { key: 'ustId', label: 'USt-IdNr.' },
  { key: 'bank', label: 'Bank' },
  { key: 'iban', label: 'IBAN' },
  { key: 'bic', label: 'BIC' },
];

const datevFields: { key: keyof CustomerSettings['datev']; label: string; help: string }[] = [
  { key: 'beraternummer', label: 'Beraternummer', help: '4 bis 7 Ziffern' },
  { key: 'mandantennummer', label: 'Mandantennummer', help: '1 bis 5 Ziffern' },
  { key: 'sachkontenlaenge', label: 'Sachkontenlänge', help: 'meist 4' },
  { key: 'bankkonto', label: 'Bankkonto', help: 'SKR03: 1200' },
  { key: 'erloeskonto', label: 'Erlöskonto (Standard)', help: 'für Einnahmestellen ohne eigenes Konto' },
  { key: 'aufwandskonto', label: 'Aufwandskonto (Standard)', help: 'für Kostenstellen ohne eigenes Konto' },
];

/** /410-set: customer group, offline data, statuses, service types, centres, document types, texts, company data. */
export function CustomerSettingsPage() {
  useDismissibleOfflineBanner();
  const query = useCustomerData();
  if (!query.data)
    return (
      <PageContainer>
        {query.isError ? (
          <Typography role="alert">{customerMessages.loadFailed}</Typography>
        ) : (
          <PageLoading text={customerMessages.loading} />
        )}
      </PageContainer>
    );
  return <SettingsForm key={query.dataUpdatedAt} data={query.data} />;
}

function SettingsForm({ data }: { data: CustomerData }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveCustomers();
  const [value, setValue] = useState<CustomerSettings>(data.settings);
  const set = <K extends keyof CustomerSettings>(key: K, next: CustomerSettings[K]) =>
    setValue({ ...value, [key]: next });
  const setFirma = (patch: Partial<Firma>) => setValue({ ...value, firma: { ...value.firma, ...patch } });
  const submit = () =>
    saveAction(() => save({ type: 'saveSettings', data: value }), {
      success: 'Die Einstellungen wurden erfolgreich gespeichert.',
      failure: customerMessages.saveFailed,
    });

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <SubmitForm onSubmit={submit}>
          <Stack spacing={3}>
            <Typography variant="h6" component="h1">
              Einstellungen
            </Typography>
            <TextField
              select
              label="Nutzergruppe der Kunden"
              value={value.id_nutzergruppe_kunde}
              onChange={(event) => set('id_nutzergruppe_kunde', Number(event.target.value))}
              helperText="Mitglieder dieser Gruppe sehen nur die öffentlichen Informationen ihrer eigenen Aufträge."
            >
              <MenuItem value={0}>Keine</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch checked={value.dataOffline} onChange={(event) => set('dataOffline', event.target.checked)} />
              }
              label="Daten offline auf dem Gerät speichern"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={value.rechnungen_planenCronjobsMoeglich}
                  onChange={(event) => set('rechnungen_planenCronjobsMoeglich', event.target.checked)}
                />
              }
              label="Geplante Rechnungen durch den Server erlauben"
            />
            <Divider />
            <Typography variant="subtitle1" component="h2">
              Firmendaten für Rechnungen
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {firmaFields.map((field) => (
                <TextField
                  key={field.key}
                  label={field.label}
                  value={value.firma[field.key]}
                  onChange={(event) => setFirma({ [field.key]: event.target.value })}
                />
              ))}
              <TextField
                label="Zahlungsziel (Tage)"
                type="number"
                value={value.firma.zahlungszielTage}
                onChange={(event) => setFirma({ zahlungszielTage: Number(event.target.value) })}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={value.firma.kleinunternehmer}
                    onChange={(event) => setFirma({ kleinunternehmer: event.target.checked })}
                  />
                }
                label="Kleinunternehmer (§ 19 UStG)"
              />
            </Box>
            <Divider />
            <Typography variant="subtitle1" component="h2">
              DATEV-Export
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {datevFields.map((field) => (
                <TextField
                  key={field.key}
                  label={field.label}
                  value={value.datev[field.key]}
                  helperText={field.help}
                  onChange={(event) =>
                    set('datev', {
                      ...value.datev,
                      [field.key]: field.key === 'sachkontenlaenge' ? Number(event.target.value) : event.target.value,
                    })
                  }
                />
              ))}
            </Box>
            <Divider />
            <ListEditor
              title="Auftragsstatus"
              rows={value.auftragsstatus}
              columns={[
                { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
                { key: 'kurz', label: 'Name', kind: 'text' },
              ]}
              onChange={(rows) => set('auftragsstatus', rows)}
              newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), kurz: '', icon: '' })}
            />
            <ListEditor
              title="Vertragsstatus"
              rows={value.vertragsstatus}
              columns={[
                { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
                { key: 'kurz', label: 'Name', kind: 'text' },
              ]}
              onChange={(rows) => set('vertragsstatus', rows)}
              newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), kurz: '', icon: '' })}
            />
            <ListEditor
              title="Leistungstypen"
              rows={value.leistungstypen}
              columns={[
                { key: 'name', label: 'Name', kind: 'text' },
                { key: 'mwst', label: 'USt. (%)', kind: 'text', width: 110 },
              ]}
              onChange={(rows) => set('leistungstypen', rows)}
              newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', mwst: '19' })}
            />
            <ListEditor
              title="Einnahmestellen"
              rows={value.einnahmestellen}
              columns={[
                { key: 'name', label: 'Name', kind: 'text' },
                { key: 'konto', label: 'DATEV-Konto', kind: 'text', width: 140 },
              ]}
              onChange={(rows) => set('einnahmestellen', rows)}
              newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', konto: '' })}
            />
            <ListEditor
              title="Kostenstellen"
              rows={value.kostenstellen}
              columns={[
                { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
                { key: 'name', label: 'Name', kind: 'text' },
                { key: 'konto', label: 'DATEV-Konto', kind: 'text', width: 140 },
              ]}
              onChange={(rows) => set('kostenstellen', rows)}
              newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), name: '', konto: '' })}
            />
            <ListEditor
              title="Dokumentarten"
              rows={value.auftraegeDokumentarten}
              columns={[
                { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
                { key: 'kurz', label: 'Kürzel', kind: 'text', width: 100 },
                { key: 'name', label: 'Name', kind: 'text' },
                { key: 'fuerKosten', label: 'für Kosten', kind: 'bool' },
              ]}
              onChange={(rows) => set('auftraegeDokumentarten', rows)}
              newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), kurz: '', name: '', fuerKosten: false })}
            />
            <ListEditor
              title="Textbausteine"
              rows={value.rechnungenTextbloecke}
              columns={[
                { key: 'titel', label: 'Titel', kind: 'text', width: 180 },
                { key: 'text', label: 'Text', kind: 'multiline' },
              ]}
              onChange={(rows) => set('rechnungenTextbloecke', rows)}
              newRow={(rows) => ({ id: nextId(rows, 'id'), titel: '', text: '' })}
            />
            <ListEditor
              title="Unterschriften"
              rows={value.unterschriften}
              columns={[
                { key: 'name', label: 'Name', kind: 'text', width: 180 },
                { key: 'text', label: 'Text', kind: 'multiline' },
              ]}
              onChange={(rows) => set('unterschriften', rows)}
              newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', text: '' })}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained">
                Speichern
              </Button>
            </Box>
          </Stack>
        </SubmitForm>
      </Paper>
    </PageContainer>
  );
}
