import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { formatCentsGerman, formatEuro, parseCents, parseRate } from '@hortus/contract';
import {
  customerCalls,
  costInput,
  costMessages,
  costNet,
  costRepeats,
  customerMessages,
  DEFAULT_COST_RATE,
  type CostDocumentView,
  type CostDraftView,
  type CostInput,
  type CostView,
  type CustomerData,
  type EInvoiceReading,
} from '@hortus/contract/modules/customers';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { uploadRule } from '../../../platform/api/upload';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useDraftsChanged } from '../api/cost-drafts';
import { useDeleteCostDocument, useReadEInvoice, useUploadCostDocument } from '../api/costs';
import { useSaveCustomers } from '../api/customers';
import { todayIso } from '../logic/today';
import { CostDocumentList } from './cost-document-list';
import {
  CostDocumentPicker,
  PendingCostDocuments,
  type CostDocumentKind,
  type PendingCostDocument,
} from './cost-document-picker';
import { DeleteDocumentConfirm } from './delete-document-confirm';
import { EInvoicePanel } from './e-invoice-panel';
import { CLOSE_DELAY_MS } from '../logic/close-delay';

export function costFormValues(cost: CostView | null, data: CustomerData): CostInput {
  if (!cost)
    return {
      id: 0,
      datum: todayIso(),
      id_kostenstelle: data.settings.kostenstellen[0]?.nummer ?? 0,
      betrag: '',
      mwst: DEFAULT_COST_RATE,
      titel: '',
      titel2: '',
      beschreibung: '',
      wiederholen: 0,
      eRechnung: '',
    };
  return {
    id: cost.id,
    datum: cost.datum,
    id_kostenstelle: cost.id_kostenstelle,
    betrag: formatCentsGerman(cost.betrag).replace(/\./g, ''),
    mwst: cost.mwst.replace('.', ','),
    titel: cost.titel,
    titel2: cost.titel2,
    beschreibung: cost.beschreibung,
    wiederholen: cost.wiederholen as 0 | 1 | 2 | 3,
    eRechnung: '',
  };
}

const costSaved = 'Die Kosten wurden gespeichert.';

/** The form fields an e-invoice fills (issue 45). */
const proposedFields = ['datum', 'betrag', 'mwst', 'titel', 'titel2', 'beschreibung'] as const;

/** A new cost from a draft received by mail: its proposal where it has one, its original as the invoice. */
export function draftFormValues(draft: CostDraftView, data: CustomerData): CostInput {
  const values = costFormValues(null, data);
  for (const field of proposedFields) if (draft.vorschlag[field] !== '') values[field] = draft.vorschlag[field];
  return { ...values, eRechnung: draft.datei };
}

/**
 * The cost dialog (fullscreen): date, cost centre, amount, VAT, title, description, repetition, documents. With a
 * draft received by mail (issue 45) it is a new cost filled from the draft, saved with its original.
 */
export function CostDialog({
  cost,
  draft = null,
  data,
  onClose,
}: {
  cost: CostView | null;
  draft?: CostDraftView | null;
  data: CustomerData;
  onClose(): void;
}) {
  const form = useSchemaForm(costInput, draft ? draftFormValues(draft, data) : costFormValues(cost, data), {
    mode: 'onChange',
  });
  const draftsChanged = useDraftsChanged();
  const { control } = form;
  const { mutateAsync: save } = useSaveCustomers();
  const betrag = useWatch({ control, name: 'betrag' }) ?? '';
  const mwst = useWatch({ control, name: 'mwst' }) ?? '';
  const gross = parseCents(betrag);
  const rate = parseRate(mwst);
  const centres = data.settings.kostenstellen.map((c) => ({ value: c.nummer, label: `${c.nummer} – ${c.name}` }));
  if (cost && !data.settings.kostenstellen.some((c) => c.nummer === cost.id_kostenstelle))
    centres.unshift({ value: cost.id_kostenstelle, label: cost.id_kostenstelle === 0 ? 'Keine' : 'Gelöscht' });
  const current = cost ? (data.kosten.find((c) => c.id === cost.id) ?? cost) : null;
  const [reading, setReading] = useState<EInvoiceReading | null>(draft);
  const [readError, setReadError] = useState<string | undefined>();
  const saveAction = useSaveAction();
  const { mutateAsync: readEInvoice } = useReadEInvoice();
  const readInvoice = async (file: File) => {
    setReadError(undefined);
    let failure: unknown = null;
    const read = await saveAction(
      async () => {
        try {
          return (await readEInvoice(file)).eRechnung;
        } catch (caught) {
          failure = caught;
          throw caught;
        }
      },
      { success: 'Die E-Rechnung wurde eingelesen. Bitte die Angaben prüfen.', failure: customerMessages.saveFailed },
    );
    if (failure instanceof ApiError) setReadError(Object.values(failure.errors).flat()[0] ?? failure.message);
    if (!read) return;
    for (const field of proposedFields) {
      if (read.vorschlag[field] !== '')
        form.setValue(field, read.vorschlag[field], { shouldDirty: true, shouldValidate: true });
    }
    form.setValue('eRechnung', read.datei, { shouldDirty: true });
    setReading(read);
  };
  /** The findings of the read e-invoice at one field, as its hint. */
  const hint = (field: (typeof proposedFields)[number]) => {
    const texts = (reading?.befunde ?? []).filter((finding) => finding.feld === field).map((finding) => finding.text);
    return texts.length > 0 ? `⚠ ${texts.join(' ')}` : undefined;
  };
  const stored = current?.dokumente.find((document) => document.eRechnung !== null);
  // A new cost's documents wait for its first save, then go up under the new id (issue 47).
  const [pending, setPending] = useState<PendingCostDocument[]>([]);
  const alert = useAlert();
  const { mutateAsync: upload } = useUploadCostDocument();
  const saveCost = async (dataToSave: Parameters<typeof save>[0]) => {
    const { saved } = await save(dataToSave);
    if (cost || pending.length === 0) return;
    const failed: string[] = [];
    for (const entry of pending) {
      try {
        await upload({ costId: saved.lastAddedKosten, dokumentart: entry.kind, file: entry.file });
      } catch (error) {
        failed.push(`${entry.file.name}: ${saveErrorMessage(error, customerMessages.saveFailed)}`);
      }
    }
    // The cost is saved either way; the dialog closes, so a failed upload is named here.
    if (failed.length === 0) alert.success(costSaved);
    else alert.error(`Die Kosten wurden gespeichert, ein Dokument aber nicht hochgeladen – ${failed.join(' ')}`);
  };
  return (
    <FormDialog
      form={form}
      title={cost ? `Kosten: ${cost.titel}` : draft ? `Entwurf aus E-Mail prüfen: ${draft.name}` : 'Neue Kosten'}
      fullScreenBelow="always"
      saveOnlyWhenDirty={!draft}
      closeDelayMs={CLOSE_DELAY_MS}
      // With documents to upload after the save, the save reports itself (saveCost).
      texts={{ success: !cost && pending.length > 0 ? undefined : costSaved, failure: customerMessages.saveFailed }}
      onSubmit={async (values) => {
        const saved = await saveCost({
          type: values.id > 0 ? 'saveKosten' : 'addKosten',
          data: { ...values, version: cost?.version },
        });
        if (values.eRechnung !== '') await draftsChanged();
        return saved;
      }}
      onClose={onClose}
      onDelete={
        cost
          ? {
              confirm: (
                <>
                  <strong>{costMessages.deleteCost}</strong>
                  <br />
                  {costMessages.deleteCostText}
                </>
              ),
              texts: { failure: customerMessages.saveFailed },
              run: () => save({ type: 'delKosten', data: { id: cost.id } }),
            }
          : undefined
      }
    >
      <Box sx={{ maxWidth: 900, width: '100%', mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="e-invoice-read">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <FilePickerButton
              label="E-Rechnung einlesen"
              variant="outlined"
              rule={uploadRule(customerCalls.kostenEingangsrechnung, 'file')}
              onFiles={([file]) => file && void readInvoice(file)}
              error={readError}
            />
            <Typography variant="body2" color="text.secondary">
              {draft && reading === draft
                ? `Aus der E-Mail „${draft.betreff}“ von ${draft.absender}: ${draft.name} wird beim Speichern unverändert als Rechnung angehängt.`
                : reading
                  ? `${reading.name} wird beim Speichern unverändert als Rechnung angehängt.`
                  : 'ZUGFeRD/Factur-X (PDF) oder XRechnung (XML): die Angaben füllen das Formular zum Prüfen.'}
            </Typography>
          </Stack>
        </Paper>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDateField control={control} name="datum" label="Datum (bezahlt am)" helperText={hint('datum')} />
          <FormSelectField
            control={control}
            name="id_kostenstelle"
            label="Kostenstelle"
            options={centres}
            sx={{ minWidth: 220 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormTextField
            control={control}
            name="betrag"
            label="Betrag brutto (€)"
            inputMode="decimal"
            helperText={hint('betrag')}
          />
          <FormTextField
            control={control}
            name="mwst"
            label="Enthaltene USt. (%)"
            inputMode="decimal"
            helperText={hint('mwst')}
          />
          <Typography variant="body2" color="text.secondary" data-testid="cost-net">
            {gross !== null && rate !== null ? `Netto ${formatEuro(costNet(gross, rate))}` : ''}
          </Typography>
        </Stack>
        <FormTextField control={control} name="titel" label="Titel" fullWidth helperText={hint('titel')} />
        <FormTextField
          control={control}
          name="titel2"
          label="Lieferant / Zusatz"
          fullWidth
          helperText={hint('titel2')}
        />
        <FormTextField
          control={control}
          name="beschreibung"
          label="Beschreibung"
          multiline
          minRows={2}
          fullWidth
          helperText={hint('beschreibung')}
        />
        <FormSelectField
          control={control}
          name="wiederholen"
          label="Wiederholen"
          options={costRepeats.map((r) => ({ value: r.code, label: r.name }))}
          helperText="Der Server legt wiederkehrende Kosten zum jeweiligen Termin an."
          sx={{ maxWidth: 320 }}
        />
        {reading ? (
          <EInvoicePanel record={reading} sha256={reading.sha256} />
        ) : (
          stored?.eRechnung && <EInvoicePanel record={stored.eRechnung} sha256={stored.sha256} />
        )}
        {current ? (
          <CostDocuments cost={current} />
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="subtitle1" component="h3">
              Dokumente
            </Typography>
            <PendingCostDocuments pending={pending} onChange={setPending} />
          </Stack>
        )}
      </Box>
    </FormDialog>
  );
}

/** Documents of a cost: view, download, delete; upload of an invoice, receipt or other PDF or image. */
function CostDocuments({ cost }: { cost: CostView }) {
  const [deleting, setDeleting] = useState<CostDocumentView | null>(null);
  const [art, setArt] = useState<CostDocumentKind>(() => (cost.dokumente.some((d) => d.dokumentart === 1) ? 20 : 1));
  const [error, setError] = useState<string | undefined>();
  const saveAction = useSaveAction();
  const { mutateAsync: upload } = useUploadCostDocument();
  const { mutateAsync: remove } = useDeleteCostDocument();
  const failedDownload = () => setError(customerMessages.downloadFailed);
  const send = async (file: File) => {
    setError(undefined);
    let failure: unknown = null;
    await saveAction(
      async () => {
        try {
          return await upload({ costId: cost.id, dokumentart: art, file });
        } catch (caught) {
          failure = caught;
          throw caught;
        }
      },
      { success: 'Das Dokument wurde hochgeladen.', failure: customerMessages.saveFailed },
    );
    if (failure instanceof ApiError) setError(Object.values(failure.errors).flat()[0]);
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Dokumente
      </Typography>
      <CostDocumentList cost={cost} onDelete={setDeleting} onFailedDownload={failedDownload} />
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="cost-upload">
        <CostDocumentPicker kind={art} onKind={setArt} onFile={(file) => void send(file)} />
        {error && (
          <Typography color="error" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Paper>
      <DeleteDocumentConfirm
        document={deleting}
        onClose={() => setDeleting(null)}
        remove={(document) => remove({ costId: cost.id, document })}
      />
    </Stack>
  );
}
