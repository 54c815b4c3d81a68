import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import SettingsIcon from '@mui/icons-material/Settings';
import { todayIsoDay } from '@hortus/contract';
import {
  formatDecimal,
  lodasMessages,
  lohnGehaltMessages,
  monthIndex,
  payrollMessages,
  payrollMonthNames,
  type EmployeeView,
} from '@hortus/contract/modules/payroll';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { usePayrollData } from '../api/payroll';
import { idParam } from '../logic/params';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { ImportButton } from '../../../platform/import/import-button';
import { employeesImport } from '../components/employees-import';

// The dialogs (forms, date and time pickers) load when opened, not with the list (issue 21).
const EmployeeDialog = lazyExport(() => import('../components/employee-dialog'), 'EmployeeDialog');
const PayrollDialog = lazyExport(() => import('../components/payroll-dialog'), 'PayrollDialog');
const LodasExportDialog = lazyExport(() => import('../components/lodas-export-dialog'), 'LodasExportDialog');
const LohnGehaltExportDialog = lazyExport(() => import('../components/lodas-export-dialog'), 'LohnGehaltExportDialog');
const PayrollSettingsDialog = lazyExport(
  () => import('../components/payroll-settings-dialog'),
  'PayrollSettingsDialog',
);

/** Page sizes of the employee list (business.md 9: options 5, 10, 20, 50, all; default 50). */
const pageSizes = [5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }];

function lastPayroll(employee: EmployeeView): string {
  const last = employee.lohnabrechnungen.at(-1);
  return last ? `${payrollMonthNames[last.monat - 1] ?? ''} ${last.jahr}` : '–';
}

/** The month the export starts with: the latest month with a saved payroll, else the current month ('YYYY-MM'). */
function exportMonth(employees: readonly EmployeeView[]): string {
  const latest = employees
    .flatMap((m) => m.lohnabrechnungen)
    .reduce<{ jahr: number; monat: number } | null>(
      (best, p) => (best === null || monthIndex(p) > monthIndex(best) ? p : best),
      null,
    );
  return latest ? `${latest.jahr}-${String(latest.monat).padStart(2, '0')}` : todayIsoDay().slice(0, 7);
}

/** /420 'Mitarbeiter': the employee list; ?em_idm= opens the edit dialog (0 = new), ?la_idm= the payroll. */
export function EmployeesPage() {
  useDismissibleOfflineBanner();
  const [params, setParams] = useSearchParams();
  const query = usePayrollData();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState<'lodas' | 'lohnGehalt' | null>(null);
  const data = useDataRenderedInSlices(query.data);
  const editId = idParam(params.get('em_idm'));
  const payrollId = idParam(params.get('la_idm'));
  const editing = editId === 0 ? null : data?.mitarbeiter.find((m) => m.id === editId);
  const payrollOf = data?.mitarbeiter.find((m) => m.id === payrollId);
  const open = (key: 'em_idm' | 'la_idm', id: number) => setParams({ [key]: String(id) });
  const close = () => setParams({});

  const columns: DataTableColumn<EmployeeView>[] = [
    { key: 'name', label: 'Name', render: (m) => m.name },
    { key: 'personalnummer', label: 'Personalnr.', render: (m) => m.personalnummer || '–' },
    {
      key: 'urlaub',
      label: `Resturlaub ${new Date().getFullYear()}`,
      align: 'right',
      render: (m) => formatDecimal(m.urlaub.rest),
    },
    { key: 'ueberstunden', label: 'Überstunden', align: 'right', render: (m) => formatDecimal(m.ueberstundenSaldo) },
    { key: 'letzte', label: 'Letzte Abrechnung', render: lastPayroll },
    {
      key: 'abrechnung',
      label: 'Abrechnung',
      align: 'right',
      render: (m) => (
        <Tooltip title="Abrechnung">
          <IconButton
            aria-label={`Abrechnung ${m.name}`}
            onClick={(event) => {
              event.stopPropagation();
              open('la_idm', m.id);
            }}
          >
            <ReceiptLongIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <PageContainer>
      {query.isFetching && <LinearProgress aria-label="Wird geladen…" sx={{ mb: 1 }} />}
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Mitarbeiter
        </Typography>
        <Tooltip title="Neu laden">
          <IconButton aria-label="Neu laden" onClick={() => void query.refetch()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Button startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)} disabled={!data}>
          Einstellungen
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('em_idm', 0)} disabled={!data}>
          Neuer Mitarbeiter
        </Button>
        <ImportButton {...employeesImport} onDone={() => void query.refetch()} disabled={!data} />
        <Button startIcon={<DownloadIcon />} onClick={() => setExportOpen('lodas')} disabled={!data}>
          {lodasMessages.title}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => setExportOpen('lohnGehalt')} disabled={!data}>
          {lohnGehaltMessages.title}
        </Button>
      </Stack>
      {!data && query.isPending && <Typography color="text.secondary">{payrollMessages.loading}</Typography>}
      {!data && query.isError && <Typography color="text.secondary">{payrollMessages.saveFailed}</Typography>}
      {data && (
        <Box>
          <DataTable
            rows={data.mitarbeiter}
            columns={columns}
            rowKey={(m) => m.id}
            emptyText={payrollMessages.empty}
            rowsPerPageOptions={pageSizes}
            defaultRowsPerPage={50}
            mobileBreakpoint={600}
            onRowClick={(m) => open('em_idm', m.id)}
            aria-label="Mitarbeiter"
            data-testid="employee-list"
          />
        </Box>
      )}
      <Suspense fallback={null}>
        {data && editId !== null && (editId === 0 || editing) && (
          <EmployeeDialog key={editId} employee={editing ?? null} settings={data.settings} onClose={close} />
        )}
        {data && payrollOf && (
          <PayrollDialog key={payrollOf.id} employee={payrollOf} settings={data.settings} onClose={close} />
        )}
        {data && exportOpen === 'lodas' && (
          <LodasExportDialog month={exportMonth(data.mitarbeiter)} onClose={() => setExportOpen(null)} />
        )}
        {data && exportOpen === 'lohnGehalt' && (
          <LohnGehaltExportDialog month={exportMonth(data.mitarbeiter)} onClose={() => setExportOpen(null)} />
        )}
        {data && settingsOpen && (
          <PayrollSettingsDialog settings={data.settings} onClose={() => setSettingsOpen(false)} />
        )}
      </Suspense>
    </PageContainer>
  );
}
