import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatGermanDate, isIsoDate, messages } from '@hortus/contract';
import { childrenMessages, type W2Exception } from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { downloadStoredFile } from '../../../platform/api/download';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { SearchField } from '../../../platform/filters/search-field';
import { DeferredDateInput } from '../../../platform/forms/deferred-date-input';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import type { WidgetProps } from '../../../platform/module-page/web-module';
import { useExceptionsOfDay } from '../api/children';
import { berlinDay } from '../logic/children-view';

/** Widget 2 'Abwesenheiten': the exceptions of a chosen day (core.md, Dashboard widget 2). */
export function AbsencesWidget(_props: WidgetProps) {
  const alert = useAlert();
  const [day, setDay] = useState(berlinDay);
  const [klasse, setKlasse] = useState(0);
  const [time, setTime] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<W2Exception | null>(null);
  const query = useExceptionsOfDay(isIsoDate(day) ? day : berlinDay());
  const reply = query.data;
  const term = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      (reply?.ausnahmen ?? []).filter(
        (e) =>
          (klasse === 0 || e.kind_id_klasse === klasse) &&
          (time === '' || e.entlasszeit === time) &&
          (term === '' ||
            `${e.kind_vorname} ${e.kind_nachname} ${e.kind_klasse} ${e.kommentar}`.toLowerCase().includes(term)),
      ),
    [reply, klasse, time, term],
  );
  const times = [...new Set((reply?.ausnahmen ?? []).filter((e) => e.anwesend === 1).map((e) => e.entlasszeit))].sort();
  const columns: DataTableColumn<W2Exception>[] = [
    {
      key: 'name',
      label: 'Kind',
      render: (e) => (
        <Box component="span" sx={{ color: e.elternErstellt ? 'error.main' : undefined }}>
          {e.kind_nachname}, {e.kind_vorname}
        </Box>
      ),
    },
    { key: 'klasse', label: 'Klasse', render: (e) => e.kind_klasse },
    { key: 'text', label: 'Ausnahme', render: (e) => e.anwesenheit_text },
    {
      key: 'kommentar',
      label: 'Kommentar',
      render: (e) => (e.regelausnahme ? `${e.kommentar} (regelmäßig)` : e.kommentar),
    },
  ];
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <DeferredDateInput label="Tag" value={day} onChange={setDay} />
        <TextField
          select
          size="small"
          label="Klasse"
          value={klasse}
          onChange={(e) => setKlasse(Number(e.target.value))}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value={0}>Alle</MenuItem>
          {(reply?.klassenVorhandenIds ?? []).map((id, index) => (
            <MenuItem key={id} value={id}>
              {reply?.klassenVorhanden[index]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Entlasszeit"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          // Wide enough for its label, which floats above 'Alle' instead of being cut off inside the field.
          sx={{ minWidth: 150 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Alle</MenuItem>
          {times.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <SearchField value={search} onChange={setSearch} />
      {query.isError && <Alert severity="error">{messages.appLoadFailed}</Alert>}
      {reply && reply.klassenVorhandenIds.length === 0 ? (
        <Typography color="text.secondary">{childrenMessages.noChildrenAvailable}</Typography>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(e) => e.id}
          emptyText={childrenMessages.noExceptions}
          rowsPerPageOptions={[5, 10, 20, 50, { label: 'Alle', value: ALL_ROWS }]}
          defaultRowsPerPage={10}
          mobileBreakpoint={600}
          onRowClick={(row) => setOpen(row)}
          aria-label="Abwesenheitsliste"
          data-testid="w2-table"
        />
      )}
      {open && (
        <DialogShell
          title={`${open.kind_vorname} ${open.kind_nachname} (${open.kind_klasse})`}
          onClose={() => setOpen(null)}
          width={444}
        >
          <Stack spacing={1}>
            <Typography>
              {formatGermanDate(day)}: {open.anwesenheit_text}
            </Typography>
            {open.kommentar && <Typography>{open.kommentar}</Typography>}
            {open.regelausnahme && <Typography color="text.secondary">Regelmäßige Ausnahme</Typography>}
            {open.elternErstellt && (
              <Typography color="error">
                Von Eltern gemeldet am {open.elternErstellt_tag} um {open.elternErstellt_zeit} Uhr
              </Typography>
            )}
            {open.anhaenge.map((file) => (
              <Link
                key={file.pfad}
                component="button"
                onClick={() =>
                  void downloadStoredFile(file.pfad, file.name).catch(() => alert.error(messages.downloadFailed))
                }
              >
                {file.name}
              </Link>
            ))}
          </Stack>
        </DialogShell>
      )}
    </Stack>
  );
}
