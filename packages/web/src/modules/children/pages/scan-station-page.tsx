import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract';
import {
  BIRTHDAY_CAROUSEL_HEIGHT,
  BIRTHDAY_RECHECK_MS,
  SCAN_MESSAGE_MS,
  birthdaysToday,
  forceHttps,
  idCardMessages,
  parseCardQr,
  parseReloadSeconds,
  hasHealthAlert,
  type ChildView,
  type ChildrenData,
  type ScanMessage,
  type ScanSettings,
} from '@hortus/contract/modules/children';
import { QrCamera } from '../../../platform/scan/qr-camera';
import { useChildren } from '../api/children';
import { scanIdCard } from '../api/id-cards';
import { readScanSettings, writeScanSettings } from '../logic/scan-settings';
import { HealthIcon } from '../components/health-alert';

/** Set while the station runs, so an automatic reload comes back scanning. */
const RUNNING_KEY = 'scanStationRunning';

/** /200?SCAN: the settings view, then the fullscreen scan station (school.md 2.4, 4.7). */
export function ScanStationPage() {
  const [settings, setSettings] = useState<ScanSettings>(readScanSettings);
  const [running, setRunning] = useState(() => sessionStorage.getItem(RUNNING_KEY) === '1');
  const query = useChildren();
  const navigate = useNavigate();
  const start = (next: ScanSettings) => {
    writeScanSettings(next);
    sessionStorage.setItem(RUNNING_KEY, '1');
    setSettings(next);
    setRunning(true);
  };
  const stop = () => {
    sessionStorage.removeItem(RUNNING_KEY);
    setRunning(false);
  };
  return (
    <Box
      data-testid="scan-station"
      sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal, bgcolor: 'background.default' }}
    >
      {running ? (
        <Station settings={settings} data={query.data} refetch={() => void query.refetch()} onStop={stop} />
      ) : (
        <SettingsView
          initial={settings}
          data={query.data}
          onStart={start}
          onLeave={() => void navigate('/200', { replace: true })}
        />
      )}
    </Box>
  );
}

function SettingsView({
  initial,
  data,
  onStart,
  onLeave,
}: {
  initial: ScanSettings;
  data: ChildrenData | undefined;
  onStart(settings: ScanSettings): void;
  onLeave(): void;
}) {
  const [form, setForm] = useState(initial);
  const set = (patch: Partial<ScanSettings>) => setForm({ ...form, ...patch });
  const [reloadText, setReloadText] = useState(String(initial.reloadSeconds));
  const reloadSeconds = parseReloadSeconds(reloadText);
  const reloadError = form.reload && 'error' in reloadSeconds ? reloadSeconds.error : undefined;
  const classes = data?.klassen.filter((k) => k.sehen) ?? [];
  const toggleClass = (id: number) => {
    const ids = form.showGeburtstageIdsKlassen;
    set({ showGeburtstageIdsKlassen: ids.includes(id) ? ids.filter((c) => c !== id) : [...ids, id] });
  };
  return (
    <Box sx={{ p: 3, maxWidth: 600, mx: 'auto', overflow: 'auto', height: '100%' }}>
      <Typography variant="h5" gutterBottom>
        Scan-Station
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Dashboard-Adresse"
          value={form.urlDashboard}
          onChange={(e) => set({ urlDashboard: e.target.value })}
          onBlur={() => set({ urlDashboard: forceHttps(form.urlDashboard) })}
          helperText="Wird im Hintergrund angezeigt (nur https)."
        />
        <FormControlLabel
          control={<Switch checked={form.reload} onChange={(e) => set({ reload: e.target.checked })} />}
          label="Seite automatisch neu laden"
        />
        {form.reload && (
          <TextField
            type="number"
            label="Neu laden alle (Sekunden)"
            value={reloadText}
            onChange={(e) => setReloadText(e.target.value)}
            error={reloadError !== undefined}
            helperText={reloadError}
            sx={{ width: 260 }}
          />
        )}
        <FormControlLabel
          control={<Switch checked={form.iframeKlickbar} onChange={(e) => set({ iframeKlickbar: e.target.checked })} />}
          label="Dashboard anklickbar"
        />
        <FormControlLabel
          control={
            <Switch checked={form.showGeburtstage} onChange={(e) => set({ showGeburtstage: e.target.checked })} />
          }
          label="Geburtstage anzeigen"
        />
        {form.showGeburtstage && (
          <FormGroup aria-label="Geburtstage der Klassen">
            {classes.map((k) => (
              <FormControlLabel
                key={k.id}
                control={
                  <Checkbox
                    checked={form.showGeburtstageIdsKlassen.includes(k.id)}
                    onChange={() => toggleClass(k.id)}
                  />
                }
                label={k.name}
              />
            ))}
          </FormGroup>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={reloadError !== undefined}
            onClick={() =>
              onStart({
                ...form,
                ...('seconds' in reloadSeconds ? { reloadSeconds: reloadSeconds.seconds } : {}),
                urlDashboard: forceHttps(form.urlDashboard),
              })
            }
          >
            Scan-Station starten
          </Button>
          <Button onClick={onLeave}>Zurück</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

const failed: ScanMessage = {
  title: idCardMessages.scanFailedTitle,
  text: idCardMessages.scanFailedText,
  type: 'error',
};
/** The same code read again within this time is the same scan (the camera sees a card for a while). */
const REPEAT_MS = SCAN_MESSAGE_MS;

function Station({
  settings,
  data,
  refetch,
  onStop,
}: {
  settings: ScanSettings;
  data: ChildrenData | undefined;
  refetch(): void;
  onStop(): void;
}) {
  const [message, setMessage] = useState<ScanMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const last = useRef<{ text: string; at: number } | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SCAN_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // Reload every reloadSeconds; 8 s after a (re)load the birthdays are checked again.
  useEffect(() => {
    const recheck = setTimeout(refetch, BIRTHDAY_RECHECK_MS);
    const reload = settings.reload
      ? setTimeout(() => window.location.reload(), settings.reloadSeconds * 1000)
      : undefined;
    return () => {
      clearTimeout(recheck);
      clearTimeout(reload);
    };
    // Once per start of the station.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onScanned = useCallback(async (text: string) => {
    const now = Date.now();
    if (last.current && last.current.text === text && now - last.current.at < REPEAT_MS) return;
    last.current = { text, at: now };
    if (!parseCardQr(text)) {
      setMessage({ title: idCardMessages.invalidQr, text: '', type: 'error' });
      return;
    }
    setBusy(true);
    try {
      setMessage(await scanIdCard(text));
    } catch {
      setMessage(failed);
    } finally {
      setBusy(false);
    }
  }, []);

  const scanned = message?.id_kind ? data?.kinder.find((kind) => kind.id === message.id_kind) : undefined;
  const birthdays =
    settings.showGeburtstage && data ? birthdaysToday(data.kinder, settings.showGeburtstageIdsKlassen, data.heute) : [];

  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {birthdays.length > 0 && <BirthdayCarousel names={birthdays.map((b) => `${b.name} wird heute ${b.alter}!`)} />}
      <Box sx={{ position: 'relative', flex: 1 }}>
        {settings.urlDashboard ? (
          <Box
            component="iframe"
            title="Dashboard"
            src={settings.urlDashboard}
            sx={{
              border: 0,
              width: '100%',
              height: '100%',
              pointerEvents: settings.iframeKlickbar ? 'auto' : 'none',
            }}
          />
        ) : (
          <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
            <Typography variant="h4" color="text.secondary">
              Bitte Ausweis vor die Kamera halten
            </Typography>
          </Stack>
        )}
        <Box
          sx={{
            position: 'absolute',
            right: 16,
            bottom: 16,
            width: { xs: 180, sm: 260 },
            bgcolor: 'background.paper',
            p: 1,
            borderRadius: 1,
            boxShadow: 3,
          }}
        >
          <QrCamera onScanned={(text) => void onScanned(text)} paused={busy} cameraFailedText={messages.cameraFailed} />
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              const text = typed;
              setTyped('');
              if (text.trim()) void onScanned(text.trim());
            }}
          >
            <TextField
              size="small"
              fullWidth
              label="Code (Handscanner)"
              autoFocus
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'scan-input' } }}
              sx={{ mt: 1 }}
            />
          </Box>
          <Button size="small" fullWidth onClick={onStop} sx={{ mt: 1 }}>
            Einstellungen
          </Button>
        </Box>
        {message && (
          <Alert
            severity={message.type}
            variant="filled"
            data-testid="scan-message"
            onClose={() => setMessage(null)}
            sx={{
              position: 'absolute',
              top: 24,
              left: '50%',
              transform: 'translateX(-50%)',
              minWidth: 300,
              fontSize: 20,
            }}
          >
            <AlertTitle sx={{ fontSize: 24 }}>{message.title}</AlertTitle>
            {message.text}
            {scanned && <ScannedChild child={scanned} />}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** What applies to the scanned child today and its health notes (issue 44). */
function ScannedChild({ child }: { child: ChildView }) {
  return (
    <Box data-testid="scan-child" sx={{ mt: 1, fontSize: 18 }}>
      {child.abholung && <div>Abholung: {child.abholung.heute.text}</div>}
      {hasHealthAlert(child.gesundheit) && (
        <div>
          <HealthIcon notes={child.gesundheit} name={child.name} /> {child.gesundheit?.allergien}
          {child.gesundheit?.medikamente ? ` · ${child.gesundheit.medikamente}` : ''}
        </div>
      )}
    </Box>
  );
}

/** One line at a time, changing every 4 s (height 30). */
function BirthdayCarousel({ names }: { names: string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => i + 1), 4000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box
      data-testid="birthdays"
      sx={{
        height: BIRTHDAY_CAROUSEL_HEIGHT,
        lineHeight: `${BIRTHDAY_CAROUSEL_HEIGHT}px`,
        textAlign: 'center',
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        overflow: 'hidden',
      }}
    >
      🎂 {names[index % names.length]}
    </Box>
  );
}
