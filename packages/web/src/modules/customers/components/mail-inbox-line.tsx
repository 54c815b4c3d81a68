import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { customerMessages, mailInboxLine } from '@hortus/contract/modules/customers';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useFetchInbox, useInboxStatus } from '../api/cost-drafts';

/**
 * Issue 45, /410-set: the invoice inbox's state ('Letzter Abruf …' or why it failed) and 'Jetzt abrufen'. The
 * mailbox is configured on the server (INVOICE_IMAP_URL), never here.
 */
export function MailInboxLine() {
  const query = useInboxStatus();
  const { mutateAsync: fetchNow } = useFetchInbox();
  const saveAction = useSaveAction();
  const status = query.data?.posteingang;
  if (!status) return null;
  return (
    <Stack spacing={1} sx={{ mt: 3 }} data-testid="mail-inbox">
      <Divider />
      <Typography variant="subtitle1" component="h2">
        Rechnungseingang per E-Mail
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography
          variant="body2"
          color={status.ok ? 'text.secondary' : 'error'}
          role={status.ok ? undefined : 'alert'}
          sx={{ flexGrow: 1 }}
        >
          {mailInboxLine(status)}
        </Typography>
        {status.eingerichtet && (
          <Button
            variant="outlined"
            onClick={() => void saveAction(() => fetchNow(), { failure: customerMessages.saveFailed })}
          >
            Jetzt abrufen
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        E-Rechnungen im Anhang werden zu Entwürfen unter Kosten; dort prüfen und übernehmen.
      </Typography>
    </Stack>
  );
}
