import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { childrenMessages, consentMessages, type ChildrenData } from '@hortus/contract/modules/children';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveChildren } from '../api/children';

const empty = { titel: '', zweck: '', text: '', klassen: [] as number[], frist: '', gueltigBis: '' };

/**
 * 'Einwilligungen' (issue 44, right x|200|300): new consent requests to the parents of chosen classes, and per
 * request who answered what and who has not answered yet (of the children the user sees), with a push reminder.
 */
export function ConsentsDialog({
  data,
  canRequest,
  onClose,
}: {
  data: ChildrenData;
  canRequest: boolean;
  onClose(): void;
}) {
  const [form, setForm] = useState(empty);
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const classes = data.klassen.filter((klasse) => klasse.sehen);
  const toggle = (id: number) =>
    setForm({
      ...form,
      klassen: form.klassen.includes(id) ? form.klassen.filter((k) => k !== id) : [...form.klassen, id],
    });
  return (
    <DialogShell title="Einwilligungen" onClose={onClose} width={720} closeLabel="Schließen">
      <Stack spacing={2}>
        {(data.einwilligungen ?? []).length === 0 && <Typography>Keine Anfragen</Typography>}
        {(data.einwilligungen ?? []).map((request) => {
          const yes = request.antworten.filter((a) => a.zustimmung === true);
          const no = request.antworten.filter((a) => a.zustimmung === false);
          const open = request.antworten.filter((a) => a.zustimmung === null);
          return (
            <Box key={request.id} data-testid={`consent-request-${request.id}`}>
              <Typography variant="subtitle1">
                {request.titel} – {request.zweck}
              </Typography>
              <Typography variant="body2">
                Ja ({yes.length}): {yes.map((a) => a.name).join(', ') || '–'}
              </Typography>
              <Typography variant="body2">
                Nein ({no.length}): {no.map((a) => a.name).join(', ') || '–'}
              </Typography>
              <Typography variant="body2">
                Noch keine Antwort ({open.length}): {open.map((a) => a.name).join(', ') || '–'}
              </Typography>
              {canRequest && open.length > 0 && (
                <Button
                  size="small"
                  onClick={() =>
                    void saveAction(
                      async () => {
                        const reply = await save({ type: 'einwilligungErinnern', data: { id: request.id } });
                        return reply;
                      },
                      { success: 'Erinnerung gesendet.', failure: childrenMessages.saveFailed },
                    )
                  }
                >
                  Per Push erinnern
                </Button>
              )}
              <Divider sx={{ mt: 1 }} />
            </Box>
          );
        })}
        {canRequest && (
          <Stack spacing={1.5} component="section" aria-label="Neue Anfrage">
            <Typography variant="h6" component="h3">
              Neue Anfrage
            </Typography>
            <TextField
              label="Titel"
              size="small"
              value={form.titel}
              onChange={(e) => setForm({ ...form, titel: e.target.value })}
            />
            <TextField
              label="Zweck"
              size="small"
              value={form.zweck}
              onChange={(e) => setForm({ ...form, zweck: e.target.value })}
            />
            <TextField
              label="Text"
              multiline
              minRows={3}
              value={form.text}
              onChange={(e) => setForm({ ...form, text: e.target.value })}
            />
            <FormGroup row aria-label="Klassen">
              {classes.map((klasse) => (
                <FormControlLabel
                  key={klasse.id}
                  control={<Checkbox checked={form.klassen.includes(klasse.id)} onChange={() => toggle(klasse.id)} />}
                  label={klasse.name}
                />
              ))}
            </FormGroup>
            <Stack direction="row" spacing={2}>
              <TextField
                label="Antwort bis"
                type="date"
                size="small"
                value={form.frist}
                onChange={(e) => setForm({ ...form, frist: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="Gültig bis"
                type="date"
                size="small"
                value={form.gueltigBis}
                onChange={(e) => setForm({ ...form, gueltigBis: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={form.klassen.length === 0}
              title={form.klassen.length === 0 ? consentMessages.chooseClass : undefined}
              onClick={() =>
                void saveAction(() => save({ type: 'einwilligungAnfrage', data: form }), {
                  success: 'Anfrage gesendet.',
                  failure: childrenMessages.saveFailed,
                }).then((reply) => {
                  if (reply) setForm(empty);
                })
              }
            >
              Anfrage senden
            </Button>
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
