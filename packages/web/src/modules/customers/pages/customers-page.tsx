import { Suspense, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import type { CustomerView } from '@hortus/contract/modules/customers';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { SearchField } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useCustomerData } from '../api/customers';
import { matchesSearch } from '../logic/search';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { ImportButton } from '../../../platform/import/import-button';
import { customersImport } from '../components/customers-import';
import { PageWaiting } from '../components/page-waiting';

// The dialog (its form and the user-parameter fields) loads when opened, not with the list (issue 21).
const CustomerDialog = lazyExport(() => import('../components/customer-dialog'), 'CustomerDialog');

export const pageSizes = [5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }] as const;

// Stable props of the (memoised) table: a refetch that leaves the list unchanged renders no row again.
const customerColumns: DataTableColumn<CustomerView>[] = [
  { key: 'nr', label: 'Kundennummer', render: (row) => row.kundennummer, width: 160 },
  { key: 'name', label: 'Name', render: (row) => row.ident },
];
const customerKey = (row: CustomerView) => row.id;

/** /410 Kunden: customers by number descending, 50 per page, search, add. */
export function CustomersPage() {
  useDismissibleOfflineBanner();
  const query = useCustomerData();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CustomerView | 'new' | null>(null);
  const data = useDataRenderedInSlices(query.data);
  const rows = useMemo(
    () =>
      (data?.kunden ?? []).filter((customer) =>
        matchesSearch(search, [
          customer.kundennummer,
          customer.ident,
          customer.firma,
          ...customer.ansprechpartner.map((c) => `${c.vorname} ${c.nachname}`),
        ]),
      ),
    [data?.kunden, search],
  );
  if (!data) return <PageWaiting failed={query.isError} />;
  return (
    <PageContainer>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <SearchField value={search} onChange={setSearch} />
        {!data.istKunde && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Kunde
          </Button>
        )}
        {!data.istKunde && <ImportButton {...customersImport} onDone={() => void query.refetch()} />}
      </Stack>
      <DataTable
        aria-label="Kunden"
        data-testid="customers-table"
        rows={rows}
        rowKey={customerKey}
        emptyText="Keine Kunden gefunden"
        rowsPerPageOptions={pageSizes}
        defaultRowsPerPage={50}
        mobileBreakpoint={600}
        onRowClick={setEditing}
        columns={customerColumns}
      />
      <Suspense fallback={null}>
        {editing !== null && (
          <CustomerDialog
            key={editing === 'new' ? 'new' : editing.id}
            customer={editing === 'new' ? null : editing}
            data={data}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
    </PageContainer>
  );
}
