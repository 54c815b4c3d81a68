import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import TuneIcon from '@mui/icons-material/Tune';
import { formatEuro, formatGermanDate, germanMonthNames } from '@hortus/contract';
import {
  costMessages,
  customerMessages,
  gobdMessages,
  paymentIntervalName,
  revenueOverview,
  type CustomerData,
  type ExportInput,
  type IncomeCentreRow,
  type OrderView,
  type RevenueInvoice,
} from '@hortus/contract/modules/customers';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { DataTable } from '../../../platform/data-table/data-table';
import { downloadStoredFile } from '../../../platform/api/download';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadExport } from '../api/costs';
import { downloadVerfahrensdokumentation } from '../api/audit';
import { useAlert } from '../../../platform/alert/alert-context';
import { useCustomerData } from '../api/customers';
import { costYearChoices, useCostFilter, type CostFilterValue } from '../logic/cost-filter';
import { CostFilterDialog } from './cost-filter-dialog';
import { GobdExportDialog } from './gobd-export-dialog';

const tableSizes = [5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }] as const;

/**
 * Umsatzübersicht (fullscreen, the year in the title): totals of revenue, costs and profit, revenue by
 * income centre (with the receipts other modules booked: 220's fees), the year's invoices (the name downloads
 * the PDF), active contracts, and the EÜR,
 * monthly receipts and DATEV downloads, the GoBD data export and the Verfahrensdokumentation (issue 45). Two tabs
 * on narrow screens.
 */
export function RevenueOverview({
  data: shownData,
  onClose,
  filterState,
}: {
  data: CustomerData;
  onClose(): void;
  /** The costs screen's filter, so both show the same year and cost centres. */
  filterState?: [CostFilterValue, (next: CostFilterValue) => void];
}) {
  const narrow = useMediaQuery('(max-width:599.95px)');
  const centres = shownData.settings.kostenstellen;
  const ownFilter = useCostFilter(centres.map((c) => c.nummer));
  const [filter, setFilter] = filterState ?? ownFilter;
  // The data holds one year's costs (issue 35): the overview loads the year it shows.
  const data = useCustomerData(filter.jahr).data ?? shownData;
  const [filtering, setFiltering] = useState(false);
  const [exportingGobd, setExportingGobd] = useState(false);
  const [tab, setTab] = useState(0);
  const [month, setMonth] = useState(() => new Date().getMonth() + 1);
  const saveAction = useSaveAction();
  const overview = useMemo(
    () =>
      revenueOverview(
        data.auftraege,
        data.kosten,
        data.settings,
        { year: filter.jahr, centres: filter.kostenstellen },
        data.fremdeinnahmen,
        data.gesperrt,
      ),
    [data, filter.jahr, filter.kostenstellen],
  );
  const years = useMemo(() => costYearChoices(data, filter.jahr), [data, filter.jahr]);
  const alert = useAlert();
  const download = (input: ExportInput) =>
    void saveAction(() => downloadExport(input), { failure: customerMessages.downloadFailed }).then((report) => {
      if (report && report.length > 0) alert.show(report.join(' '), 'info', 10_000);
    });
  const centreFilter = filter.kostenstellen ?? [];

  const totals = (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Summen">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Netto</TableCell>
            <TableCell align="right">USt.</TableCell>
            <TableCell align="right">Brutto</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(
            [
              ['Umsatz', overview.revenue],
              ['Kosten', overview.costs],
              ['Gewinn', overview.profit],
            ] as const
          ).map(([label, amounts]) => (
            <TableRow key={label} data-testid={`total-${label}`}>
              <TableCell component="th" scope="row" sx={{ fontWeight: label === 'Gewinn' ? 'bold' : undefined }}>
                {label}
              </TableCell>
              <TableCell align="right">{formatEuro(amounts.net)}</TableCell>
              <TableCell align="right">{formatEuro(amounts.vat)}</TableCell>
              <TableCell align="right">{formatEuro(amounts.gross)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
  const byCentre = (
    <DataTable<IncomeCentreRow>
      aria-label="Umsatz nach Einnahmestelle"
      rows={overview.byIncomeCentre}
      rowKey={(row) => row.id}
      emptyText={costMessages.noRevenue}
      rowsPerPageOptions={tableSizes}
      defaultRowsPerPage={10}
      columns={[
        { key: 'name', label: 'Einnahmestelle', render: (row) => row.name },
        { key: 'umsatz', label: 'Umsatz', align: 'right', render: (row) => formatEuro(row.umsatz) },
        { key: 'kosten', label: 'Kosten (inkl. USt.)', align: 'right', render: (row) => formatEuro(row.kosten) },
        { key: 'gewinn', label: 'Gewinn', align: 'right', render: (row) => formatEuro(row.gewinn) },
      ]}
    />
  );
  const invoiceList = (
    <DataTable<RevenueInvoice>
      aria-label="Rechnungen"
      rows={overview.invoices}
      rowKey={(row) => row.id}
      emptyText={costMessages.noInvoices}
      rowsPerPageOptions={tableSizes}
      defaultRowsPerPage={10}
      columns={[
        { key: 'datum', label: 'Datum', render: (row) => formatGermanDate(row.datum) },
        {
          key: 'name',
          label: 'Name',
          render: (row) => (
            <Link
              component="button"
              type="button"
              onClick={() =>
                void saveAction(() => downloadStoredFile(row.pfad, `${row.name}.pdf`), {
                  failure: customerMessages.downloadFailed,
                })
              }
            >
              {row.name}
            </Link>
          ),
        },
        { key: 'wert', label: 'Wert', align: 'right', render: (row) => formatEuro(row.wert) },
      ]}
    />
  );
  // Issue 45: an erased customer's invoices count in the sums but are listed nowhere.
  const invoices =
    overview.heldDocuments === 0 ? (
      invoiceList
    ) : (
      <>
        {invoiceList}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="held-documents">
          {costMessages.heldDocuments(overview.heldDocuments)}
        </Typography>
      </>
    );
  const contracts = (
    <DataTable<OrderView>
      aria-label="Aktive Verträge"
      rows={overview.contracts}
      rowKey={(row) => row.id}
      emptyText={costMessages.noContracts}
      rowsPerPageOptions={tableSizes}
      defaultRowsPerPage={ALL_ROWS}
      columns={[
        { key: 'titel', label: 'Vertrag', render: (row) => `${row.auftragsnummer} · ${row.titel}` },
        { key: 'kunde', label: 'Kunde', render: (row) => row.kunde_ident },
        { key: 'intervall', label: 'Zahlung', render: (row) => paymentIntervalName(row.vertrag_zahlungJaehrlich) },
        { key: 'umsatz', label: 'Umsatz netto', align: 'right', render: (row) => formatEuro(row.umsatz) },
        {
          key: 'ende',
          label: 'Ende',
          render: (row) => (row.vertrag_ende === '' ? '' : formatGermanDate(row.vertrag_ende)),
        },
      ]}
    />
  );
  const downloads = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => download({ dokumentart: 'EueR', jahr: String(filter.jahr), filterKostenstellen: centreFilter })}
      >
        {`EÜR ${filter.jahr}`}
      </Button>
      <TextField
        select
        size="small"
        label="Monat"
        value={month}
        onChange={(event) => setMonth(Number(event.target.value))}
        sx={{ minWidth: 150 }}
      >
        {germanMonthNames.map((name, index) => (
          <MenuItem key={name} value={index + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() =>
          download({
            dokumentart: 'monatsbelege',
            jahr: `${filter.jahr}-${String(month).padStart(2, '0')}`,
            filterKostenstellen: centreFilter,
          })
        }
      >
        Monatsbelege
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => download({ dokumentart: 'DATEV', jahr: String(filter.jahr) })}
      >
        DATEV-Export
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setExportingGobd(true)}>
        GoBD-Datenexport
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void saveAction(downloadVerfahrensdokumentation, { failure: gobdMessages.documentationFailed })}
      >
        Verfahrensdokumentation
      </Button>
    </Stack>
  );
  const section = (title: string, content: ReactNode) => (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {content}
    </Box>
  );
  const revenue = (
    <Stack spacing={3}>
      {section('Summen', totals)}
      {section('Umsatz nach Einnahmestelle', byCentre)}
      {section('Rechnungen', invoices)}
      {section('Downloads', downloads)}
    </Stack>
  );
  return (
    <>
      <DialogShell
        title={`Umsatzübersicht ${filter.jahr}`}
        onClose={onClose}
        fullScreenBelow="always"
        dividers
        actions={
          <Button startIcon={<TuneIcon />} onClick={() => setFiltering(true)} sx={{ mr: 'auto' }}>
            Einstellungen
          </Button>
        }
        header={
          narrow && (
            <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} variant="fullWidth">
              <Tab label="Gesamtumsatz" />
              <Tab label="Verträge" />
            </Tabs>
          )
        }
      >
        <Box sx={{ maxWidth: 1100, mx: 'auto', pt: 1 }}>
          {narrow ? (
            tab === 0 ? (
              revenue
            ) : (
              contracts
            )
          ) : (
            <Stack spacing={3}>
              {revenue}
              {section('Aktive Verträge', contracts)}
            </Stack>
          )}
        </Box>
      </DialogShell>
      {exportingGobd && <GobdExportDialog years={years} year={filter.jahr} onClose={() => setExportingGobd(false)} />}
      {filtering && (
        <CostFilterDialog
          value={filter}
          years={years}
          centres={centres}
          onChange={setFilter}
          onClose={() => setFiltering(false)}
        />
      )}
    </>
  );
}
