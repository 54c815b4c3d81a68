import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssessmentIcon from '@mui/icons-material/Assessment';
import SaveIcon from '@mui/icons-material/Save';
import { dayNumber, isoDayOf, toLocal } from '@hortus/contract';
import {
  RELEASE_REASON_MAX,
  childrenMessages,
  statisticsMessages,
  statisticsRowInput,
  type StatisticsRowView,
} from '@hortus/contract/modules/children';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { DateInput } from '../../../platform/forms/date-pickers';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useChildren } from '../api/children';
import { useDayList, useSaveDay } from '../api/statistics';
import { ArchiveDialog } from '../components/archive-dialog';
import { EvaluationDialog } from '../components/evaluation-dialog';

type Row = StatisticsRowView;

function berlinToday(): string {
  const local = toLocal(Date.now());
  return isoDayOf(dayNumber(local.year, local.month, local.day));
}
const rowKey = (row: Row) => (row.id_kind > 0 ? `k${row.id_kind}` : `d${row.nachname}${row.vorname}${row.von}`);

/** /200-200 'Statistik': the attendance list of a day (editable rows, save), archive, evaluations. */
export function StatisticsPage() {
  useDismissibleOfflineBanner();
  const children = useChildren();
  const [day, setDay] = useState(() => children.data?.heute ?? berlinToday());
  const query = useDayList(day);
  const saveAction = useSaveAction();
  const { mutateAsync: saveDay } = useSaveDay();
  const [edited, setEdited] = useState<Record<number, Row>>({});
  const [editing, setEditing] = useState<Row | null>(null);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [evaluationOpen, setEvaluationOpen] = useState(false);

  const changeDay = (value: string) => {
    setDay(value);
    setEdited({});
  };
  const rows = (query.data?.anwesenheiten ?? []).map((row) => edited[row.id_kind] ?? row);
  const changed = Object.values(edited);
  const save = () =>
    void saveAction(
      async () => {
        await saveDay({
          tag: day,
          liste: changed.map((row) => ({
            id_kind: row.id_kind,
            anwesend: row.anwesend,
            von: row.von,
            bis: row.bis,
            entlassgrund: row.entlassgrund,
          })),
        });
        setEdited({});
      },
      { success: statisticsMessages.saved, failure: childrenMessages.saveFailed },
    );
  const columns: DataTableColumn<Row>[] = [
    { key: 'klasse', label: 'Klasse', render: (row) => row.name_klasse },
    { key: 'nachname', label: 'Nachname', render: (row) => row.nachname },
    { key: 'vorname', label: 'Vorname', render: (row) => row.vorname },
    { key: 'anwesend', label: 'Anwesend', render: (row) => (row.anwesend ? 'ja' : 'nein') },
    { key: 'von', label: 'von', render: (row) => row.von },
    {
      key: 'bis',
      label: 'bis',
      render: (row) => (row.anwesend && !row.bis ? statisticsMessages.notReleased : row.bis),
    },
    { key: 'grund', label: 'Entlassgrund', render: (row) => row.entlassgrund },
  ];
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <DateInput label="Tag" value={day} onChange={changeDay} />
          <Button variant="contained" startIcon={<SaveIcon />} disabled={changed.length === 0} onClick={save}>
            Speichern
          </Button>
          <Button variant="outlined" startIcon={<ArchiveIcon />} onClick={() => setArchiveOpen(true)}>
            Archiv
          </Button>
          <Button variant="outlined" startIcon={<AssessmentIcon />} onClick={() => setEvaluationOpen(true)}>
            Auswertung erstellen
          </Button>
        </Stack>
        {query.isError && <Typography color="error">{childrenMessages.saveFailed}</Typography>}
        {!query.data && !query.isError ? (
          <PageLoading />
        ) : (
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            emptyText={statisticsMessages.noAttendance}
            rowsPerPageOptions={[5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }]}
            mobileBreakpoint={800}
            onRowClick={(row) => row.bearbeiten && !query.isPlaceholderData && setEditing(row)}
            aria-label="Anwesenheiten des Tages"
          />
        )}
      </Stack>
      {editing && (
        <RowDialog
          row={editing}
          onClose={() => setEditing(null)}
          onApply={(row) => {
            setEdited({ ...edited, [row.id_kind]: row });
            setEditing(null);
          }}
        />
      )}
      {archiveOpen && query.data && (
        <ArchiveDialog day={day} names={query.data.anwesenheitenDokumente} onClose={() => setArchiveOpen(false)} />
      )}
      {evaluationOpen && query.data && children.data && (
        <EvaluationDialog
          day={day}
          dayRows={query.data.anwesenheiten}
          months={query.data.anwesenheitenMonate}
          classes={children.data.klassen.filter((klasse) => klasse.sehen)}
          onClose={() => setEvaluationOpen(false)}
        />
      )}
    </PageContainer>
  );
}

/** One row of the day: present, check-in and release time, release reason (nameMore rule). */
function RowDialog({ row, onClose, onApply }: { row: Row; onClose(): void; onApply(row: Row): void }) {
  const form = useSchemaForm(statisticsRowInput, {
    id_kind: row.id_kind,
    anwesend: row.anwesend,
    von: row.von,
    bis: row.bis,
    entlassgrund: row.entlassgrund,
  });
  const present = form.watch('anwesend');
  return (
    <FormDialog
      form={form}
      title={`${row.vorname} ${row.nachname} (${row.name_klasse})`}
      width={500}
      submitLabel="Übernehmen"
      texts={{ failure: childrenMessages.saveFailed }}
      onClose={onClose}
      onSubmit={async (values) => onApply({ ...row, ...values })}
    >
      <FormCheckbox
        control={form.control}
        name="anwesend"
        label="Anwesend"
        onChange={(on) => {
          if (on && !form.getValues('von')) form.setValue('von', '08:00', { shouldDirty: true });
        }}
      />
      <FormTimeField control={form.control} name="von" label="von" disabled={!present} />
      <FormTimeField
        control={form.control}
        name="bis"
        label="bis"
        disabled={!present}
        helperText="leer: nicht entlassen"
      />
      <FormTextField
        control={form.control}
        name="entlassgrund"
        label="Entlassgrund"
        disabled={!present}
        slotProps={{ htmlInput: { maxLength: RELEASE_REASON_MAX } }}
      />
    </FormDialog>
  );
}
