import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { releaseMessages, releaseNeeds, releaseReasonText, type ChildView } from '@hortus/contract/modules/children';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { HealthAlert } from './health-alert';

/** The release reason the list and the release dialog show: today's reason and its comment. */
export const shownReleaseReason = (child: Pick<ChildView, 'entlassgrund' | 'entlassgrundKommentar'>) =>
  releaseReasonText({ grund: child.entlassgrund, kommentar: child.entlassgrundKommentar });

/** What a release of the child at `time` needs (issue 44): nothing, a pickup person or a confirmation. */
export const childReleaseNeeds = (child: ChildView, time: string) =>
  child.abholung ? releaseNeeds(child.abholung.heute, time) : 'nichts';

const OTHER = '__andere__';

/**
 * Releasing a child: today's release time and reason, what applies today (alone from 14:00 / only with a
 * pickup person / today: Oma Erika), its health notes, and who may pick it up. A child that may not go
 * alone is released only with the person who picked it up (a listed one or 'andere Person' with a name);
 * alone before its time only after a confirmation.
 */
export function ReleaseDialog({
  child,
  time,
  onRelease,
  onCancel,
}: {
  child: ChildView | null;
  /** The time of the release 'HH:MM' (Berlin). */
  time: string;
  /** Releases with the reason the dialog shows and who picked the child up (undefined: went alone). */
  onRelease(reason: string, abgeholtVon?: string): void;
  onCancel(): void;
}) {
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  if (!child) return null;
  const reason = shownReleaseReason(child);
  const heute = child.abholung?.heute;
  const needs = childReleaseNeeds(child, time);
  const candidates = [...new Set([...(heute?.person ? [heute.person] : []), ...(heute?.personen ?? [])])];
  const person = choice === OTHER ? other.trim() : choice;
  const blocked = needs === 'person' && person === '';
  const close = () => {
    setChoice('');
    setOther('');
  };
  return (
    <DialogShell
      title={`${child.name} entlassen`}
      onClose={() => {
        close();
        onCancel();
      }}
      width={444}
      closeLabel="Abbrechen"
      actions={
        <Button
          variant="contained"
          color={needs === 'bestaetigung' ? 'warning' : 'primary'}
          disabled={blocked}
          onClick={() => {
            close();
            if (person === '') onRelease(reason);
            else onRelease(reason, person);
          }}
        >
          {needs === 'bestaetigung' ? 'Trotzdem allein entlassen' : 'Entlassen'}
        </Button>
      }
    >
      <Typography gutterBottom>
        Entlasszeit {child.anwesendHeuteBis} Uhr ({reason})
      </Typography>
      {heute && (
        <Alert severity={heute.aenderung ? 'error' : 'info'} sx={{ mb: 1 }} data-testid="release-today">
          {heute.text}
          {heute.gemeldet ? ` (gemeldet ${heute.gemeldet})` : ''}
        </Alert>
      )}
      <HealthAlert notes={child.gesundheit} />
      {needs === 'bestaetigung' && heute && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {releaseMessages.aloneTooEarly(heute.ab)}
        </Alert>
      )}
      {needs === 'person' ? (
        <>
          <Typography variant="subtitle2">Wer holt das Kind ab?</Typography>
          <RadioGroup value={choice} onChange={(event) => setChoice(event.target.value)}>
            {candidates.map((name) => (
              <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
            ))}
            <FormControlLabel value={OTHER} control={<Radio />} label={releaseMessages.otherPerson} />
          </RadioGroup>
          {choice === OTHER && (
            <TextField
              size="small"
              fullWidth
              label="Name der Person"
              value={other}
              onChange={(event) => setOther(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        </>
      ) : (
        child.abholberechtigte.length > 0 && <Typography variant="subtitle2">Abholberechtigte</Typography>
      )}
      <List dense>
        {(child.abholung?.personen ?? child.abholberechtigte).map((entry) => (
          <ListItem key={entry.id} disableGutters>
            <ListItemText
              primary={`${entry.name}${entry.beziehung ? ` (${entry.beziehung})` : ''}`}
              secondary={[entry.telefon, entry.notiz].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </DialogShell>
  );
}
