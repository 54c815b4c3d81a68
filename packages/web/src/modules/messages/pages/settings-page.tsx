import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messagesMessages, messagesSettings, type MessagesData } from '@hortus/contract/modules/messages';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { FormNumberField, FormSelectField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useInbox, useMessagesAction } from '../api/messages';

/** /120-set: the office group parents may write to and how long messages are kept. */
export function MessagesSettingsPage() {
  const query = useInbox();
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{messagesMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <SettingsPanel data={query.data} />
    </PageContainer>
  );
}

function SettingsPanel({ data }: { data: MessagesData }) {
  const { mutateAsync: save } = useMessagesAction();
  const settings = useSettingsForm({
    schema: messagesSettings,
    saved: data.settings,
    save: (value) => save({ type: 'settings', data: value }),
    texts: { failure: messagesMessages.sendFailed },
  });
  const { control } = settings.form;
  return (
    <Paper sx={{ p: 3, maxWidth: 700 }}>
      <SettingsForm settings={settings}>
        <Stack spacing={2}>
          <FormSelectField
            control={control}
            name="id_nutzergruppe_buero"
            label="Büro (Eltern können an diese Gruppe schreiben)"
            options={[{ value: 0, label: '– keine –' }, ...data.gruppen.map((g) => ({ value: g.id, label: g.name }))]}
          />
          <FormNumberField
            control={control}
            name="aufbewahrungMonate"
            label="Nachrichten aufbewahren (Monate, 0 = unbegrenzt)"
          />
        </Stack>
      </SettingsForm>
    </Paper>
  );
}
