import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import {
  customerMessages,
  customerSettings,
  firmFacilityFields,
  type CustomerData,
  type CustomerSettings,
  type CustomerSettingsInput,
  NO_VAT_CHOICE,
} from '@hortus/contract/modules/customers';
import type { Facility } from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { FormCheckbox, FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { FacilityHint } from '../../../platform/facility/facility-hint';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useCustomerData, useSaveCustomers } from '../api/customers';
import { ListEditor, nextId, type ListColumn } from '../components/list-editor';
import { MailInboxLine } from '../components/mail-inbox-line';
import { vatCategoryOptions } from '../logic/vat-options';
import { PageWaiting } from '../components/page-waiting';

type Firma = CustomerSettings['firma'];
const firmaFields: {
  key: Exclude<keyof Firma, 'kleinunternehmer' | 'zahlungszielTage'>;
  label: string;
  help?: string;
}[] = [
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
  { key: 'iban', label: 'IBAN', help: 'z. B. DE02 1203 0000 0000 2020 51 (die Prüfziffern werden geprüft)' },
  { key: 'bic', label: 'BIC', help: '8 oder 11 Zeichen, z. B. BYLADEM1001' },
];

const sameAsFacility = 'leer: wie Einrichtung';

/** The facility's value a firm field falls back to; undefined for fields without one (or without the facility). */
function facilityValue(facility: Facility | undefined, key: keyof Firma): string | undefined {
  const facilityKey =
    key in firmFacilityFields ? firmFacilityFields[key as keyof typeof firmFacilityFields] : undefined;
  return facility && facilityKey ? facility[facilityKey] : undefined;
}

type DunningText = Exclude<keyof CustomerSettings['mahnwesen'], 'abstandTage' | 'fristTage'>;
/** Issue 45: fees per level and the default interest (§ 288 BGB: base rate + 5 / + 9 points). */
const dunningFields: { key: DunningText; label: string; help: string }[] = [
  { key: 'gebuehrErinnerung', label: 'Gebühr Zahlungserinnerung (€)', help: 'meist 0,00' },
  { key: 'gebuehrMahnung1', label: 'Gebühr 1. Mahnung (€)', help: 'z. B. 5,00' },
  { key: 'gebuehrMahnung2', label: 'Gebühr 2. Mahnung (€)', help: 'z. B. 10,00' },
  {
    key: 'basiszins',
    label: 'Basiszinssatz (%)',
    help: 'der Deutschen Bundesbank (§ 247 BGB), ändert sich zum 1. Januar und 1. Juli',
  },
  { key: 'zuschlagVerbraucher', label: 'Zuschlag Verbraucher (Prozentpunkte)', help: '§ 288 Abs. 1 BGB: 5' },
  {
    key: 'zuschlagUnternehmer',
    label: 'Zuschlag Unternehmer (Prozentpunkte)',
    help: '§ 288 Abs. 2 BGB: 9 (Kunden mit Firma oder Leitweg-ID)',
  },
];

type DatevText = Exclude<keyof CustomerSettings['datev'], 'sachkontenlaenge' | 'kontenrahmen'>;
const datevFields: { key: DatevText; label: string; help: string }[] = [
  { key: 'beraternummer', label: 'Beraternummer', help: '4 bis 7 Ziffern' },
  { key: 'mandantennummer', label: 'Mandantennummer', help: '1 bis 5 Ziffern' },
  { key: 'bankkonto', label: 'Bankkonto', help: 'SKR03: 1200, SKR04: 1800' },
  {
    key: 'erloeskonto',
    label: 'Erlöskonto 19 % (Standard)',
    help: 'für Einnahmestellen ohne eigenes Konto; SKR03: 8400, SKR04: 4400',
  },
  {
    key: 'erloeskonto7',
    label: 'Erlöskonto 7 % (Standard)',
    help: 'ermäßigter Steuersatz, für Einnahmestellen ohne eigenes Konto; SKR03: 8300, SKR04: 4300',
  },
  {
    key: 'erloeskonto0',
    label: 'Erlöskonto 0 % (Standard)',
    help: 'steuerfreie Umsätze, für Einnahmestellen ohne eigenes Konto; SKR03: 8100, SKR04: 4100',
  },
  {
    key: 'erloeskontoKleinunternehmer',
    label: 'Erlöskonto Kleinunternehmer',
    help: 'alle Erlöse, solange „Kleinunternehmer (§ 19 UStG)“ gewählt ist; SKR03: 8195, SKR04: 4185',
  },
  {
    key: 'aufwandskonto',
    label: 'Aufwandskonto (Standard)',
    help: 'für Kostenstellen ohne eigenes Konto; SKR03: 4900, SKR04: 6300',
  },
];

/** Order and contract statuses: a number and a name. */
const statusColumns: readonly ListColumn<'auftragsstatus' | 'vertragsstatus'>[] = [
  { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
  { key: 'kurz', label: 'Name', kind: 'text' },
];
const newStatus = (rows: readonly { nummer?: number }[]) => ({ nummer: nextId(rows, 'nummer'), kurz: '', icon: '' });

/** An account of an income or cost centre: empty means the default account of the DATEV settings. */
const ownAccount = 'leer: Standardkonto';

/** /410-set: customer group, offline data, statuses, service types, centres, document types, texts, company data. */
export function CustomerSettingsPage() {
  useDismissibleOfflineBanner();
  const query = useCustomerData();
  if (!query.data) return <PageWaiting failed={query.isError} />;
  return <CustomerSettingsForm data={query.data} inbox={<MailInboxLine />} />;
}

/** The form; `inbox` is the invoice inbox's status line (issue 45), shown below it. */
export function CustomerSettingsForm({ data, inbox }: { data: CustomerData; inbox?: ReactNode }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const { mutateAsync: save } = useSaveCustomers();
  const settings = useSettingsForm({
    schema: customerSettings,
    saved: data.settings,
    save: (value) => save({ type: 'saveSettings', data: value }),
    texts: { failure: customerMessages.saveFailed },
  });
  const control = settings.form.control as Control<CustomerSettingsInput, unknown, unknown>;
  const groupOptions = [
    { value: 0, label: 'Keine' },
    ...groups.map((group) => ({ value: group.id, label: group.name })),
  ];
  const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          Einstellungen
        </Typography>
        <SettingsForm settings={settings}>
          <FormSelectField
            control={control}
            name="id_nutzergruppe_kunde"
            label="Nutzergruppe der Kunden"
            options={groupOptions}
            helperText="Mitglieder dieser Gruppe sehen nur die öffentlichen Informationen ihrer eigenen Aufträge."
          />
          <FormCheckbox
            control={control}
            name="dataOffline"
            variant="switch"
            label="Daten offline auf dem Gerät speichern"
          />
          <FormCheckbox
            control={control}
            name="rechnungen_planenCronjobsMoeglich"
            variant="switch"
            label="Geplante Rechnungen durch den Server erlauben"
          />
          <Divider />
          <Typography variant="subtitle1" component="h2">
            Firmendaten für Rechnungen
          </Typography>
          <FacilityHint />
          <Box sx={grid}>
            {firmaFields.map((field) => {
              const fallback = facilityValue(data.einrichtung, field.key);
              return (
                <FormTextField
                  key={field.key}
                  control={control}
                  name={`firma.${field.key}`}
                  label={field.label}
                  helperText={
                    fallback === undefined ? field.help : `${sameAsFacility}: ${fallback || 'nicht angegeben'}`
                  }
                  {...(fallback ? { placeholder: fallback } : {})}
                />
              );
            })}
            <FormNumberField control={control} name="firma.zahlungszielTage" label="Zahlungsziel (Tage)" />
            <FormCheckbox
              control={control}
              name="firma.kleinunternehmer"
              variant="switch"
              label="Kleinunternehmer (§ 19 UStG)"
            />
          </Box>
          <Divider />
          <Typography variant="subtitle1" component="h2">
            DATEV-Export
          </Typography>
          <Box sx={grid}>
            <FormSelectField
              control={control}
              name="datev.kontenrahmen"
              label="Kontenrahmen"
              options={[
                { value: 'SKR03', label: 'SKR03' },
                { value: 'SKR04', label: 'SKR04' },
              ]}
              helperText="Wie der Steuerberater bucht; die Konten unten gehören zu ihm"
            />
            <FormNumberField
              control={control}
              name="datev.sachkontenlaenge"
              label="Sachkontenlänge"
              helperText="meist 4"
            />
            {datevFields.map((field) => (
              <FormTextField
                key={field.key}
                control={control}
                name={`datev.${field.key}`}
                label={field.label}
                helperText={field.help}
              />
            ))}
          </Box>
          <Divider />
          <Typography variant="subtitle1" component="h2">
            Mahnwesen
          </Typography>
          <Box sx={grid}>
            {dunningFields.map((field) => (
              <FormTextField
                key={field.key}
                control={control}
                name={`mahnwesen.${field.key}`}
                label={field.label}
                helperText={field.help}
              />
            ))}
            <FormNumberField
              control={control}
              name="mahnwesen.abstandTage"
              label="Abstand der Mahnstufen (Tage)"
              helperText="frühestens so viele Tage nach dem letzten Schreiben folgt die nächste Stufe"
            />
            <FormNumberField control={control} name="mahnwesen.fristTage" label="Zahlungsfrist im Schreiben (Tage)" />
          </Box>
          <Divider />
          <ListEditor
            control={control}
            name="auftragsstatus"
            title="Auftragsstatus"
            columns={statusColumns}
            newRow={newStatus}
          />
          <ListEditor
            control={control}
            name="vertragsstatus"
            title="Vertragsstatus"
            columns={statusColumns}
            newRow={newStatus}
          />
          <ListEditor
            control={control}
            name="leistungstypen"
            title="Leistungstypen"
            columns={[
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'mwst', label: 'USt. (%)', kind: 'text', width: 110 },
              {
                key: 'ustKategorie',
                label: 'Steuerkategorie',
                kind: 'select',
                width: 200,
                options: vatCategoryOptions,
              },
              {
                key: 'befreiungsgrund',
                label: 'Befreiungsgrund',
                kind: 'text',
                helperText: 'für E, AE, K, G, O; steht auf der Rechnung',
              },
              { key: 'befreiungsgrundCode', label: 'VATEX-Code', kind: 'text', width: 170 },
            ]}
            newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', mwst: '19', ...NO_VAT_CHOICE })}
          />
          <ListEditor
            control={control}
            name="einnahmestellen"
            title="Einnahmestellen"
            columns={[
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'konto', label: 'DATEV-Konto 19 %', kind: 'text', width: 140, helperText: ownAccount },
              { key: 'konto7', label: 'DATEV-Konto 7 %', kind: 'text', width: 140, helperText: ownAccount },
              { key: 'konto0', label: 'DATEV-Konto 0 %', kind: 'text', width: 140, helperText: ownAccount },
            ]}
            newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', konto: '', konto7: '', konto0: '' })}
          />
          <ListEditor
            control={control}
            name="kostenstellen"
            title="Kostenstellen"
            columns={[
              { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'konto', label: 'DATEV-Konto', kind: 'text', width: 140, helperText: ownAccount },
            ]}
            newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), name: '', konto: '' })}
          />
          <ListEditor
            control={control}
            name="auftraegeDokumentarten"
            title="Dokumentarten"
            columns={[
              { key: 'nummer', label: 'Nummer', kind: 'number', width: 100 },
              { key: 'kurz', label: 'Kürzel', kind: 'text', width: 100 },
              { key: 'name', label: 'Name', kind: 'text' },
              { key: 'fuerKosten', label: 'für Kosten', kind: 'bool' },
            ]}
            newRow={(rows) => ({ nummer: nextId(rows, 'nummer'), kurz: '', name: '', fuerKosten: false })}
          />
          <ListEditor
            control={control}
            name="rechnungenTextbloecke"
            title="Textbausteine"
            columns={[
              { key: 'titel', label: 'Titel', kind: 'text', width: 180 },
              { key: 'text', label: 'Text', kind: 'multiline' },
            ]}
            newRow={(rows) => ({ id: nextId(rows, 'id'), titel: '', text: '' })}
          />
          <ListEditor
            control={control}
            name="unterschriften"
            title="Unterschriften"
            columns={[
              { key: 'name', label: 'Name', kind: 'text', width: 180 },
              { key: 'text', label: 'Text', kind: 'multiline' },
            ]}
            newRow={(rows) => ({ id: nextId(rows, 'id'), name: '', text: '' })}
          />
        </SettingsForm>
        {inbox}
      </Paper>
    </PageContainer>
  );
}
