import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { childrenMessages, type ChildrenData, type ParentView } from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SearchField } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { downloadLetters, useChildren } from '../api/children';
import { LettersDialog } from '../components/letters-dialog';
import { ParentDialog } from '../components/parent-dialog';
import { searchError } from '../logic/children-view';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** /200-100 'Eltern': parent accounts; ?e={id} opens one. */
export function ParentsPage() {
  useDismissibleOfflineBanner();
  const query = useChildren();
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{childrenMessages.saveFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return <ParentList data={query.data} />;
}

function useLetters() {
  const alert = useAlert();
  return (ids: number[]) => void downloadLetters(ids).catch(() => alert.error(childrenMessages.fileFailed));
}

function ParentList({ data }: { data: ChildrenData }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const letters = useLetters();
  const [lettersOpen, setLettersOpen] = useState(false);
  // The name rule of every search (school.md 5.2): a refused search filters nothing; the search field
  // itself says why (platform search field).
  const searchMessage = searchError(search);
  const term = searchMessage === null ? search.trim().toLowerCase() : '';
  const rows = useMemo(
    () => data.eltern.filter((p) => term === '' || `${p.nn} ${p.name}`.toLowerCase().includes(term)),
    [data.eltern, term],
  );
  const openId = Number(params.get('e') ?? 0);
  const open = data.eltern.find((p) => p.id === openId) ?? null;
  const columns: DataTableColumn<ParentView>[] = [
    { key: 'nn', label: 'Benutzername', render: (p) => p.nn },
    { key: 'name', label: 'Name', render: (p) => p.name },
    { key: 'kinder', label: 'Anzahl Kinder', render: (p) => p.anzahlKinder, align: 'right' },
  ];
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SearchField value={search} onChange={setSearch} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Elternkonto anlegen
          </Button>
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfIcon />}
            disabled={data.eltern.length === 0}
            onClick={() => setLettersOpen(true)}
          >
            Zugangsdaten für alle
          </Button>
        </Stack>
        {data.settings.id_nutzergruppe_eltern === 0 && <Alert severity="info">{childrenMessages.noParentGroup}</Alert>}
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(p) => p.id}
          emptyText={childrenMessages.noParents}
          rowsPerPageOptions={[5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }]}
          onRowClick={(p) => void navigate(`/200-100?e=${p.id}`)}
          aria-label="Eltern"
        />
      </Stack>
      {(creating || open) && (
        <ParentDialog
          key={open?.id ?? 'new'}
          parent={creating ? null : open}
          data={data}
          onPassword={setPassword}
          onLetters={letters}
          onClose={() => {
            setCreating(false);
            if (open) void navigate('/200-100');
          }}
        />
      )}
      {lettersOpen && (
        <LettersDialog
          parentIds={data.eltern.map((p) => p.id)}
          settings={data.settings}
          onCreate={letters}
          onClose={() => setLettersOpen(false)}
        />
      )}
      {password !== null && (
        <DialogShell title="Passwort" onClose={() => setPassword(null)} width={500}>
          <Alert severity="success" data-testid="parent-password" sx={{ userSelect: 'text' }}>
            Startpasswort: {password}
          </Alert>
        </DialogShell>
      )}
    </PageContainer>
  );
}
