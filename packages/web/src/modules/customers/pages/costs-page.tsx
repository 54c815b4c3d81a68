import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import TuneIcon from '@mui/icons-material/Tune';
import { formatEuro, formatGermanDate, messages } from '@hortus/contract';
import {
  costMessages,
  costPaymentState,
  costWarnings,
  customerMessages,
  filterCosts,
  sortCosts,
  sumCosts,
  type CostDraftView,
  type CostView,
} from '@hortus/contract/modules/customers';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SearchField, validSearch } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { storedCostYear, useCustomerData } from '../api/customers';
import { CostDialog } from '../components/cost-dialog';
import { CostDrafts } from '../components/cost-drafts';
import { CostFilterDialog } from '../components/cost-filter-dialog';
import { RevenueOverview } from '../components/revenue-overview';
import { costYearChoices, useCostFilter, type CostFilterValue } from '../logic/cost-filter';
import { pageSizes } from './customers-page';

/** /410-200 Kosten: the year's costs of the chosen cost centres, searchable, with their sum (staff only). */
export function CostsPage() {
  useDismissibleOfflineBanner();
  // The costs of the year the user looks at are loaded (issue 35); the filter stores it on the device.
  const [jahr, setJahr] = useState(storedCostYear);
  const query = useCustomerData(jahr);
  const data = query.data;
  if (!data)
    return (
      <PageContainer>
        {query.isError ? (
          <Typography role="alert">{customerMessages.loadFailed}</Typography>
        ) : (
          <PageLoading text={customerMessages.loading} />
        )}
      </PageContainer>
    );
  // Costs are internal: customers (members of the customer group) never see them (the server sends none).
  if (data.istKunde)
    return (
      <PageContainer>
        <Typography>{messages.accessDenied}</Typography>
      </PageContainer>
    );
  return <CostsList data={data} onYear={setJahr} />;
}

function CostsList({
  data,
  onYear,
}: {
  data: NonNullable<ReturnType<typeof useCustomerData>['data']>;
  onYear(jahr: number): void;
}) {
  const centres = data.settings.kostenstellen;
  const [filter, storeFilter] = useCostFilter(centres.map((c) => c.nummer));
  const setFilter = (next: CostFilterValue) => {
    storeFilter(next);
    onYear(next.jahr);
  };
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CostView | 'new' | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [overview, setOverview] = useState(false);
  // Issue 45: a draft cost received by mail being checked, and the drafts shown alone.
  const [checking, setChecking] = useState<CostDraftView | null>(null);
  const [onlyDrafts, setOnlyDrafts] = useState(false);
  const rows = useMemo(
    () =>
      sortCosts(
        filterCosts(data.kosten, { year: filter.jahr, centres: filter.kostenstellen, search: validSearch(search) }),
      ),
    [data.kosten, filter.jahr, filter.kostenstellen, search],
  );
  const sum = sumCosts(rows);
  const years = useMemo(() => costYearChoices(data, filter.jahr), [data, filter.jahr]);
  const columns: DataTableColumn<CostView>[] = [
    { key: 'datum', label: 'Datum', width: 120, render: (row) => formatGermanDate(row.datum) },
    {
      key: 'titel',
      label: 'Titel',
      render: (row) => {
        const warnings = costWarnings(row);
        return (
          <Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{row.titel}</Typography>
              {warnings.noInvoice && (
                <Tooltip title={costMessages.noInvoice}>
                  <RequestQuoteIcon color="error" fontSize="small" titleAccess={costMessages.noInvoice} />
                </Tooltip>
              )}
              {warnings.noReceipt && (
                <Tooltip title={costMessages.noReceipt}>
                  <ReceiptLongIcon color="error" fontSize="small" titleAccess={costMessages.noReceipt} />
                </Tooltip>
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {[row.kostenstelle, row.titel2].filter(Boolean).join(' · ')}
            </Typography>
            {row.auftraege.map((order) => (
              <Link
                key={order.id}
                component={RouterLink}
                to={`/410-100?a=${order.id}`}
                variant="caption"
                onClick={(event) => event.stopPropagation()}
                sx={{ display: 'block' }}
              >
                {`Auftrag ${order.auftragsnummer} · ${order.titel}`}
              </Link>
            ))}
          </Box>
        );
      },
    },
    {
      key: 'wert',
      label: 'Wert',
      align: 'right',
      render: (row) => {
        // Issue 45: open until a bank statement's debit paid it.
        const state = costPaymentState(row);
        return (
          <Box>
            <Typography variant="body2">{formatEuro(row.betrag)}</Typography>
            {state && (
              <Typography
                variant="caption"
                color={row.offen ? 'error' : 'text.secondary'}
                sx={{ display: 'block' }}
                data-testid="cost-payment-state"
              >
                {state}
              </Typography>
            )}
          </Box>
        );
      },
    },
  ];
  const centreText =
    filter.kostenstellen === null
      ? 'alle Kostenstellen'
      : `${filter.kostenstellen.length} von ${centres.length} Kostenstellen`;
  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <SearchField value={search} onChange={setSearch} />
        <Button startIcon={<TuneIcon />} onClick={() => setFiltering(true)}>
          {`${filter.jahr} · ${centreText}`}
        </Button>
        <Button startIcon={<AssessmentIcon />} onClick={() => setOverview(true)}>
          Umsatzübersicht
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Kosten
        </Button>
      </Stack>
      <CostDrafts onCheck={setChecking} onlyDrafts={onlyDrafts} onOnlyDrafts={setOnlyDrafts} />
      {!onlyDrafts && (
        <>
          <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="costs-sum">
            {`Summe ${formatEuro(sum.gross)} (netto ${formatEuro(sum.net)}, USt. ${formatEuro(sum.vat)})`}
          </Typography>
          <DataTable
            aria-label="Kosten"
            data-testid="costs-table"
            rows={rows}
            rowKey={(row) => row.id}
            emptyText={costMessages.noCosts}
            rowsPerPageOptions={pageSizes}
            defaultRowsPerPage={50}
            mobileBreakpoint={600}
            onRowClick={(row) => setEditing(row)}
            columns={columns}
          />
        </>
      )}
      {checking !== null && (
        <CostDialog
          key={`entwurf-${checking.id}`}
          cost={null}
          draft={checking}
          data={data}
          onClose={() => setChecking(null)}
        />
      )}
      {editing !== null && (
        <CostDialog
          key={editing === 'new' ? 'new' : editing.id}
          cost={editing === 'new' ? null : editing}
          data={data}
          onClose={() => setEditing(null)}
        />
      )}
      {filtering && (
        <CostFilterDialog
          value={filter}
          years={years}
          centres={centres}
          onChange={setFilter}
          onClose={() => setFiltering(false)}
        />
      )}
      {overview && <RevenueOverview data={data} filterState={[filter, setFilter]} onClose={() => setOverview(false)} />}
    </PageContainer>
  );
}
