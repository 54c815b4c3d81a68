import { useMemo, useState } from 'react';
import { ParameterField, type ParameterValue } from '../../../platform/user-parameters/parameter-field';
import { parameterError, valueOf as parameterValueOf } from '../../../platform/user-parameters/parameter-schema';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  childrenMessages,
  fieldErrors,
  messages,
  parentInput,
  type ChildrenData,
  type FieldErrors,
  type ParentInput,
  usesIds,
  type ParentView,
  safeParseReporting,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SearchField } from '../../../platform/filters/search-field';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadLetters, useChildren, useSaveChildren } from '../api/children';

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
  const term = search.trim().toLowerCase();
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
            onClick={() => letters(data.eltern.map((p) => p.id))}
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
          onClose={() => {
            setCreating(false);
            if (open) void navigate('/200-100');
          }}
        />
      )}
      <Dialog open={password !== null} onClose={() => setPassword(null)}>
        <DialogTitle>Passwort</DialogTitle>
        <DialogContent>
          <Alert severity="success" data-testid="parent-password" sx={{ userSelect: 'text' }}>
            Startpasswort: {password}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPassword(null)}>Schließen</Button>
        </DialogActions>
      </Dialog>
    </PageContainer>
  );
}

function ParentDialog({
  parent,
  data,
  onClose,
  onPassword,
}: {
  parent: ParentView | null;
  data: ChildrenData;
  onClose(): void;
  onPassword(password: string): void;
}) {
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const letters = useLetters();
  const [value, setValue] = useState<ParentInput>({
    id: parent?.id ?? 0,
    nn: parent?.nn ?? '',
    vorname: parent?.vorname ?? '',
    nachname: parent?.nachname ?? '',
    ids_kinder: parent?.ids_kinder ?? [],
  });
  // The parent's user parameters with condition f200 (school.md 3.3); only editable ones are sent.
  const parameters = parent?.nutzer.nutzerparameter ?? [];
  const [parameterValues, setParameterValues] = useState(() =>
    Object.fromEntries(
      parameters.map((p) => [
        p.id,
        parameterValueOf(
          parent?.nutzer.nutzerparameterwerte ?? {},
          parent?.nutzer.nutzerparameterwerteSelectoptionIDs ?? {},
          p.id,
        ),
      ]),
    ),
  );
  const editableParameters = parameters.filter((p) => p.bearbeiten);
  const parameterMaps = {
    nutzerparameterwerte: Object.fromEntries(
      editableParameters.filter((p) => !usesIds(p.typ)).map((p) => [String(p.id), parameterValues[p.id]?.wert ?? '']),
    ),
    nutzerparameterwerteSelectoptionIDs: Object.fromEntries(
      editableParameters.filter((p) => usesIds(p.typ)).map((p) => [String(p.id), parameterValues[p.id]?.ids ?? []]),
    ),
  };
  const parameterErrors = Object.fromEntries(
    editableParameters.flatMap((p) => {
      const message = parameterValues[p.id] ? parameterError(p, parameterValues[p.id] as ParameterValue) : null;
      return message ? [[p.id, message]] : [];
    }),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirm, setConfirm] = useState<'delete' | 'reset' | null>(null);
  const selectable = data.kinder.filter((k) => k.allowEdit || (value.ids_kinder ?? []).includes(k.id));
  const error = (key: string) => errors[key]?.[0];
  const submit = async () => {
    const parsed = safeParseReporting(parentInput, value);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (Object.keys(parameterErrors).length > 0) return;
    const eltern = { ...value, ...parameterMaps };
    const reply = await saveAction(() => save({ type: 'editEltern', data: { eltern } }), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (!reply) return;
    if (reply.neuPW) onPassword(reply.neuPW);
    onClose();
  };
  const act = async (kind: 'delete' | 'reset') => {
    setConfirm(null);
    if (!parent) return;
    if (kind === 'reset') {
      const reply = await saveAction(() => save({ type: 'resetElternPW', data: { id: parent.id } }), {
        failure: childrenMessages.resetFailed,
      });
      if (reply?.neuPW) onPassword(reply.neuPW);
    } else {
      const reply = await saveAction(() => save({ type: 'delEltern', data: { eltern: { id: parent.id } } }), {
        success: childrenMessages.parentDeleted,
        failure: childrenMessages.saveFailed,
      });
      if (reply) onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{parent ? parent.nn : 'Neues Elternkonto'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Benutzername"
            required
            value={value.nn}
            onChange={(e) => setValue({ ...value, nn: e.target.value })}
            error={Boolean(error('nn'))}
            helperText={error('nn')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Vorname"
              fullWidth
              value={value.vorname}
              onChange={(e) => setValue({ ...value, vorname: e.target.value })}
              error={Boolean(error('vorname'))}
              helperText={error('vorname')}
            />
            <TextField
              label="Nachname"
              fullWidth
              value={value.nachname}
              onChange={(e) => setValue({ ...value, nachname: e.target.value })}
              error={Boolean(error('nachname'))}
              helperText={error('nachname')}
            />
          </Stack>
          <Autocomplete
            multiple
            options={selectable}
            getOptionLabel={(option) => option.nameMitKlasse}
            value={selectable.filter((k) => (value.ids_kinder ?? []).includes(k.id))}
            onChange={(_, kids) => setValue({ ...value, ids_kinder: kids.map((k) => k.id) })}
            renderInput={(params) => <TextField {...params} label="Kinder" />}
          />
          {parameters.map((p) => (
            <ParameterField
              key={p.id}
              parameter={p}
              value={parameterValues[p.id] ?? { wert: '', ids: [] }}
              onChange={(next) => setParameterValues({ ...parameterValues, [p.id]: next })}
              disabled={!p.bearbeiten}
              error={parameterErrors[p.id] ?? null}
            />
          ))}
          {parent && (
            <Typography variant="body2" color="text.secondary">
              {parent.nutzer.rootPW ? 'Das Startpasswort ist noch aktiv.' : 'Das Startpasswort wurde bereits geändert.'}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {parent && (
          <>
            <Button color="error" onClick={() => setConfirm('delete')}>
              Löschen
            </Button>
            <Button onClick={() => setConfirm('reset')}>Passwort zurücksetzen</Button>
            <Button startIcon={<PictureAsPdfIcon />} onClick={() => letters([parent.id])}>
              Zugangsdaten
            </Button>
          </>
        )}
        <Button onClick={onClose}>Abbrechen</Button>
        <Button variant="contained" onClick={() => void submit()}>
          Speichern
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm !== null}
        text={confirm === 'delete' ? 'Das Elternkonto wird gelöscht.' : 'Ein neues Startpasswort wird erzeugt.'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void act(confirm ?? 'reset')}
      />
    </Dialog>
  );
}
