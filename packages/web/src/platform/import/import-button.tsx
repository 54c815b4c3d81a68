import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { CallSpec, ImportError, ImportReply, importRequest } from '@hortus/contract';
import { ApiError } from '../api/errors';
import { upload, uploadRule } from '../api/upload';
import { DialogShell } from '../forms/dialog-shell';
import { FilePickerButton } from '../forms/file-picker-button';

/** A module's import call (importKinder, importMitarbeiter, importKunden). */
export type ImportSpec = CallSpec<typeof importRequest, CallSpec['reply']>;

export interface ImportButtonProps {
  spec: ImportSpec;
  /** The dialog's title, e.g. 'Kinder importieren'. */
  title: string;
  /** The columns the import recognises, shown as help ('Vorname, Nachname, Klasse, …'). */
  columns: string;
  /** After records were created (reload the page's data). */
  onDone(reply: ImportReply): void;
  /** What the module offers after the import (e.g. the new parent accounts' login letters). */
  afterImport?(reply: ImportReply): ReactNode;
  disabled?: boolean;
}

const resultLabel: Record<ImportReply['zeilen'][number]['ergebnis'], string> = {
  neu: 'neu',
  doppelt: 'schon vorhanden',
  fehler: 'Fehler',
};

function messagesOf(errors: readonly ImportError[], zeile: number): string {
  return errors
    .filter((error) => error.zeile === zeile)
    .map((error) => (error.spalte ? `${error.spalte}: ${error.meldung}` : error.meldung))
    .join(' · ');
}

/**
 * 'Importieren' on a list page: a dialog to choose a CSV or XLSX file, the server's preview (rows to create,
 * duplicates, errors per row and column), then the import of the new rows in one go.
 */
export function ImportButton({ disabled, ...props }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} disabled={disabled}>
        Importieren
      </Button>
      {open && <ImportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({
  spec,
  title,
  columns,
  onDone,
  afterImport,
  onClose,
}: Omit<ImportButtonProps, 'disabled'> & { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReply | null>(null);
  const [done, setDone] = useState<ImportReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (chosen: File, probelauf: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const reply = (await upload(spec, { probelauf }, { file: chosen })) as ImportReply;
      if (probelauf) setPreview(reply);
      else {
        setDone(reply);
        setPreview(reply);
        onDone(reply);
      }
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (Object.values(caught.errors).flat()[0] ?? caught.message)
          : 'Die Datei konnte nicht gesendet werden. Bitte die Netzwerkverbindung prüfen.',
      );
    } finally {
      setBusy(false);
    }
  };

  const shown = done ?? preview;
  return (
    <DialogShell
      title={title}
      onClose={onClose}
      width={760}
      dividers
      testId="import-dialog"
      actions={
        !done && (
          <Button
            variant="contained"
            disabled={busy || !file || !preview || preview.neu === 0}
            onClick={() => file && void send(file, false)}
          >
            Importieren
          </Button>
        )
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Eine CSV-Datei (Semikolon oder Komma) oder Excel-Arbeitsmappe (XLSX) mit einer Kopfzeile. Erkannte Spalten:{' '}
          {columns}. Zuerst zeigt die Vorschau, was angelegt wird; angelegt wird erst mit „Importieren“.
        </Typography>
        {!done && (
          <FilePickerButton
            label={file ? `Andere Datei wählen (${file.name})` : 'Datei wählen'}
            rule={uploadRule(spec, 'file')}
            variant="outlined"
            disabled={busy}
            onFiles={([chosen]) => {
              if (!chosen) return;
              setFile(chosen);
              setPreview(null);
              void send(chosen, true);
            }}
          />
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {shown && (
          <Alert severity={done ? 'success' : shown.fehler.length > 0 ? 'warning' : 'info'} role="status">
            {done
              ? `${done.neu} angelegt, ${done.doppelt} schon vorhanden, ${done.zeilen.filter((z) => z.ergebnis === 'fehler').length} mit Fehlern.`
              : `Vorschau: ${shown.neu} neu, ${shown.doppelt} schon vorhanden, ${shown.zeilen.filter((z) => z.ergebnis === 'fehler').length} mit Fehlern.`}
          </Alert>
        )}
        {done && afterImport?.(done)}
        {shown && (
          <Table size="small" aria-label="Vorschau des Imports">
            <TableHead>
              <TableRow>
                <TableCell>Zeile</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Ergebnis</TableCell>
                <TableCell>Hinweis</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.fehler
                .filter((entry) => entry.zeile === 0)
                .map((entry) => (
                  <TableRow key={`datei-${entry.meldung}`}>
                    <TableCell>–</TableCell>
                    <TableCell colSpan={3}>{entry.meldung}</TableCell>
                  </TableRow>
                ))}
              {shown.zeilen.map((row) => (
                <TableRow key={row.zeile}>
                  <TableCell>{row.zeile}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell sx={{ color: row.ergebnis === 'fehler' ? 'error.main' : undefined }}>
                    {resultLabel[row.ergebnis]}
                  </TableCell>
                  <TableCell>{messagesOf(shown.fehler, row.zeile)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </DialogShell>
  );
}
