import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { customerMessages, paymentIntervalName, type OrderView } from '@hortus/contract/modules/customers';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { SearchField } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useCustomerData } from '../api/customers';
import { OrderDialog } from '../components/order-dialog';
import { RevenueOverview } from '../components/revenue-overview';
import { bandColor, filterOrders, orderChips, statusLabel } from '../logic/orders';
import { todayIso } from '../logic/today';
import { pageSizes } from './customers-page';
import { PageWaiting } from '../components/page-waiting';

/** /410-100 Aufträge: orders and contracts with filters, warning chips, cards below 850 px; ?a= opens an order. */
export function OrdersPage() {
  useDismissibleOfflineBanner();
  const query = useCustomerData();
  const [params, setParams] = useSearchParams();
  const [onlyOpen, setOnlyOpen] = useState(true);
  const [onlyContracts, setOnlyContracts] = useState(false);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<OrderView | 'new' | null>(null);
  const [overview, setOverview] = useState(false);
  const data = useDataRenderedInSlices(query.data);
  const rows = useMemo(
    () => filterOrders(data?.auftraege ?? [], { onlyOpen, onlyContracts, search }),
    [data, onlyOpen, onlyContracts, search],
  );

  // ?a=<id> opens that order once the data is there, then the query is cleared.
  const wanted = params.get('a');
  useEffect(() => {
    if (!data || wanted === null) return;
    const order = data.auftraege.find((o) => String(o.id) === wanted);
    if (order) setEditing(order);
    setParams({}, { replace: true });
  }, [data, wanted, setParams]);

  if (!data) return <PageWaiting failed={query.isError} />;
  const today = todayIso();
  const staff = !data.istKunde;
  const columns: DataTableColumn<OrderView>[] = [
    {
      key: 'status',
      label: 'Status',
      render: (row) => (
        <Typography
          variant="body2"
          sx={{ color: bandColor(row.status), fontWeight: row.status === 6 ? 'bold' : undefined }}
        >
          {statusLabel(row, data.settings)}
        </Typography>
      ),
    },
    {
      key: 'titel',
      label: 'Titel',
      render: (row) => (
        <Box>
          <Typography variant="body2">{`${row.auftragsnummer} · ${row.titel}`}</Typography>
          <Typography variant="caption" color="text.secondary">
            {row.kunde_ident}
          </Typography>
          {staff && (
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
              {orderChips(row, today).map((chip) => (
                <Tooltip key={chip.title} title={chip.title}>
                  <Chip size="small" label={chip.label} color={chip.color} aria-label={chip.title} />
                </Tooltip>
              ))}
            </Stack>
          )}
        </Box>
      ),
    },
    // A customer reads the amount of his own orders, not the business's revenue (issue 47).
    { key: 'umsatz', label: staff ? 'Umsatz' : 'Betrag', align: 'right', render: (row) => formatEuro(row.umsatz) },
    ...(staff
      ? ([
          { key: 'kosten', label: 'Kosten', align: 'right', render: (row) => formatEuro(row.kosten ?? 0) },
          { key: 'gewinn', label: 'Gewinn', align: 'right', render: (row) => formatEuro(row.gewinn ?? 0) },
        ] satisfies DataTableColumn<OrderView>[])
      : []),
    // The contract columns only where a listed order is a contract (a customer without one saw two empty labels).
    ...(staff || rows.some((row) => row.typ === 'Vertrag')
      ? ([
          {
            key: 'vertrag',
            label: 'Vertrag',
            render: (row) => (row.typ === 'Vertrag' ? paymentIntervalName(row.vertrag_zahlungJaehrlich) : ''),
          },
          {
            key: 'verlaengerung',
            label: 'Verlängerung',
            render: (row) =>
              row.typ === 'Vertrag' && row.vertrag_ende !== '' ? formatGermanDate(row.vertrag_ende) : '',
          },
        ] satisfies DataTableColumn<OrderView>[])
      : []),
  ];
  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <SearchField value={search} onChange={setSearch} />
        <FormControlLabel
          control={<Checkbox checked={onlyOpen} onChange={(event) => setOnlyOpen(event.target.checked)} />}
          label="nur offene"
        />
        <FormControlLabel
          control={<Checkbox checked={onlyContracts} onChange={(event) => setOnlyContracts(event.target.checked)} />}
          label="nur Verträge"
        />
        {staff && (
          <Button startIcon={<AssessmentIcon />} onClick={() => setOverview(true)}>
            Umsatzübersicht
          </Button>
        )}
        {staff && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            disabled={data.kunden.length === 0}
          >
            Auftrag
          </Button>
        )}
      </Stack>
      <DataTable
        aria-label="Aufträge"
        data-testid="orders-table"
        rows={rows}
        rowKey={(row) => row.id}
        emptyText={customerMessages.noOrders}
        rowsPerPageOptions={pageSizes}
        defaultRowsPerPage={50}
        mobileBreakpoint={850}
        onRowClick={(row) => setEditing(row)}
        columns={columns}
      />
      {editing !== null && (
        <OrderDialog
          key={editing === 'new' ? 'new' : editing.id}
          order={editing === 'new' ? null : editing}
          data={data}
          onClose={() => setEditing(null)}
        />
      )}
      {overview && <RevenueOverview data={data} onClose={() => setOverview(false)} />}
    </PageContainer>
  );
}
