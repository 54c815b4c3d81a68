import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { releaseReasonText, type ChildView } from '@hortus/contract/modules/children';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** The release reason the list and the release dialog show: today's reason and its comment. */
export const shownReleaseReason = (child: Pick<ChildView, 'entlassgrund' | 'entlassgrundKommentar'>) =>
  releaseReasonText({ grund: child.entlassgrund, kommentar: child.entlassgrundKommentar });

/** Releasing a child: today's release time and reason, and who may pick it up (beyond the spec). */
export function ReleaseDialog({
  child,
  onRelease,
  onCancel,
}: {
  child: ChildView | null;
  /** Releases with the reason the dialog shows. */
  onRelease(reason: string): void;
  onCancel(): void;
}) {
  if (!child) return null;
  const reason = shownReleaseReason(child);
  return (
    <DialogShell
      title={`${child.name} entlassen`}
      onClose={onCancel}
      width={444}
      closeLabel="Abbrechen"
      actions={
        <Button variant="contained" onClick={() => onRelease(reason)}>
          Entlassen
        </Button>
      }
    >
      <Typography gutterBottom>
        Entlasszeit {child.anwesendHeuteBis} Uhr ({reason})
      </Typography>
      <Typography variant="subtitle2">Abholberechtigte</Typography>
      <List dense>
        {child.abholberechtigte.map((person) => (
          <ListItem key={person.id} disableGutters>
            <ListItemText
              primary={`${person.name}${person.beziehung ? ` (${person.beziehung})` : ''}`}
              secondary={[person.telefon, person.notiz].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </DialogShell>
  );
}
