import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ChildView } from '@hortus/contract';

/** Releasing a child: today's release time and reason, and who may pick it up (beyond the spec). */
export function ReleaseDialog({
  child,
  onRelease,
  onCancel,
}: {
  child: ChildView | null;
  onRelease(): void;
  onCancel(): void;
}) {
  return (
    <Dialog open={child !== null} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{child?.name} entlassen</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          Entlasszeit {child?.anwesendHeuteBis} Uhr ({child?.entlassgrund}
          {child?.entlassgrundKommentar ? `: ${child.entlassgrundKommentar}` : ''})
        </Typography>
        <Typography variant="subtitle2">Abholberechtigte</Typography>
        <List dense>
          {child?.abholberechtigte.map((person) => (
            <ListItem key={person.id} disableGutters>
              <ListItemText
                primary={`${person.name}${person.beziehung ? ` (${person.beziehung})` : ''}`}
                secondary={[person.telefon, person.notiz].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Abbrechen</Button>
        <Button variant="contained" onClick={onRelease}>
          Entlassen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
