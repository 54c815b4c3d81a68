import { Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { hasRight } from '@hortus/contract';
import { childrenMessages, childrenRights, type ChildView, type ChildrenData } from '@hortus/contract/modules/children';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SearchField } from '../../../platform/filters/search-field';
import { LazyTimeInput } from '../../../platform/forms/deferred-date-input';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveChildren } from '../api/children';
import { useChildrenPageData } from '../api/use-children-page';
import { HealthIcon } from '../components/health-alert';
import { StatusButton } from '../components/status-button';
import { StatusQueueNotice, useStatusActions } from '../components/status-actions';
import { readRegistration, registrationTime, writeRegistration, type Registration } from '../logic/registration';
import {
  berlinTime,
  filterChildren,
  notYetHere,
  releaseTimesOf,
  searchError,
  type ChildFilter,
} from '../logic/children-view';
import { lazyExport } from '../../../platform/lazy/lazy-export';
import { readDeviceFilter, writeDeviceFilter } from '../logic/device-filter';
import { ChildrenExportButton, ChildrenImportButton } from '../components/children-import';

// Not on the list's first screen: the dialogs (with their date pickers) and the scan station load when opened.
const ChildDialog = lazyExport(() => import('../components/child-dialog'), 'ChildDialog');
const ConsentsDialog = lazyExport(() => import('../components/consents-dialog'), 'ConsentsDialog');
const IdCardsAllDialog = lazyExport(() => import('../components/id-cards-all-dialog'), 'IdCardsAllDialog');
const ScanStationPage = lazyExport(() => import('./scan-station-page'), 'ScanStationPage');

/** /200 'Kinderverwaltung': today's attendance of the children of the classes the user may see. */
export function ChildrenPage() {
  useDismissibleOfflineBanner();
  const { query, data, search } = useChildrenPageData();
  if (new URLSearchParams(search).has('SCAN')) return <ScanStationPage />;
  if (!data) {
    return (
      <PageContainer>
        {query.isError ? <Typography color="error">{childrenMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return <ChildrenList data={data} />;
}

function ChildrenList({ data }: { data: ChildrenData }) {
  const rights = useSettings().data?.user.rechte ?? [];
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const [filter, setShownFilter] = useState<ChildFilter>(() =>
    readDeviceFilter(data.klassen.filter((k) => k.sehen).map((k) => k.id)),
  );
  const setFilter = (next: ChildFilter) => {
    setShownFilter(next);
    writeDeviceFilter(next);
  };
  const [editing, setEditing] = useState<ChildView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChildView | null>(null);
  const [allCards, setAllCards] = useState(false);
  const [consents, setConsents] = useState(false);
  const [registration, setRegistration] = useState(readRegistration);
  // While changes wait on the device, a child shows (and moves on from) its last queued status.
  const status = useStatusActions({ checkInTime: () => registrationTime(registration) });
  const canAdd = hasRight(rights, childrenRights.addDelete);
  const mayExport = hasRight(rights, childrenRights.list);
  const rows = useMemo(() => filterChildren(data.kinder, filter), [data.kinder, filter]);
  const missing = notYetHere(data.kinder, berlinTime());
  const searchMessage = searchError(filter.search);
  const editingChild =
    editing === 'new' ? null : editing ? (data.kinder.find((k) => k.id === editing.id) ?? editing) : null;

  const storeRegistration = (next: Registration) => {
    setRegistration(next);
    writeRegistration(next);
  };

  const columns: DataTableColumn<ChildView>[] = [
    { key: 'nachname', label: 'Nachname', render: (c) => c.nachname },
    {
      key: 'vorname',
      label: 'Vorname',
      render: (c) => (
        <>
          {c.vorname}
          <HealthIcon notes={c.gesundheit} name={c.name} />
        </>
      ),
    },
    { key: 'klasse', label: 'Klasse', render: (c) => c.name_klasse },
    {
      key: 'status',
      label: 'Status',
      render: (c) => (
        <StatusButton
          child={status.shown(c)}
          pending={status.isPending(c)}
          onClick={() => status.cycle(status.shown(c))}
        />
      ),
    },
    {
      key: 'entlasszeit',
      label: 'Entlasszeit',
      render: (c) => (
        <Box
          component="span"
          sx={{ color: c.ausnahmen.some((a) => a.elternErstellt && a.tag === data.heute) ? 'error.main' : undefined }}
        >
          {c.anwesend ? c.anwesendHeuteBis : 'abwesend'} ({c.entlassgrund})
        </Box>
      ),
    },
    {
      key: 'abholung',
      label: 'Abholung',
      render: (c) =>
        c.abholung && c.anwesend ? (
          <Box
            component="span"
            data-testid={`abholung-${c.id}`}
            sx={{ color: c.abholung.heute.aenderung ? 'error.main' : undefined }}
          >
            {c.abholung.heute.text}
            {c.abholung.heute.gemeldet ? ` (gemeldet ${c.abholung.heute.gemeldet})` : ''}
            {c.anwesenheitHeute?.abgeholtVon ? ` · abgeholt von ${c.anwesenheitHeute.abgeholtVon}` : ''}
          </Box>
        ) : null,
    },
    ...(canAdd
      ? [
          {
            key: 'delete',
            label: '',
            align: 'right' as const,
            render: (c: ChildView) =>
              c.allowEdit ? (
                <Button
                  size="small"
                  color="error"
                  aria-label={`${c.name} löschen`}
                  onClick={(event) => {
                    event.stopPropagation();
                    setDeleting(c);
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <PageContainer>
      <Stack spacing={2}>
        {/* Filters, then the actions; what does not fit wraps to the next line, so at 1366 px the search
            keeps its width and no button covers another (issue 47). */}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
          data-testid="children-toolbar"
        >
          <Box sx={{ display: 'flex', flex: { md: '1 1 240px' }, minWidth: { md: 240 } }}>
            <SearchField value={filter.search} onChange={(search) => setFilter({ ...filter, search })} />
          </Box>
          <TextField
            select
            size="small"
            label="Klasse"
            value={filter.klasse}
            onChange={(e) => setFilter({ ...filter, klasse: Number(e.target.value) })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value={0}>Alle</MenuItem>
            {data.klassen
              .filter((k) => k.sehen)
              .map((k) => (
                <MenuItem key={k.id} value={k.id}>
                  {k.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Entlasszeit"
            value={filter.entlasszeit}
            onChange={(e) => setFilter({ ...filter, entlasszeit: e.target.value })}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">Alle</MenuItem>
            {releaseTimesOf(data.kinder).map((time) => (
              <MenuItem key={time} value={time}>
                {time}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={filter.onlyRegistered}
                onChange={(e) => setFilter({ ...filter, onlyRegistered: e.target.checked })}
              />
            }
            label="Nur angemeldete"
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {canAdd && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing('new')}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Kind anlegen
              </Button>
            )}
            {canAdd && <ChildrenImportButton />}
            {mayExport && <ChildrenExportButton />}
            <Button onClick={() => setAllCards(true)} sx={{ whiteSpace: 'nowrap' }}>
              Ausweise für alle
            </Button>
            <Button onClick={() => setConsents(true)} sx={{ whiteSpace: 'nowrap' }}>
              Einwilligungen
            </Button>
            <Button
              // A full page load: the station's document gets the server's policy that allows framing dashboards.
              onClick={() => window.location.assign('/200?SCAN')}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Scan-Station
            </Button>
          </Stack>
        </Stack>
        {searchMessage && <Alert severity="warning">{searchMessage}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel
            control={
              <Switch
                checked={registration.fixed}
                onChange={(e) => storeRegistration({ ...registration, fixed: e.target.checked })}
              />
            }
            label="Feste Anmeldezeit statt jetzt"
          />
          {registration.fixed && (
            <LazyTimeInput
              label="Anmeldezeit"
              value={registration.time}
              onChange={(time) => storeRegistration({ ...registration, time })}
            />
          )}
        </Stack>
        <StatusQueueNotice count={status.queue.length} />
        {missing.length > 0 && (
          <Alert severity="warning" data-testid="not-yet-here">
            {childrenMessages.notYetHere}: {missing.map((c) => c.nameMitKlasse).join(', ')}
          </Alert>
        )}
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(c) => c.id}
          emptyText={childrenMessages.noChildren}
          rowsPerPageOptions={[5, 10, 20, 40, { label: 'Alle', value: ALL_ROWS }]}
          defaultRowsPerPage={20}
          mobileBreakpoint={700}
          onRowClick={(c) => setEditing(c)}
          aria-label="Kinder"
          data-testid="children-table"
        />
      </Stack>
      <Suspense fallback={null}>
        {allCards && (
          <IdCardsAllDialog classes={data.klassen} selected={filter.klasse} onClose={() => setAllCards(false)} />
        )}
        {consents && (
          <ConsentsDialog
            data={data}
            canRequest={hasRight(rights, childrenRights.consents)}
            onClose={() => setConsents(false)}
          />
        )}
        {editing !== null && <ChildDialog child={editingChild} data={data} onClose={() => setEditing(null)} />}
      </Suspense>
      {status.dialogs}
      <ConfirmDialog
        open={deleting !== null}
        text={`${deleting?.nameMitKlasse ?? ''} wirklich löschen?`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const child = deleting;
          setDeleting(null);
          if (child) {
            void saveAction(() => save({ type: 'delKind', data: { id: child.id } }), {
              success: childrenMessages.childDeleted,
              failure: childrenMessages.saveFailed,
            });
          }
        }}
      />
    </PageContainer>
  );
}
