import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ChildView } from '@hortus/contract';

export type ReleasedChoice = 'nothing' | 'undo' | 'absent';

/** From Entlassen: 'Nichts tun', 'Rückg.' (undo only the release) or 'Abwesend' (clear the day). */
export function ReleasedDialog({
  child,
  onChoose,
}: {
  child: ChildView | null;
  onChoose(choice: ReleasedChoice): void;
}) {
  return (
    <Dialog open={child !== null} onClose={() => onChoose('nothing')} maxWidth="xs" fullWidth>
      <DialogTitle>{child?.name}</DialogTitle>
      <DialogContent>
        <Typography>
          {child?.name} wurde um {child?.anwesenheitHeute?.zeit_bis ?? ''} Uhr entlassen
          {child?.anwesenheitHeute?.entlassgrund ? ` (${child.anwesenheitHeute.entlassgrund})` : ''}.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChoose('nothing')}>Nichts tun</Button>
        <Button onClick={() => onChoose('undo')}>Rückg.</Button>
        <Button color="error" onClick={() => onChoose('absent')}>
          Abwesend
        </Button>
      </DialogActions>
    </Dialog>
  );
}
