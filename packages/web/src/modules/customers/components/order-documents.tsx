import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  customerMessages,
  DEFAULT_DOCUMENT_HOUR,
  formatEuro,
  formatGermanDate,
  formatGermanDateTime,
  plannableHours,
  type CustomerData,
  type DocumentInput,
  type OrderDocumentView,
  type OrderView,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DateInput } from '../../../platform/forms/date-pickers';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { DeleteDocumentConfirm } from './delete-document-confirm';
import { downloadDocument, useCreateDocument, useDeleteDocument, useUploadDocument } from '../api/customers';
import { todayIso } from '../logic/today';

const typeNames: Record<number, string> = {
  1: 'Rechnung',
  2: 'Angebot',
  3: 'Gutschrift',
  4: 'Zahlungserinnerung',
  20: 'Buchungsbeleg',
  100: 'Hochgeladen',
};

/** Documents of an order (download, delete) and, for staff, the form for a new invoice or offer. */
export function OrderDocuments({ order, data }: { order: OrderView; data: CustomerData }) {
  const [deleting, setDeleting] = useState<OrderDocumentView | null>(null);
  const { mutateAsync: remove } = useDeleteDocument();
  const readOnly = data.istKunde;
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Dokumente
      </Typography>
      {order.dokumente.length === 0 && <Typography color="text.secondary">{customerMessages.noDocuments}</Typography>}
      {order.dokumente.map((document) => (
        <Stack key={document.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="order-document">
          <Box sx={{ flex: 1 }}>
            <Link
              component="button"
              type="button"
              onClick={() => void downloadDocument(document.pfad, `${document.name}.pdf`).catch(() => undefined)}
            >
              {document.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {typeNames[document.dokumentart] ?? ''} · {formatGermanDate(document.dateUpload)} ·{' '}
              {formatEuro(document.wert)}
            </Typography>
            {document.pfadXml !== '' && (
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => void downloadDocument(document.pfadXml, `${document.name}-xrechnung.xml`)}
              >
                XRechnung (XML)
              </Link>
            )}
          </Box>
          {!readOnly && (
            <IconButton aria-label={`${document.name} löschen`} color="error" onClick={() => setDeleting(document)}>
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      {!readOnly && <UploadDocument order={order} />}
      {!readOnly && <NewDocument order={order} data={data} />}
      <DeleteDocumentConfirm
        document={deleting}
        onClose={() => setDeleting(null)}
        remove={(document) => remove({ orderId: order.id, document })}
      />
    </Stack>
  );
}

function NewDocument({ order, data }: { order: OrderView; data: CustomerData }) {
  const customer = data.kunden.find((k) => k.id === order.id_kunde);
  const [draft, setDraft] = useState<DocumentInput>(() => ({
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
    terminPlanenUhrzeit: DEFAULT_DOCUMENT_HOUR,
    terminPlanenWiederholen: '0',
    terminPlanenSenden: false,
    terminPlanenSendenText: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overwrite, setOverwrite] = useState(false);
  const saveAction = useSaveAction();
  const alert = useAlert();
  const { mutateAsync: create } = useCreateDocument();
  const change = (patch: Partial<DocumentInput>) => setDraft((current) => ({ ...current, ...patch }));
  const isInvoice = draft.dokumentart === 1;
  const invoices = order.dokumente.filter((document) => document.dokumentart === 1);
  const now = new Date();
  const hours = data.settings.rechnungen_planenCronjobsMoeglich
    ? plannableHours(draft.datum, todayIso(now), now.getHours())
    : [];
  // Scheduling only for today or later and while an hour is left; otherwise it is switched off.
  const planning = Boolean(draft.terminPlanen) && hours.length > 0;
  const hour = hours.includes(draft.terminPlanenUhrzeit ?? DEFAULT_DOCUMENT_HOUR)
    ? (draft.terminPlanenUhrzeit ?? DEFAULT_DOCUMENT_HOUR)
    : (hours[0] ?? DEFAULT_DOCUMENT_HOUR);

  const submit = async (confirmOverwrite: boolean) => {
    setErrors({});
    let failure: unknown = null;
    const made = await saveAction(
      async () => {
        try {
          return await create({
            ...draft,
            terminPlanen: planning,
            terminPlanenUhrzeit: hour,
            ueberschreiben: confirmOverwrite,
          });
        } catch (error) {
          failure = error;
          throw error;
        }
      },
      { failure: customerMessages.saveFailed },
    );
    if (made) {
      if (made.geplant) alert.success(customerMessages.planned(formatGermanDateTime(made.geplant.zeitpunkt)));
      change({ reAnNummer: '', automatischeReAnNummer: true });
      return;
    }
    if (failure instanceof ApiError && failure.errors) {
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.errors).map(([key, list]) => [key.replace(/^dokument\./, ''), list[0] ?? '']),
      );
      setErrors(fieldErrors);
      if (fieldErrors.reAnNummer === customerMessages.documentNumberExists) setOverwrite(true);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h4">
          Neues Dokument
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            label="Dokumentart"
            value={draft.dokumentart}
            onChange={(event) => {
              const value = Number(event.target.value);
              change({
                dokumentart: value === 2 || value === 3 || value === 4 ? value : 1,
                rechnungId: invoices[0]?.id ?? 0,
              });
            }}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={1}>Rechnung</MenuItem>
            <MenuItem value={2}>Angebot</MenuItem>
            {invoices.length > 0 && <MenuItem value={3}>Gutschrift</MenuItem>}
            {invoices.length > 0 && <MenuItem value={4}>Zahlungserinnerung</MenuItem>}
          </TextField>
          {(draft.dokumentart === 3 || draft.dokumentart === 4) && (
            <TextField
              select
              label="Zur Rechnung"
              value={draft.rechnungId}
              onChange={(event) => change({ rechnungId: Number(event.target.value) })}
              error={!!errors.rechnungId}
              helperText={errors.rechnungId}
              sx={{ minWidth: 180 }}
            >
              {invoices.map((invoice) => (
                <MenuItem key={invoice.id} value={invoice.id}>
                  {invoice.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DateInput
            label="Datum"
            value={draft.datum}
            onChange={(datum) => change({ datum })}
            error={!!errors.datum}
            helperText={errors.datum}
          />
          {isInvoice && (
            <DateInput
              label="Leistungsdatum"
              value={draft.lieferdatum ?? ''}
              onChange={(lieferdatum) => change({ lieferdatum })}
              helperText={errors.lieferdatum ?? 'Leer: Datum des Dokuments'}
              error={!!errors.lieferdatum}
            />
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.automatischeReAnNummer}
                onChange={(event) => change({ automatischeReAnNummer: event.target.checked })}
              />
            }
            label="Nummer automatisch"
          />
          {!draft.automatischeReAnNummer && (
            <TextField
              label="Nummer"
              value={draft.reAnNummer}
              placeholder={isInvoice ? 'RE-2026-0001' : 'AN-2026-0001'}
              onChange={(event) => change({ reAnNummer: event.target.value })}
              error={!!errors.reAnNummer}
              helperText={errors.reAnNummer}
            />
          )}
        </Stack>
        {customer && customer.ansprechpartner.length > 0 && (
          <TextField
            select
            label="Ansprechpartner"
            value={draft.ansprechpartnerId}
            onChange={(event) => change({ ansprechpartnerId: Number(event.target.value) })}
          >
            <MenuItem value={0}>Kein Ansprechpartner</MenuItem>
            {customer.ansprechpartner.map((contact) => (
              <MenuItem key={contact.id} value={contact.id}>
                {`${contact.anrede} ${contact.vorname} ${contact.nachname}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={draft.useIndividuelleAnschrift}
              onChange={(event) => change({ useIndividuelleAnschrift: event.target.checked })}
            />
          }
          label="Individuelle Anschrift"
        />
        {draft.useIndividuelleAnschrift ? (
          <TextField
            label="Anschrift"
            multiline
            minRows={3}
            value={draft.individuelleAnschrift}
            onChange={(event) => change({ individuelleAnschrift: event.target.value })}
            error={!!errors.individuelleAnschrift}
            helperText={errors.individuelleAnschrift ?? 'Eine Zeile je Adresszeile, zuletzt PLZ und Ort'}
          />
        ) : (
          <TextField
            select
            label="Anschrift"
            value={draft.anschriftId}
            onChange={(event) => change({ anschriftId: Number(event.target.value) })}
            error={!!errors.anschriftId}
            helperText={errors.anschriftId}
          >
            {(customer?.anschriften ?? []).map((address) => (
              <MenuItem key={address.id} value={address.id}>
                {[address.bezeichnung, address.firma, address.strasse, address.ort].filter(Boolean).join(', ')}
              </MenuItem>
            ))}
          </TextField>
        )}
        {data.settings.rechnungenTextbloecke.length > 0 && (
          <Box>
            <Typography variant="body2">Textbausteine</Typography>
            {data.settings.rechnungenTextbloecke.map((block) => (
              <FormControlLabel
                key={block.id}
                label={block.titel}
                control={
                  <Checkbox
                    checked={(draft.textbloecke ?? []).includes(block.id)}
                    onChange={(event) =>
                      change({
                        textbloecke: event.target.checked
                          ? [...(draft.textbloecke ?? []), block.id]
                          : (draft.textbloecke ?? []).filter((id) => id !== block.id),
                      })
                    }
                  />
                }
              />
            ))}
          </Box>
        )}
        <TextField
          label="Individueller Text"
          multiline
          value={draft.individuellerTextblock}
          onChange={(event) => change({ individuellerTextblock: event.target.value })}
        />
        {isInvoice ? (
          <TextField
            label="Anzahlung brutto (€)"
            value={draft.anzahlung}
            onChange={(event) => change({ anzahlung: event.target.value })}
            error={!!errors.anzahlung}
            helperText={errors.anzahlung}
          />
        ) : (
          data.settings.unterschriften.length > 0 && (
            <FormControlLabel
              control={
                <Switch
                  checked={draft.angebotUnterschriftAuftragnehmer}
                  onChange={(event) => change({ angebotUnterschriftAuftragnehmer: event.target.checked })}
                />
              }
              label="Unterschrift des Auftragnehmers"
            />
          )
        )}
        {hours.length > 0 && (
          <FormControlLabel
            control={<Switch checked={planning} onChange={(event) => change({ terminPlanen: event.target.checked })} />}
            label="Termin planen (Erstellung durch den Server)"
          />
        )}
        {planning && (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                select
                label="Uhrzeit"
                value={hour}
                onChange={(event) => change({ terminPlanenUhrzeit: Number(event.target.value) })}
                error={!!errors.terminPlanenUhrzeit}
                helperText={errors.terminPlanenUhrzeit}
                sx={{ minWidth: 120 }}
              >
                {hours.map((h) => (
                  <MenuItem key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</MenuItem>
                ))}
              </TextField>
              {order.typ === 'Vertrag' && (
                <TextField
                  select
                  label="Wiederholen"
                  value={draft.terminPlanenWiederholen}
                  onChange={(event) => change({ terminPlanenWiederholen: event.target.value === '1' ? '1' : '0' })}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="0">einmalig</MenuItem>
                  <MenuItem value="1">im Zahlungsintervall</MenuItem>
                </TextField>
              )}
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.terminPlanenSenden}
                  onChange={(event) => change({ terminPlanenSenden: event.target.checked })}
                />
              }
              label="Per E-Mail an den Ansprechpartner senden"
            />
            {errors.terminPlanenSenden && <Typography color="error">{errors.terminPlanenSenden}</Typography>}
            {draft.terminPlanenSenden && (
              <TextField
                label="Text der E-Mail"
                multiline
                value={draft.terminPlanenSendenText}
                onChange={(event) => change({ terminPlanenSendenText: event.target.value })}
              />
            )}
          </Stack>
        )}
        {errors.terminPlanen && <Typography color="error">{errors.terminPlanen}</Typography>}
        {errors.id_auftrag && <Typography color="error">{errors.id_auftrag}</Typography>}
        <Box>
          <Button variant="contained" onClick={() => void submit(false)}>
            {planning
              ? 'Dokument planen'
              : isInvoice
                ? 'Rechnung erstellen'
                : draft.dokumentart === 3
                  ? 'Gutschrift erstellen'
                  : draft.dokumentart === 4
                    ? 'Zahlungserinnerung erstellen'
                    : 'Angebot erstellen'}
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

/** Upload of a booking receipt (with the amount paid) or another PDF or image. */
function UploadDocument({ order }: { order: OrderView }) {
  const [dokumentart, setArt] = useState<20 | 100>(20);
  const [wert, setWert] = useState('');
  const [datum, setDatum] = useState(todayIso);
  const [error, setError] = useState<string | undefined>();
  const saveAction = useSaveAction();
  const { mutateAsync: upload } = useUploadDocument();
  const send = async (file: File) => {
    setError(undefined);
    let failure: unknown = null;
    const done = await saveAction(
      async () => {
        try {
          return await upload({ orderId: order.id, dokumentart, wert, datum, file });
        } catch (caught) {
          failure = caught;
          throw caught;
        }
      },
      { success: 'Das Dokument wurde hochgeladen.', failure: customerMessages.saveFailed },
    );
    if (done) setWert('');
    else if (failure instanceof ApiError) setError(Object.values(failure.errors).flat()[0]);
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h4">
          Dokument hochladen
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            label="Art"
            value={dokumentart}
            onChange={(event) => setArt(Number(event.target.value) === 100 ? 100 : 20)}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value={20}>Buchungsbeleg</MenuItem>
            <MenuItem value={100}>Sonstiges Dokument</MenuItem>
          </TextField>
          <DateInput label={dokumentart === 20 ? 'Zahlungsdatum' : 'Datum'} value={datum} onChange={setDatum} />
          {dokumentart === 20 && (
            <TextField label="Gezahlter Betrag (€)" value={wert} onChange={(event) => setWert(event.target.value)} />
          )}
        </Stack>
        {error && <Typography color="error">{error}</Typography>}
        <Box>
          <Button component="label" variant="outlined">
            PDF oder Bild wählen
            <input
              hidden
              type="file"
              accept="application/pdf,image/*"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
