import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { formatGermanDateTime } from '@hortus/contract';
import { customerMessages, mailInboxLine, type CostDraftView } from '@hortus/contract/modules/customers';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCostDrafts, useDiscardDraft } from '../api/cost-drafts';

/** The badge of a draft cost received by mail. */
export const DRAFT_BADGE = 'Entwurf · aus E-Mail';

const when = (iso: string) => formatGermanDateTime(Date.parse(iso));

/**
 * Issue 45: the draft costs the invoice inbox made of e-invoices received by mail, for the office to check and
 * confirm (the cost dialog with the draft) or discard, and the mails it skipped. Nothing shows while there is none.
 */
export function CostDrafts({
  onCheck,
  onlyDrafts,
  onOnlyDrafts,
}: {
  onCheck(draft: CostDraftView): void;
  onlyDrafts: boolean;
  onOnlyDrafts(only: boolean): void;
}) {
  const query = useCostDrafts();
  const { mutateAsync: discard } = useDiscardDraft();
  const saveAction = useSaveAction();
  const [discarding, setDiscarding] = useState<CostDraftView | null>(null);
  const [showSkipped, setShowSkipped] = useState(false);
  const reply = query.data;
  const none = (reply?.entwuerfe.length ?? 0) === 0;
  // The last draft confirmed or discarded: the costs show again.
  useEffect(() => {
    if (none && onlyDrafts) onOnlyDrafts(false);
  }, [none, onlyDrafts, onOnlyDrafts]);
  if (!reply || (reply.entwuerfe.length === 0 && reply.uebersprungen.length === 0)) return null;
  const drafts = reply.entwuerfe;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="cost-drafts">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <MarkEmailUnreadIcon color="action" />
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {`Aus E-Mail: ${drafts.length === 1 ? '1 Entwurf' : `${drafts.length} Entwürfe`} zu prüfen`}
        </Typography>
        {drafts.length > 0 && (
          <Chip
            label="Nur Entwürfe"
            color={onlyDrafts ? 'primary' : 'default'}
            variant={onlyDrafts ? 'filled' : 'outlined'}
            aria-pressed={onlyDrafts}
            onClick={() => onOnlyDrafts(!onlyDrafts)}
          />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {mailInboxLine(reply.posteingang)}
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Entwürfe aus E-Mail">
        {drafts.map((draft) => {
          const errors = draft.befunde.filter((finding) => finding.art === 'fehler').length;
          return (
            <Box component="li" key={draft.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Chip size="small" color="warning" label={DRAFT_BADGE} />
                    <Typography variant="body2">{draft.vorschlag.titel || draft.name}</Typography>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>{`${draft.vorschlag.betrag} €`}</Typography>
                  </Stack>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {[draft.vorschlag.titel2, `Von ${draft.absender}`, `„${draft.betreff}“`, when(draft.empfangen)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  {errors > 0 && (
                    <Typography variant="caption" color="error" component="p">
                      {errors === 1 ? '1 Fehler in der E-Rechnung' : `${errors} Fehler in der E-Rechnung`}
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" size="small" onClick={() => onCheck(draft)}>
                    Prüfen
                  </Button>
                  <Button size="small" color="error" onClick={() => setDiscarding(draft)}>
                    Verwerfen
                  </Button>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {reply.uebersprungen.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => setShowSkipped(!showSkipped)} aria-expanded={showSkipped}>
            {`Übersprungene E-Mails (${reply.uebersprungen.length})`}
          </Button>
          {showSkipped && (
            <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="skipped-mails">
              {reply.uebersprungen.map((note, index) => (
                <Typography component="li" variant="caption" key={index}>
                  {`${when(note.empfangen)} · ${note.absender} · „${note.betreff}“${note.name ? ` · ${note.name}` : ''}: ${note.hinweis}`}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title="Entwurf verwerfen?"
        text={`Die E-Rechnung „${discarding?.name ?? ''}“ wird nicht als Kosten übernommen und ihre Datei gelöscht. Die E-Mail bleibt im Postfach.`}
        confirmLabel="Verwerfen"
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const draft = discarding;
          setDiscarding(null);
          if (draft)
            void saveAction(() => discard(draft.id), {
              success: 'Der Entwurf wurde verworfen.',
              failure: customerMessages.saveFailed,
            });
        }}
      />
    </Paper>
  );
}
