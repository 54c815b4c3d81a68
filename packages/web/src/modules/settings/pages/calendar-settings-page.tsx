import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { settingsModuleTexts } from '@hortus/contract/modules/settings';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { disablePush, enablePush, isPushEnabled } from '../../../platform/session/push-opt-in';
import { saveSubscription } from '../api/save-subscription';

const saveFailed = 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.';

/** /020 'Kalender': the push opt-in for calendar events, kept on this device. */
export function CalendarSettingsPage() {
  const { data: settings } = useSettings();
  const alert = useAlert();
  const saving = useSaving();
  const [enabled, setEnabled] = useState(isPushEnabled);

  const save = async () => {
    if (saving.isSaving) return;
    try {
      if (!enabled) {
        await saving.run(disablePush());
        alert.success(settingsModuleTexts.saved);
        return;
      }
      const result = await saving.run(enablePush(settings?.vapidPublicKey ?? '', saveSubscription));
      if (result === 'subscribed') alert.success(settingsModuleTexts.saved);
      else {
        setEnabled(false);
        alert.error(result === 'denied' ? settingsModuleTexts.denied : settingsModuleTexts.notSupported);
      }
    } catch {
      alert.error(saveFailed);
    }
  };

  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Kalender
        </Typography>
        <FormControlLabel
          label={settingsModuleTexts.pushLabel}
          control={<Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="contained" onClick={() => void save()} disabled={saving.isSaving}>
            {settingsModuleTexts.save}
          </Button>
        </Box>
      </Paper>
    </PageContainer>
  );
}
