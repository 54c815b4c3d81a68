import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  eInvoiceView,
  type EInvoiceFinding,
  type EInvoiceRecord,
  type EInvoiceTable,
} from '@hortus/contract/modules/customers';

/**
 * An e-invoice in the cost dialog (issue 45): the findings of the EN 16931 rules that matter for paying it, the
 * SHA-256 of the file and its readable view — seller, buyer, lines, totals per rate, payment (contract
 * `eInvoiceView`, the same sections as the PDF the server keeps beside an XML-only invoice).
 */
export function EInvoicePanel({ record, sha256 }: { record: EInvoiceRecord; sha256: string }) {
  const view = eInvoiceView(record);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="e-invoice" aria-label="E-Rechnung">
      <Stack spacing={1.5}>
        <Box>
          <Typography variant="subtitle1" component="h3">
            {view.titel}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {view.untertitel}
          </Typography>
          {sha256 !== '' && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ wordBreak: 'break-all' }}
              data-testid="e-invoice-hash"
            >
              SHA-256 der Datei: {sha256}
            </Typography>
          )}
        </Box>
        <EInvoiceFindings findings={record.befunde} />
        <Pairs label="Angaben" rows={view.angaben} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Party title="Verkäufer" lines={view.verkaeufer} />
          <Party title="Käufer" lines={view.kaeufer} />
        </Stack>
        {view.positionen.rows.length > 0 && <Grid label="Positionen" table={view.positionen} />}
        {view.steuer.rows.length > 0 && <Grid label="Umsatzsteuer je Satz" table={view.steuer} />}
        <Pairs label="Summen" rows={view.summen} />
        {view.zahlung.length > 0 && <Pairs label="Zahlung" rows={view.zahlung} />}
      </Stack>
    </Paper>
  );
}

/** The findings: rule breaks as errors, the rest as warnings; 'no findings' said too. */
export function EInvoiceFindings({ findings }: { findings: readonly EInvoiceFinding[] }) {
  if (findings.length === 0)
    return (
      <Alert severity="success" data-testid="e-invoice-findings">
        Die Prüfung nach EN 16931 (Pflichtangaben, Summen, IBAN) fand nichts.
      </Alert>
    );
  return (
    <Stack spacing={1} data-testid="e-invoice-findings">
      {findings.map((finding, index) => (
        <Alert key={index} severity={finding.art === 'fehler' ? 'error' : 'warning'}>
          {finding.text}
        </Alert>
      ))}
    </Stack>
  );
}

function Party({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <Box sx={{ flex: 1 }}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {lines.join('\n') || '–'}
      </Typography>
    </Box>
  );
}

function Pairs({ label, rows }: { label: string; rows: readonly [string, string][] }) {
  if (rows.length === 0) return null;
  return (
    <Box sx={{ overflowX: 'auto' }} role="region" aria-label={label} tabIndex={0}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ width: '40%' }}>
                {name}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Grid({ label, table }: { label: string; table: EInvoiceTable }) {
  const align = (index: number) => (table.right.includes(index) ? 'right' : 'left');
  return (
    <Box sx={{ overflowX: 'auto' }} role="region" aria-label={label} tabIndex={0}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {table.columns.map((column, index) => (
              <TableCell key={column} align={align(index)}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, rowIndex) => (
            <TableRow key={rowIndex}>
              {row.map((cell, index) => (
                <TableCell key={index} align={align(index)}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
