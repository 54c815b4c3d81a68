import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { appSettingsMessages, type AppSettingsData, type AppSettingsReply } from '@hortus/contract';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { isHexColor, safePrimary } from '../../../platform/theme/colors';
import { primaryColorStore } from '../../../platform/theme/theme-stores';
import { useAppSettings, useSaveAppSettings } from '../api/app-settings';
import {
  appSettingsChanged,
  appSettingsErrors,
  insertInfoAfter,
  removeInfo,
  toggleModule,
  updateInfo,
} from '../app-settings-form';

const loadFailed = 'Die Einstellungen konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/** /001 'Anwesenheit': the app settings (title, theme colour, login screen, enabled modules). */
export function AppSettingsPage() {
  const { data, dataUpdatedAt, isError } = useAppSettings();
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 860, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          App-Einstellungen
        </Typography>
        {data ? (
          <AppSettingsForm key={dataUpdatedAt} reply={data} />
        ) : isError ? (
          <Typography color="error">{loadFailed}</Typography>
        ) : (
          <PageLoading />
        )}
      </Paper>
    </PageContainer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

interface ColourFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** A colour as text (#RRGGBB) plus the native colour picker. */
function ColourField({ label, value, onChange, error }: ColourFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Box
                component="input"
                type="color"
                aria-label={`${label} wählen`}
                value={isHexColor(value) && value.trim().length === 7 ? value.trim().toLowerCase() : '#000000'}
                onChange={(event) => onChange(event.target.value)}
                sx={{ width: 40, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function AppSettingsForm({ reply }: { reply: AppSettingsReply }) {
  const saving = useSaving();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveAppSettings();
  const saved = reply.settings;
  const [form, setForm] = useState<AppSettingsData>(saved);

  const errors = appSettingsErrors(form);
  const valid = Object.keys(errors).length === 0;
  const changed = appSettingsChanged(saved, form);

  // Live preview of the primary colour while editing; leaving the page restores the saved colour.
  const savedPrimary = useRef(saved.app_theme_color_primary);
  const previewPrimary = form.app_theme_color_primary;
  useEffect(() => {
    if (isHexColor(previewPrimary)) primaryColorStore.set(safePrimary(previewPrimary));
  }, [previewPrimary]);
  useEffect(() => {
    const colour = savedPrimary;
    return () => primaryColorStore.set(safePrimary(colour.current));
  }, []);

  const set = <K extends keyof AppSettingsData>(key: K, value: AppSettingsData[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const text = (key: 'app_titel' | 'app_untertitel' | 'app_url' | 'loginscreen_bg_img', label: string) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      required={key === 'app_titel'}
      fullWidth
    />
  );

  const submit = async () => {
    if (!valid || !changed) return;
    const result = await saveAction(() => save(form), {
      success: appSettingsMessages.saved,
      failure: appSettingsMessages.saveFailed,
    });
    if (result) savedPrimary.current = result.settings.app_theme_color_primary;
  };

  const infos = form.loginscreen_infos;
  return (
    <SubmitForm onSubmit={submit}>
      <Section title="App">
        {text('app_titel', 'App-Titel')}
        {text('app_untertitel', 'Untertitel')}
        {text('app_url', 'App-URL')}
        <ColourField
          label="Primärfarbe"
          value={form.app_theme_color_primary}
          onChange={(value) => set('app_theme_color_primary', value)}
          error={errors['app_theme_color_primary']}
        />
      </Section>

      <Section title="Loginbildschirm">
        <TextField
          label="Willkommenstext"
          value={form.loginscreen_welcomeText}
          onChange={(event) => set('loginscreen_welcomeText', event.target.value)}
          error={Boolean(errors['loginscreen_welcomeText'])}
          helperText={errors['loginscreen_welcomeText']}
          multiline
          minRows={3}
          fullWidth
        />
        <ColourField
          label="Hintergrundfarbe"
          value={form.loginscreen_bg_color}
          onChange={(value) => set('loginscreen_bg_color', value)}
          error={errors['loginscreen_bg_color']}
        />
        {text('loginscreen_bg_img', 'Hintergrundbild (URL)')}
        <Typography variant="subtitle1" component="h3">
          Infos
        </Typography>
        {infos.length === 0 && (
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => set('loginscreen_infos', insertInfoAfter(infos, -1))}>
              Info hinzufügen
            </Button>
          </Box>
        )}
        {infos.map((info, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 2 }} data-testid="login-info">
            <Stack spacing={2}>
              <TextField
                label="Titel"
                value={info.titel}
                onChange={(event) => set('loginscreen_infos', updateInfo(infos, index, { titel: event.target.value }))}
                error={Boolean(errors[`loginscreen_infos.${index}.titel`])}
                helperText={errors[`loginscreen_infos.${index}.titel`]}
                required
                fullWidth
              />
              <TextField
                label="Text"
                value={info.text}
                onChange={(event) => set('loginscreen_infos', updateInfo(infos, index, { text: event.target.value }))}
                error={Boolean(errors[`loginscreen_infos.${index}.text`])}
                helperText={errors[`loginscreen_infos.${index}.text`]}
                multiline
                minRows={2}
                fullWidth
              />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Tooltip title="Info entfernen">
                  <IconButton
                    aria-label="Info entfernen"
                    onClick={() => set('loginscreen_infos', removeInfo(infos, index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Neue Info darunter einfügen">
                  <IconButton
                    aria-label="Neue Info darunter einfügen"
                    onClick={() => set('loginscreen_infos', insertInfoAfter(infos, index))}
                  >
                    <AddIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
          </Paper>
        ))}
        {errors['loginscreen_infos'] && <Typography color="error">{errors['loginscreen_infos']}</Typography>}
      </Section>

      <Section title="Module">
        <FormGroup>
          {reply.module.map((module) => (
            <FormControlLabel
              key={module.code}
              label={`${module.code} ${module.titel}`}
              control={
                <Checkbox
                  checked={module.alwaysEnabled || form.useF.includes(module.code)}
                  disabled={module.alwaysEnabled}
                  onChange={(event) => set('useF', toggleModule(form.useF, module.code, event.target.checked))}
                />
              }
            />
          ))}
        </FormGroup>
      </Section>

      <Divider sx={{ my: 3 }} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!valid || !changed || saving.isSaving}>
          Speichern
        </Button>
      </Box>
    </SubmitForm>
  );
}
