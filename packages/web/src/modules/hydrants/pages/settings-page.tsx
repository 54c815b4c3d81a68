import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  DEFAULT_INSPECTION_YEARS,
  UNCHECKED,
  hydrantDefaults,
  hydrantMessages,
  type HydrantData,
} from '@hortus/contract/modules/hydrants';
import { useAlert } from '../../../platform/alert/alert-context';
import { ApiError } from '../../../platform/api/errors';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { changeAllStatuses, importRegister, saveMapSettings, useHydrantCache } from '../api/hydrants';
import type { MapView } from '../components/settings-map';
import { WithHydrants } from './hydrant-data';

const SettingsMap = lazy(() => import('../components/settings-map'));
const SAVE_DELAY_MS = 400;
const cycles = Array.from({ length: 10 }, (_, i) => i + 1);

/** /310-100 Einstellungen (310|010): start position and zoom, saved on every change; the bulk reset. */
export function SettingsPage() {
  return <WithHydrants>{(data) => <SettingsView data={data} />}</WithHydrants>;
}

/** Adds hydrants from a CSV or GeoJSON file (the export's columns); shows refused lines and skipped duplicates. */
function ImportPanel() {
  const saving = useSaving();
  const alert = useAlert();
  const cache = useHydrantCache();
  const [report, setReport] = useState<{ title: string; lines: string[] } | null>(null);

  const upload = async (file: File) => {
    const format = /\.csv$/i.test(file.name) ? 'csv' : 'geojson';
    try {
      const reply = await saving.run(file.text().then((text) => importRegister(format, text)));
      alert.success(`${reply.angelegt} Hydranten importiert.`);
      setReport(
        reply.duplikate.length > 0 ? { title: 'Übersprungen (schon vorhanden):', lines: reply.duplikate } : null,
      );
      void cache.reload();
    } catch (error) {
      const lines = error instanceof ApiError ? (error.errors['inhalt'] ?? []) : [];
      setReport(lines.length > 0 ? { title: 'Die Datei wurde nicht importiert:', lines } : null);
      alert.error(saveErrorMessage(error, hydrantMessages.saveFailed));
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Import
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        CSV (Semikolon, Spalten wie beim Export) oder GeoJSON. Fehlerhafte Zeilen verhindern den Import; Hydranten mit
        vorhandener Nummer oder Position werden übersprungen.
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        Datei importieren
        <input
          hidden
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {report && (
        <Alert severity={report.title.startsWith('Die Datei') ? 'error' : 'info'} sx={{ mt: 2 }}>
          <Typography variant="body2">{report.title}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {report.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Paper>
  );
}

function SettingsView({ data }: { data: HydrantData }) {
  const alert = useAlert();
  const saveAction = useSaveAction();
  const cache = useHydrantCache();
  const home = hydrantDefaults.home;
  const [view, setView] = useState<MapView>(() =>
    data.settings
      ? { lat: data.settings.startpos_lat, lon: data.settings.startpos_lon, zoom: data.settings.startpos_zoom }
      : { lat: home.lat, lon: home.lon, zoom: home.zoom },
  );
  const [cycle, setCycle] = useState(data.settings?.pruefzyklusJahre ?? DEFAULT_INSPECTION_YEARS);
  const [askReset, setAskReset] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Every change is saved (after a short pause, so dragging the map sends one save). */
  const persist = (next: MapView, nextCycle = cycle) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saveMapSettings({ coords_lat: next.lat, coords_lon: next.lon, zoom: next.zoom, pruefzyklusJahre: nextCycle })
        .then((reply) => cache.setSettings(reply.settings))
        .catch((error: unknown) => alert.error(saveErrorMessage(error, hydrantMessages.settingsSaveFailed)));
    }, SAVE_DELAY_MS);
  };
  const move = (next: MapView) => {
    const rounded = { lat: Number(next.lat.toFixed(6)), lon: Number(next.lon.toFixed(6)), zoom: next.zoom };
    if (rounded.lat === view.lat && rounded.lon === view.lon && rounded.zoom === view.zoom) return;
    setView(rounded);
    persist(rounded);
  };

  const resetAll = async () => {
    setAskReset(false);
    const reply = await saveAction(() => changeAllStatuses(UNCHECKED), { failure: hydrantMessages.saveFailed });
    if (reply) {
      cache.setAll(reply.statuswert.id);
      alert.success(hydrantMessages.allStatus(reply.statuswert.name));
    }
  };

  return (
    <PageContainer>
      <Stack spacing={2} sx={{ maxWidth: 800, mx: 'auto' }}>
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h1" gutterBottom>
            Startposition der Karte
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Karte verschieben und zoomen: Jede Änderung wird sofort gespeichert.
          </Typography>
          <Suspense fallback={<LinearProgress aria-label="Karte wird geladen…" />}>
            <SettingsMap data={data} view={view} onMove={move} />
          </Suspense>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <TextField label="Breitengrad" value={view.lat} slotProps={{ input: { readOnly: true } }} fullWidth />
            <TextField label="Längengrad" value={view.lon} slotProps={{ input: { readOnly: true } }} fullWidth />
            <TextField label="Zoom" value={view.zoom} slotProps={{ input: { readOnly: true } }} fullWidth />
          </Stack>
        </Paper>
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Prüfung
          </Typography>
          <TextField
            select
            label="Prüfzyklus"
            value={cycle}
            onChange={(event) => {
              const next = Number(event.target.value);
              setCycle(next);
              persist(view, next);
            }}
            helperText="Nach dieser Zeit gilt ein Hydrant als überfällig (DVGW W 400-3: 4 Jahre)."
            sx={{ minWidth: 240 }}
          >
            {cycles.map((years) => (
              <MenuItem key={years} value={years}>{`${years} ${years === 1 ? 'Jahr' : 'Jahre'}`}</MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ mt: 2 }}>
            <Button variant="outlined" color="warning" onClick={() => setAskReset(true)}>
              Alle Hydranten auf „ungeprüft“ setzen
            </Button>
          </Stack>
        </Paper>
        <ImportPanel />
      </Stack>
      <ConfirmDialog
        open={askReset}
        text={hydrantMessages.bulkConfirm}
        onConfirm={() => void resetAll()}
        onCancel={() => setAskReset(false)}
      />
    </PageContainer>
  );
}
