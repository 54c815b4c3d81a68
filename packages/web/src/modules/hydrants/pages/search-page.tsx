import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { check, formatGermanDate, messages, todayIsoDay } from '@hortus/contract';
import {
  CHECKED,
  DEFAULT_INSPECTION_YEARS,
  defectSummary,
  hasUrgentDefect,
  hydrantMessages,
  isInspectionOverdue,
  nextInspectionDue,
  type Hydrant,
  type HydrantData,
} from '@hortus/contract/modules/hydrants';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadRegister, downloadReport } from '../api/hydrants';
import { addressOf } from '../logic/hydrant-form';
import { WithHydrants } from './hydrant-data';

const LIST_MAX = 50;

/** /310-020 suchen: counts, urgent findings, defect summary, overdue inspections and the register search. */
export function SearchPage() {
  useDismissibleOfflineBanner();
  return <WithHydrants>{(data) => <SearchView data={data} />}</WithHydrants>;
}

function HydrantLink({ data, hydrant, extra }: { data: HydrantData; hydrant: Hydrant; extra?: string }) {
  return (
    // A list holds list items (axe 'list'); the link sits inside one.
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={`/310-030?h=${hydrant.id}&t=1`} dense>
        <ListItemText
          primary={`Hydrant ${hydrant.nummer || hydrant.id} – ${addressOf(data, hydrant)}`}
          secondary={extra}
        />
      </ListItemButton>
    </ListItem>
  );
}

function defectNames(data: HydrantData, hydrant: Hydrant): string {
  return hydrant.mangel.map((key) => data.maengel.find((d) => d.schluessel === key)?.name ?? key).join(', ');
}

/** The inspection report and the register exports (beyond the specification). */
function ReportButtons() {
  const saveAction = useSaveAction();
  const texts = { failure: messages.downloadFailed };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfIcon />}
        onClick={() => void saveAction(downloadReport, texts)}
      >
        Prüfbericht (PDF)
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={() => void saveAction(() => downloadRegister('csv'), texts)}>
        Export CSV
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={() => void saveAction(() => downloadRegister('geojson'), texts)}>
        Export GeoJSON
      </Button>
    </Stack>
  );
}

function SearchView({ data }: { data: HydrantData }) {
  const [lowestOnly, setLowestOnly] = useState(true);
  const [query, setQuery] = useState('');
  const checked = data.hydranten.filter((h) => h.status === CHECKED).length;
  const urgent = useMemo(() => data.hydranten.filter((h) => hasUrgentDefect(h.mangel)), [data.hydranten]);
  const summary = useMemo(
    () => defectSummary(data.hydranten, data.maengel, lowestOnly),
    [data.hydranten, data.maengel, lowestOnly],
  );
  const cycle = data.settings?.pruefzyklusJahre ?? DEFAULT_INSPECTION_YEARS;
  const today = todayIsoDay();
  const overdue = useMemo(
    () => data.hydranten.filter((h) => isInspectionOverdue(h.letztePruefung, cycle, today)),
    [data.hydranten, cycle, today],
  );
  const queryError = check(query, ['name']);
  const results = useMemo(() => {
    const text = query.trim().toLowerCase();
    if (text === '' || queryError !== null) return [];
    return data.hydranten.filter((hydrant) => {
      const street = data.strassen.find((s) => s.id === hydrant.id_strasse)?.strasse ?? '';
      const haystack = `${street} ${hydrant.hausnummer} ${hydrant.nummer}`.toLowerCase();
      return text.split(/\s+/).every((word) => haystack.includes(word));
    });
  }, [data.hydranten, data.strassen, query, queryError]);

  return (
    <PageContainer>
      <Stack spacing={2} sx={{ maxWidth: 900, mx: 'auto' }}>
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h1" data-testid="hydrant-counts">
            {`${checked} von ${data.hydranten.length} Hydranten geprüft`}
          </Typography>
          <TextField
            label="Suche nach Straße und Nummer"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            error={queryError !== null}
            helperText={queryError ?? ' '}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          {query.trim() !== '' && queryError === null && (
            <List aria-label="Suchergebnisse" dense>
              {results.length === 0 && (
                <ListItem>
                  <Typography>{hydrantMessages.noResults}</Typography>
                </ListItem>
              )}
              {results.slice(0, LIST_MAX).map((hydrant) => (
                <HydrantLink key={hydrant.id} data={data} hydrant={hydrant} />
              ))}
            </List>
          )}
        </Paper>

        <ReportButtons />
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Dringende Mängel
          </Typography>
          {urgent.length === 0 ? (
            <Typography>{hydrantMessages.noFindings}</Typography>
          ) : (
            <List aria-label="Dringende Mängel" dense>
              {urgent.map((hydrant) => (
                <HydrantLink key={hydrant.id} data={data} hydrant={hydrant} extra={defectNames(data, hydrant)} />
              ))}
            </List>
          )}
        </Paper>

        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Mängelübersicht
          </Typography>
          <FormControlLabel
            control={<Switch checked={lowestOnly} onChange={(event) => setLowestOnly(event.target.checked)} />}
            label="Nur den niedrigsten Mangel je Hydrant zählen"
          />
          {summary.length === 0 ? (
            <Typography>{hydrantMessages.noFindings}</Typography>
          ) : (
            <Table size="small" aria-label="Mängelübersicht">
              <TableHead>
                <TableRow>
                  <TableCell>Schlüssel</TableCell>
                  <TableCell>Mangel</TableCell>
                  <TableCell align="right">Anzahl</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.map((entry) => (
                  <TableRow key={entry.schluessel}>
                    <TableCell>{entry.schluessel}</TableCell>
                    <TableCell>
                      {entry.name} {entry.urgent && <Chip size="small" color="error" label="dringend" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell align="right">{entry.hydranten.length}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>

        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {`Prüfung überfällig (${overdue.length})`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`Prüfzyklus ${cycle} Jahre (DVGW W 400-3).`}
          </Typography>
          {overdue.length === 0 ? (
            <Typography>{hydrantMessages.noOverdue}</Typography>
          ) : (
            <List aria-label="Prüfung überfällig" dense>
              {overdue.slice(0, LIST_MAX).map((hydrant) => {
                const due = nextInspectionDue(hydrant.letztePruefung, cycle);
                return (
                  <HydrantLink
                    key={hydrant.id}
                    data={data}
                    hydrant={hydrant}
                    extra={due === null ? 'Noch nie geprüft' : `Fällig seit ${formatGermanDate(due)}`}
                  />
                );
              })}
              {overdue.length > LIST_MAX && (
                <Typography variant="body2">{`… und ${overdue.length - LIST_MAX} weitere`}</Typography>
              )}
            </List>
          )}
        </Paper>
      </Stack>
    </PageContainer>
  );
}
