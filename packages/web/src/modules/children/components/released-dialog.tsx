import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ChildView } from '@hortus/contract/modules/children';
import { DialogShell } from '../../../platform/forms/dialog-shell';

export type ReleasedChoice = 'nothing' | 'undo' | 'absent';

/** From Entlassen: 'Nichts tun', 'Rückg.' (undo only the release) or 'Abwesend' (clear the day). */
export function ReleasedDialog({
  child,
  onChoose,
}: {
  child: ChildView | null;
  onChoose(choice: ReleasedChoice): void;
}) {
  if (!child) return null;
  return (
    <DialogShell
      title={child.name}
      onClose={() => onChoose('nothing')}
      width={444}
      closeLabel={null}
      actions={
        <>
          <Button onClick={() => onChoose('nothing')}>Nichts tun</Button>
          <Button onClick={() => onChoose('undo')}>Rückg.</Button>
          <Button color="error" onClick={() => onChoose('absent')}>
            Abwesend
          </Button>
        </>
      }
    >
      <Typography>
        {child.name} wurde um {child.anwesenheitHeute?.zeit_bis ?? ''} Uhr entlassen
        {child.anwesenheitHeute?.entlassgrund ? ` (${child.anwesenheitHeute.entlassgrund})` : ''}.
      </Typography>
    </DialogShell>
  );
}
