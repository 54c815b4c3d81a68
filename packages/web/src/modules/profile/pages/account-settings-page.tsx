import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { profileMessages } from '@hortus/contract/modules/profile';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { useChangePassword } from '../api/change-password';
import {
  canSavePassword,
  emptyPasswordForm,
  passwordFormErrors,
  repeatMismatch,
  type PasswordField,
  type PasswordForm,
} from '../password-form';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { TwoFactorSection } from '../components/two-factor-section';
import { PasskeysSection } from '../components/passkeys-section';
import { SessionsSection } from '../components/sessions-section';

const fields: readonly { name: PasswordField; label: string; autoComplete: string }[] = [
  { name: 'oldPassword', label: 'Altes Passwort', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Neues Passwort', autoComplete: 'new-password' },
  { name: 'repeat', label: 'Neues Passwort wiederholen', autoComplete: 'new-password' },
];

const noneTouched: Readonly<Record<PasswordField, boolean>> = { oldPassword: false, newPassword: false, repeat: false };

/** /010-010 'Kontoeinstellungen': the user name (read-only), the own password change and the second factor. */
export function AccountSettingsPage() {
  const { data: settings } = useSettings();
  const alert = useAlert();
  const saving = useSaving();
  const { mutateAsync: changePassword } = useChangePassword();
  const [form, setForm] = useState<PasswordForm>(emptyPasswordForm);
  const [touched, setTouched] = useState(noneTouched);

  const errors = passwordFormErrors(form, settings?.user.nn ?? '');
  const mismatch = repeatMismatch(form);
  const canSave = canSavePassword(form, settings?.user.nn ?? '');

  const submit = async () => {
    if (!canSave || saving.isSaving) return;
    try {
      const reply = await saving.run(changePassword({ oldPassword: form.oldPassword, newPassword: form.newPassword }));
      if (reply.status === 'success') {
        alert.success(profileMessages.passwordChanged);
        setForm(emptyPasswordForm);
        setTouched(noneTouched);
      } else {
        alert.error(profileMessages.wrongOldPassword);
      }
    } catch (error) {
      alert.error(saveErrorMessage(error, profileMessages.saveFailed));
    }
  };

  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Kontoeinstellungen
        </Typography>
        <TextField
          label="Benutzername"
          value={settings?.user.nn ?? ''}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 2 }}>
          Passwort ändern
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label="Passwort ändern"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {/* Lets password managers link the new password to the account. */}
          <input type="text" name="username" autoComplete="username" value={settings?.user.nn ?? ''} readOnly hidden />
          <Stack spacing={2}>
            {fields.map(({ name, label, autoComplete }) => {
              const message = touched[name] ? (errors[name] ?? (name === 'repeat' ? mismatch : null)) : null;
              return (
                <TextField
                  key={name}
                  label={label}
                  type="password"
                  name={name}
                  autoComplete={autoComplete}
                  required
                  fullWidth
                  value={form[name]}
                  onChange={(event) => {
                    const value = event.target.value;
                    setForm((current) => ({ ...current, [name]: value }));
                    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
                  }}
                  error={message !== null}
                  helperText={message ?? ' '}
                />
              );
            })}
          </Stack>
          {canSave && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={saving.isSaving}>
                Speichern
              </Button>
            </Box>
          )}
        </Box>
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
      </Paper>
    </PageContainer>
  );
}
