import { useEffect, useId, useRef, type ReactNode } from 'react';
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
import { useController, useFieldArray, useFormState, type Control } from 'react-hook-form';
import {
  appSettingsMessages,
  appSettingsState,
  type AppSettingsReply,
  type AppSettingsState,
} from '@hortus/contract/modules/app-settings';
import { FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { isHexColor, safePrimary } from '../../../platform/theme/colors';
import { primaryColorStore } from '../../../platform/theme/theme-stores';
import { useAppSettings, useSaveAppSettings } from '../api/app-settings';
import { emptyInfo, formValuesOf, toggleModule } from '../app-settings-form';
import { FacilityFields } from '../components/facility-settings';
import { AccessibilityStatementFields, ContactFields } from '../components/legal-settings';

const loadFailed = 'Die Einstellungen konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.';

/**
 * /001 'Anwesenheit': the app settings (title, theme colour, login screen, the facility, the responsible
 * organisation, the data protection officer, the accessibility statement, enabled modules).
 */
export function AppSettingsPage() {
  const { data, isError } = useAppSettings();
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 860, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          App-Einstellungen
        </Typography>
        {data ? (
          <AppSettingsForm reply={data} />
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
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

type Values = AppSettingsState;

/** A colour as text (#RRGGBB) plus the native colour picker, bound to the form. */
function ColourField({
  control,
  name,
  label,
}: {
  control: Control<Values, unknown, unknown>;
  name: 'app_theme_color_primary' | 'loginscreen_bg_color';
  label: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value;
  return (
    <TextField
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
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
                onChange={(event) => field.onChange(event.target.value)}
                sx={{ width: 40, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function AppSettingsForm({ reply }: { reply: AppSettingsReply }) {
  const { mutateAsync: save } = useSaveAppSettings();
  // Live preview of the primary colour while editing; leaving the page restores the saved colour.
  const savedPrimary = useRef(reply.settings.app_theme_color_primary);
  const settings = useSettingsForm({
    schema: appSettingsState,
    saved: formValuesOf(reply.settings),
    save: async (values) => {
      const result = await save(values);
      savedPrimary.current = result.settings.app_theme_color_primary;
    },
    texts: { success: appSettingsMessages.saved, failure: appSettingsMessages.saveFailed },
  });
  const { draft, update } = settings;
  const control = settings.form.control as Control<Values, unknown, unknown>;
  const infos = useFieldArray({ control, name: 'loginscreen_infos' });
  const { errors } = useFormState({ control, name: 'loginscreen_infos' });
  const listError = errors.loginscreen_infos?.root?.message ?? errors.loginscreen_infos?.message;

  const previewPrimary = draft.app_theme_color_primary;
  useEffect(() => {
    if (isHexColor(previewPrimary)) primaryColorStore.set(safePrimary(previewPrimary));
  }, [previewPrimary]);
  useEffect(() => {
    const colour = savedPrimary;
    return () => primaryColorStore.set(safePrimary(colour.current));
  }, []);

  return (
    <SettingsForm settings={settings}>
      <Section title="App">
        <FormTextField control={control} name="app_titel" label="App-Titel" required fullWidth />
        <FormTextField control={control} name="app_untertitel" label="Untertitel" fullWidth />
        <FormTextField control={control} name="app_url" label="App-URL" fullWidth />
        <ColourField control={control} name="app_theme_color_primary" label="Primärfarbe" />
      </Section>

      <Section title="Loginbildschirm">
        <FormTextField
          control={control}
          name="loginscreen_welcomeText"
          label="Willkommenstext"
          multiline
          minRows={3}
          fullWidth
        />
        <ColourField control={control} name="loginscreen_bg_color" label="Hintergrundfarbe" />
        <FormTextField control={control} name="loginscreen_bg_img" label="Hintergrundbild (URL)" fullWidth />
        <Typography variant="subtitle1" component="h3">
          Infos
        </Typography>
        {infos.fields.length === 0 && (
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => infos.append(emptyInfo())}>
              Info hinzufügen
            </Button>
          </Box>
        )}
        {infos.fields.map((info, index) => (
          <Paper key={info.id} variant="outlined" sx={{ p: 2 }} data-testid="login-info">
            <Stack spacing={2}>
              <FormTextField
                control={control}
                name={`loginscreen_infos.${index}.titel`}
                label="Titel"
                required
                fullWidth
              />
              <FormTextField
                control={control}
                name={`loginscreen_infos.${index}.text`}
                label="Text"
                multiline
                minRows={2}
                fullWidth
              />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Tooltip title="Info entfernen">
                  <IconButton aria-label="Info entfernen" onClick={() => infos.remove(index)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Neue Info darunter einfügen">
                  <IconButton
                    aria-label="Neue Info darunter einfügen"
                    onClick={() => infos.insert(index + 1, emptyInfo())}
                  >
                    <AddIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
          </Paper>
        ))}
        {listError && <Typography color="error">{listError}</Typography>}
      </Section>

      <Section title="Einrichtung">
        <FacilityFields control={control} />
      </Section>

      <Section title="Verantwortlicher (Träger)">
        <ContactFields control={control} name="verantwortlicher" />
      </Section>

      <Section title="Datenschutzbeauftragte Person">
        <Typography variant="body2" color="text.secondary">
          Erscheint auf dem Loginbildschirm unter „Datenschutz“ und in den Datenschutz-Dokumenten.
        </Typography>
        <ContactFields control={control} name="datenschutzbeauftragter" />
      </Section>

      <Section title="Erklärung zur Barrierefreiheit">
        <AccessibilityStatementFields control={control} />
      </Section>

      <Section title="Module">
        <FormGroup>
          {reply.module.map((module) => (
            <FormControlLabel
              key={module.code}
              label={`${module.code} ${module.titel}`}
              control={
                <Checkbox
                  checked={module.alwaysEnabled || draft.useF.includes(module.code)}
                  disabled={module.alwaysEnabled}
                  onChange={(event) => update({ useF: toggleModule(draft.useF, module.code, event.target.checked) })}
                />
              }
            />
          ))}
        </FormGroup>
      </Section>

      <Divider sx={{ my: 3 }} />
    </SettingsForm>
  );
}
