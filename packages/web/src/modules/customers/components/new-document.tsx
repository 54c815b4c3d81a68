import { useEffect, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  customerMessages,
  DEFAULT_DOCUMENT_HOUR,
  documentInput,
  plannableHours,
  type CustomerData,
  type DocumentInput,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useFormSave } from '../../../platform/forms/use-form-save';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useCreateDocument } from '../api/customers';
import { repeatOptions } from '../logic/options';
import { todayIso } from '../logic/today';

type DocumentKind = DocumentInput['dokumentart'];

const kindLabels: Record<DocumentKind, string> = {
  1: 'Rechnung',
  2: 'Angebot',
  3: 'Rechnungskorrektur',
  4: 'Zahlungserinnerung',
};

function startValues(order: OrderView, data: CustomerData): DocumentInput {
  const customer = data.kunden.find((k) => k.id === order.id_kunde);
  return {
    id_auftrag: order.id,
    dokumentart: 1,
    automatischeReAnNummer: true,
    reAnNummer: '',
    datum: todayIso(),
    lieferdatum: '',
    anschriftId: customer?.anschriften[0]?.id ?? 0,
    ansprechpartnerId: customer?.ansprechpartner[0]?.id ?? 0,
    useIndividuelleAnschrift: !customer || customer.anschriften.length === 0,
    individuelleAnschrift: '',
    textbloecke: [],
    individuellerTextblock: '',
    anzahlung: '',
    unterschriftId: data.settings.unterschriften[0]?.id ?? 0,
    angebotUnterschriftAuftragnehmer: false,
    ueberschreiben: false,
    rechnungId: 0,
    terminPlanen: false,
    entwurf: false,
    terminPlanenUhrzeit: DEFAULT_DOCUMENT_HOUR,
    terminPlanenWiederholen: '0',
    terminPlanenSenden: false,
    terminPlanenSendenText: '',
  };
}

/** The text blocks to print: one checkbox per block of the settings, bound to the list of their ids. */
function TextBlocks({ control, data }: { control: Control<DocumentInput>; data: CustomerData }) {
  const { field } = useController({ control, name: 'textbloecke' });
  const chosen = field.value ?? [];
  if (data.settings.rechnungenTextbloecke.length === 0) return null;
  return (
    <Box>
      <Typography variant="body2">Textbausteine</Typography>
      {data.settings.rechnungenTextbloecke.map((block) => (
        <FormControlLabel
          key={block.id}
          label={block.titel}
          control={
            <Checkbox
              checked={chosen.includes(block.id)}
              onChange={(event) =>
                field.onChange(event.target.checked ? [...chosen, block.id] : chosen.filter((id) => id !== block.id))
              }
            />
          }
        />
      ))}
    </Box>
  );
}

/** A refusal the form shows as a line of text (fields without an input of their own). */
function FormLine({ message }: { message: string | undefined }) {
  return message ? <Typography color="error">{message}</Typography> : null;
}

/**
 * The form for a new invoice, offer, credit note or payment reminder of an order, on the platform form
 * layer: the contract's documentInput checks it, the server's refusals land on their fields, and a change
 * of the document kind clears the refusals of the kind before (they were about another document).
 * It sits inside the order dialog's form, so its button submits by click, not as a nested form.
 */
export function NewDocument({ order, data }: { order: OrderView; data: CustomerData }) {
  const customer = data.kunden.find((k) => k.id === order.id_kunde);
  const form = useSchemaForm(documentInput, startValues(order, data));
  const { control, formState } = form;
  const formSave = useFormSave(form, { prefix: 'dokument.' });
  const [overwrite, setOverwrite] = useState(false);
  const { mutateAsync: create } = useCreateDocument();
  const [dokumentart, automatic, individual, terminPlanen, sending, datum, uhrzeit, entwurf] = useWatch({
    control,
    name: [
      'dokumentart',
      'automatischeReAnNummer',
      'useIndividuelleAnschrift',
      'terminPlanen',
      'terminPlanenSenden',
      'datum',
      'terminPlanenUhrzeit',
      'entwurf',
    ],
  });
  const isInvoice = dokumentart === 1;
  // A cancelled invoice or a Stornorechnung gets neither a credit note nor a reminder (issue 45).
  const invoices = order.dokumente.filter(
    (document) => document.dokumentart === 1 && document.status !== 'storniert' && !document.stornoZu,
  );
  const now = new Date();
  const hours = data.settings.rechnungen_planenCronjobsMoeglich
    ? plannableHours(datum, todayIso(now), now.getHours())
    : [];
  // Scheduling only for today or later and while an hour is left; otherwise it is switched off.
  const planning = Boolean(terminPlanen) && hours.length > 0;
  const hour = hours.includes(uhrzeit ?? DEFAULT_DOCUMENT_HOUR)
    ? (uhrzeit ?? DEFAULT_DOCUMENT_HOUR)
    : (hours[0] ?? DEFAULT_DOCUMENT_HOUR);
  const errorOf = (name: keyof DocumentInput) => formState.errors[name]?.message;
  // Issue 45: an invoice made now may be saved as a draft (no invoice number; issued later from the list).
  const draft = isInvoice && !planning && Boolean(entwurf);
  const firstInvoice = invoices[0]?.id ?? 0;

  // Another kind of document: credit notes and reminders start with the first invoice, and the refusals of
  // the kind before (a refused reminder's 'Zur Rechnung') no longer apply.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name !== 'dokumentart') return;
      form.clearErrors();
      form.setValue('rechnungId', firstInvoice);
    });
    return () => subscription.unsubscribe();
  }, [form, firstInvoice]);

  const submit = (confirmOverwrite: boolean) =>
    form.handleSubmit(async () => {
      const made = await formSave(
        async () => {
          await create({
            ...form.getValues(),
            terminPlanen: planning,
            entwurf: draft,
            terminPlanenUhrzeit: hour,
            ueberschreiben: confirmOverwrite,
          });
        },
        { failure: customerMessages.saveFailed },
      );
      if (made) {
        // A planned document answers without neuDokument: nothing is added and no message shows (business.md 7.2).
        form.setValue('reAnNummer', '');
        form.setValue('automatischeReAnNummer', true);
        return;
      }
      if (form.getFieldState('reAnNummer').error?.message === customerMessages.documentNumberExists) setOverwrite(true);
    })();

  const kinds: DocumentKind[] = invoices.length > 0 ? [1, 2, 3, 4] : [1, 2];

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h4">
          Neues Dokument
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <FormSelectField
            control={control}
            name="dokumentart"
            label="Dokumentart"
            options={kinds.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
            sx={{ minWidth: 150 }}
          />
          {(dokumentart === 3 || dokumentart === 4) && (
            <FormSelectField
              control={control}
              name="rechnungId"
              label="Zur Rechnung"
              options={invoices.map((invoice) => ({ value: invoice.id, label: invoice.name }))}
              sx={{ minWidth: 180 }}
            />
          )}
          <FormDateField control={control} name="datum" label="Datum" />
          {isInvoice && (
            <FormDateField
              control={control}
              name="lieferdatum"
              label="Leistungsdatum"
              helperText="Leer: Datum des Dokuments"
            />
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <FormCheckbox control={control} name="automatischeReAnNummer" label="Nummer automatisch" variant="switch" />
          {!automatic && (
            <FormTextField
              control={control}
              name="reAnNummer"
              label="Nummer"
              placeholder={draft ? 'ENTWURF-2026-0001' : isInvoice ? 'RE-2026-0001' : 'AN-2026-0001'}
            />
          )}
        </Stack>
        {customer && customer.ansprechpartner.length > 0 && (
          <FormSelectField
            control={control}
            name="ansprechpartnerId"
            label="Ansprechpartner"
            options={[
              { value: 0, label: 'Kein Ansprechpartner' },
              ...customer.ansprechpartner.map((contact) => ({
                value: contact.id,
                label: `${contact.anrede} ${contact.vorname} ${contact.nachname}`,
              })),
            ]}
          />
        )}
        <FormCheckbox
          control={control}
          name="useIndividuelleAnschrift"
          label="Individuelle Anschrift"
          variant="switch"
        />
        {individual ? (
          <FormTextField
            control={control}
            name="individuelleAnschrift"
            label="Anschrift"
            multiline
            minRows={3}
            helperText="Eine Zeile je Adresszeile, zuletzt PLZ und Ort"
          />
        ) : (
          <FormSelectField
            control={control}
            name="anschriftId"
            label="Anschrift"
            options={(customer?.anschriften ?? []).map((address) => ({
              value: address.id,
              label: [address.bezeichnung, address.firma, address.strasse, address.ort].filter(Boolean).join(', '),
            }))}
          />
        )}
        <TextBlocks control={control} data={data} />
        <FormTextField control={control} name="individuellerTextblock" label="Individueller Text" multiline />
        {isInvoice ? (
          <FormTextField control={control} name="anzahlung" label="Anzahlung brutto (€)" />
        ) : (
          data.settings.unterschriften.length > 0 && (
            <FormCheckbox
              control={control}
              name="angebotUnterschriftAuftragnehmer"
              label="Unterschrift des Auftragnehmers"
              variant="switch"
            />
          )
        )}
        {hours.length > 0 && (
          <FormCheckbox
            control={control}
            name="terminPlanen"
            label="Termin planen (Erstellung durch den Server)"
            variant="switch"
          />
        )}
        {planning && (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <FormSelectField
                control={control}
                name="terminPlanenUhrzeit"
                label="Uhrzeit"
                options={hours.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
                sx={{ minWidth: 120 }}
              />
              {order.typ === 'Vertrag' && (
                <FormSelectField
                  control={control}
                  name="terminPlanenWiederholen"
                  label="Wiederholen"
                  options={repeatOptions}
                  sx={{ minWidth: 200 }}
                />
              )}
            </Stack>
            <FormCheckbox
              control={control}
              name="terminPlanenSenden"
              label="Per E-Mail an den Ansprechpartner senden"
              variant="switch"
            />
            <FormLine message={errorOf('terminPlanenSenden')} />
            {sending && (
              <FormTextField control={control} name="terminPlanenSendenText" label="Text der E-Mail" multiline />
            )}
          </Stack>
        )}
        {isInvoice && !planning && (
          <FormCheckbox
            control={control}
            name="entwurf"
            label="Als Entwurf speichern (ohne Rechnungsnummer)"
            variant="switch"
          />
        )}
        <FormLine message={errorOf('entwurf')} />
        <FormLine message={errorOf('terminPlanen')} />
        <FormLine message={errorOf('id_auftrag')} />
        <Box>
          <Button variant="contained" onClick={() => void submit(false)}>
            {planning ? 'Dokument planen' : draft ? 'Entwurf speichern' : `${kindLabels[dokumentart]} erstellen`}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={overwrite}
        title="Dokument überschreiben?"
        text={customerMessages.documentNumberExists}
        confirmLabel="Überschreiben"
        onCancel={() => setOverwrite(false)}
        onConfirm={() => {
          setOverwrite(false);
          void submit(true);
        }}
      />
    </Paper>
  );
}
