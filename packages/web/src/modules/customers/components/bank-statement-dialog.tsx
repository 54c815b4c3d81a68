import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { bankMessages, receivablesCalls, type BankLineView } from '@hortus/contract/modules/customers';
import { ApiError } from '../../../platform/api/errors';
import { uploadRule } from '../../../platform/api/upload';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { previewStatement, useConfirmStatement } from '../api/receivables';

type Preview = Awaited<ReturnType<typeof previewStatement>>;

/** A line with a proposal: a credit's invoice or (issue 45) a debit's open cost. */
const proposed = (line: BankLineView) => line.vorschlag !== null || line.kostenVorschlag !== null;

/** What the line is matched to, or why nothing is. */
function matchText(line: BankLineView): string {
  if (line.vorschlag)
    return `${line.vorschlag.rechnung} · ${line.vorschlag.kunde} (offen ${formatEuro(line.vorschlag.offen)}; ${line.vorschlag.grund})`;
  const cost = line.kostenVorschlag;
  if (cost)
    return `Kosten: ${cost.titel} · ${cost.empfaenger} (${formatEuro(cost.betrag)}${cost.faelligAm ? `, fällig ${formatGermanDate(cost.faelligAm)}` : ''}; ${cost.grund})`;
  return line.hinweis;
}

const failed = (caught: unknown) =>
  caught instanceof ApiError
    ? (Object.values(caught.errors).flat()[0] ?? caught.message)
    : 'Die Datei konnte nicht gesendet werden. Bitte die Netzwerkverbindung prüfen.';

/** 'Kontoauszug einlesen' (issue 45): CAMT.053 or a bank CSV, the proposed matches, then 'Übernehmen'. */
export function BankStatementButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<AccountBalanceIcon />} onClick={() => setOpen(true)}>
        Kontoauszug einlesen
      </Button>
      {open && <BankStatementDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function BankStatementDialog({ onClose }: { onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { mutateAsync: confirm } = useConfirmStatement();
  const saveAction = useSaveAction();

  const read = async (picked: File) => {
    setBusy(true);
    setError(null);
    setPreview(null);
    try {
      const reply = await previewStatement(picked);
      setPreview(reply);
      setChosen(new Set(reply.zeilen.filter(proposed).map((line) => line.schluessel)));
    } catch (caught) {
      setError(failed(caught));
    } finally {
      setBusy(false);
    }
  };
  const take = async () => {
    if (!file || !preview) return;
    const zuordnungen = preview.zeilen
      .filter((line) => chosen.has(line.schluessel) && proposed(line))
      .map((line) =>
        line.kostenVorschlag
          ? { schluessel: line.schluessel, kostenId: line.kostenVorschlag.kostenId }
          : { schluessel: line.schluessel, rechnungId: line.vorschlag?.rechnungId ?? 0 },
      );
    const reply = await saveAction(() => confirm({ file, zuordnungen }), {
      failure: 'Die Zahlungen konnten nicht übernommen werden. Bitte die Netzwerkverbindung prüfen.',
    });
    if (reply) {
      setPreview(null);
      setFile(null);
      setError(null);
      const debits = reply.kosten.length;
      setDone(debits === 0 ? bankMessages.booked(reply.gebucht) : bankMessages.bookedBoth(reply.belege.length, debits));
    }
  };
  const toggle = (line: BankLineView) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(line.schluessel)) next.delete(line.schluessel);
      else next.add(line.schluessel);
      return next;
    });

  return (
    <DialogShell
      title="Kontoauszug einlesen"
      onClose={onClose}
      width={900}
      dividers
      testId="bank-statement-dialog"
      actions={
        preview && (
          <Button variant="contained" disabled={busy || chosen.size === 0} onClick={() => void take()}>
            Übernehmen
          </Button>
        )
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Ein Kontoauszug als CAMT.053 (XML) oder als CSV-Export (Sparkasse CSV-CAMT V2, DKB, ING). Zahlungseingänge
          werden offenen Rechnungen zugeordnet (Rechnungsnummer im Verwendungszweck, sonst Betrag und Name),
          Zahlungsausgänge offenen Kosten (Rechnungsnummer, sonst Betrag und IBAN oder Name); übernommen wird erst mit
          „Übernehmen“. Schon übernommene Buchungen werden nicht noch einmal gebucht.
        </Typography>
        <FilePickerButton
          label={file ? `Andere Datei wählen (${file.name})` : 'Datei wählen'}
          rule={uploadRule(receivablesCalls.kontoauszugVorschau, 'file')}
          variant="outlined"
          disabled={busy}
          onFiles={([picked]) => {
            if (!picked) return;
            setFile(picked);
            setDone(null);
            void read(picked);
          }}
        />
        {error && <Alert severity="error">{error}</Alert>}
        {done && (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        )}
        {preview && (
          <Alert severity="info" role="status">
            {`${preview.format}${preview.konto ? `, Konto ${preview.konto}` : ''}: ${preview.zeilen.length} Buchungen, ${preview.zeilen.filter(proposed).length} Zuordnungen vorgeschlagen.`}
          </Alert>
        )}
        {preview && (
          <Table size="small" aria-label="Buchungen des Kontoauszugs">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">Übernehmen</TableCell>
                <TableCell>Datum</TableCell>
                <TableCell align="right">Betrag</TableCell>
                <TableCell>Name und Verwendungszweck</TableCell>
                <TableCell>Zuordnung</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.zeilen.map((line) => (
                <TableRow key={line.schluessel} data-testid="bank-line">
                  <TableCell padding="checkbox">
                    {proposed(line) && (
                      <Checkbox
                        checked={chosen.has(line.schluessel)}
                        onChange={() => toggle(line)}
                        slotProps={{ input: { 'aria-label': `Buchung ${line.nr} übernehmen` } }}
                      />
                    )}
                  </TableCell>
                  <TableCell>{formatGermanDate(line.datum)}</TableCell>
                  <TableCell align="right" sx={{ color: line.betrag < 0 ? 'error.main' : undefined }}>
                    {formatEuro(line.betrag)}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{line.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {line.verwendungszweck}
                    </Typography>
                  </TableCell>
                  <TableCell>{matchText(line)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </DialogShell>
  );
}
