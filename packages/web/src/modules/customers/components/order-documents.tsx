import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatEuro, formatGermanDate, hasRight } from '@hortus/contract';
import {
  customerCalls,
  customerMessages,
  customerRights,
  DRAFT_TYPE,
  dunningLevelName,
  type CustomerData,
  type OrderDocumentView,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { ApiError } from '../../../platform/api/errors';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { uploadRule } from '../../../platform/api/upload';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { DateInput } from '../../../platform/forms/date-pickers';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { DeleteDocumentConfirm } from './delete-document-confirm';
import { NewDocument } from './new-document';
import {
  downloadDocument,
  useCancelInvoice,
  useDeleteDocument,
  useIssueDraft,
  useUploadDocument,
} from '../api/customers';
import { todayIso } from '../logic/today';

const typeNames: Record<number, string> = {
  1: 'Rechnung',
  2: 'Angebot',
  3: 'Rechnungskorrektur',
  4: 'Zahlungserinnerung',
  20: 'Buchungsbeleg',
  5: 'Rechnungsentwurf',
  100: 'Hochgeladen',
};

/**
 * Issue 45 (GoBD): an issued invoice (a Stornorechnung too) or credit note is final: it has no delete action;
 * an invoice is cancelled instead ('Stornieren', right x|410|sto).
 */
const isFinal = (document: OrderDocumentView) => document.dokumentart === 1 || document.dokumentart === 3;
const isCancellable = (document: OrderDocumentView) =>
  document.dokumentart === 1 && document.status === 'ausgestellt' && document.stornoZu === '';

/** Issuing a draft and cancelling an invoice are final: each is asked first (issue 45). */
type DocumentAction = 'ausstellen' | 'stornieren';
const questions: Record<
  DocumentAction,
  { title: string; label: string; text(name: string): string; success(name: string): string }
> = {
  ausstellen: {
    title: 'Rechnung ausstellen?',
    label: 'Ausstellen',
    text: customerMessages.issueDraft,
    success: (name) => `Der Entwurf ${name} wurde als Rechnung ausgestellt.`,
  },
  stornieren: {
    title: 'Rechnung stornieren?',
    label: 'Stornieren',
    text: customerMessages.cancelDocument,
    success: (name) => `Die Rechnung ${name} wurde storniert.`,
  },
};

/** The kind as the list names it: a Stornorechnung names the invoice it cancels. */
function kindOf(document: OrderDocumentView): string {
  if (document.stornoZu !== '') return `Stornorechnung zu ${document.stornoZu}`;
  // Issue 45: a reminder says its dunning level.
  if (document.mahnstufe !== undefined) return dunningLevelName(document.mahnstufe);
  return typeNames[document.dokumentart] ?? '';
}

/** Order documents: 10 per page (business.md 9), options 5, 10, 20, 50, all; cards below 600 px. */
const documentPageSizes = [5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }] as const;
const documentKey = (document: OrderDocumentView) => document.id;

/** Documents of an order (download, delete) and, for staff, the form for a new invoice or offer. */
export function OrderDocuments({ order, data }: { order: OrderView; data: CustomerData }) {
  const [deleting, setDeleting] = useState<OrderDocumentView | null>(null);
  const [asking, setAsking] = useState<{ action: DocumentAction; document: OrderDocumentView } | null>(null);
  const { mutateAsync: issueDraft } = useIssueDraft();
  const { mutateAsync: remove } = useDeleteDocument();
  const { mutateAsync: cancelInvoice } = useCancelInvoice();
  const saveAction = useSaveAction();
  const alert = useAlert();
  const readOnly = data.istKunde;
  const mayCancel = hasRight(useSettings().data?.user.rechte ?? [], customerRights.storno);
  const columns = useMemo<DataTableColumn<OrderDocumentView>[]>(() => {
    // A failed download says so (business.md 8), for the PDF and the XRechnung alike.
    const download = (pfad: string, name: string) =>
      void downloadDocument(pfad, name).catch(() => alert.error(customerMessages.downloadFailed));
    const documentColumn: DataTableColumn<OrderDocumentView> = {
      key: 'dokument',
      label: 'Dokument',
      render: (document) => (
        <Box data-testid="order-document">
          <Link component="button" type="button" onClick={() => download(document.pfad, `${document.name}.pdf`)}>
            {document.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {kindOf(document)} · {formatGermanDate(document.dateUpload)} · {formatEuro(document.wert)}
          </Typography>
          {document.offen !== undefined && document.status === 'ausgestellt' && document.stornoZu === '' && (
            <Chip
              size="small"
              color={document.offen === 0 ? 'success' : 'default'}
              variant="outlined"
              label={document.offen === 0 ? 'bezahlt' : `offen ${formatEuro(document.offen)}`}
            />
          )}
          {document.status === 'storniert' && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={document.storniertDurch ? `storniert durch ${document.storniertDurch}` : 'storniert'}
            />
          )}
          {document.pfadXml !== '' && (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => download(document.pfadXml, `${document.name}-xrechnung.xml`)}
            >
              XRechnung (XML)
            </Link>
          )}
        </Box>
      ),
    };
    if (readOnly) return [documentColumn];
    return [
      documentColumn,
      {
        key: 'aktionen',
        label: '',
        align: 'right',
        width: 160,
        render: (document) =>
          !isFinal(document) ? (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
              {document.dokumentart === DRAFT_TYPE && (
                <Button
                  size="small"
                  aria-label={`${document.name} ausstellen`}
                  onClick={() => setAsking({ action: 'ausstellen', document })}
                >
                  Ausstellen
                </Button>
              )}
              <IconButton aria-label={`${document.name} löschen`} color="error" onClick={() => setDeleting(document)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ) : mayCancel && isCancellable(document) ? (
            <Button
              size="small"
              color="error"
              aria-label={`${document.name} stornieren`}
              onClick={() => setAsking({ action: 'stornieren', document })}
            >
              Stornieren
            </Button>
          ) : null,
      },
    ];
  }, [alert, readOnly, mayCancel]);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Dokumente
      </Typography>
      <DataTable
        aria-label="Dokumente"
        data-testid="order-documents"
        rows={order.dokumente}
        rowKey={documentKey}
        columns={columns}
        emptyText={customerMessages.noDocuments}
        rowsPerPageOptions={documentPageSizes}
        defaultRowsPerPage={10}
        mobileBreakpoint={600}
      />
      {!readOnly && <UploadDocument order={order} />}
      {!readOnly && <NewDocument order={order} data={data} />}
      <DeleteDocumentConfirm
        document={deleting}
        onClose={() => setDeleting(null)}
        remove={(document) => remove({ orderId: order.id, document })}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? questions[asking.action].title : ''}
        text={asking ? questions[asking.action].text(asking.document.name) : ''}
        confirmLabel={asking ? questions[asking.action].label : ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          if (!asking) return;
          const { action, document } = asking;
          const input = { orderId: order.id, id: document.id, datum: todayIso() };
          void saveAction(() => (action === 'ausstellen' ? issueDraft(input) : cancelInvoice(input)), {
            success: questions[action].success(document.name),
            failure: customerMessages.saveFailed,
          });
        }}
      />
    </Stack>
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
          <FilePickerButton
            label="PDF oder Bild wählen"
            variant="outlined"
            rule={uploadRule(customerCalls.upload, 'file')}
            onFiles={([file]) => file && void send(file)}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
