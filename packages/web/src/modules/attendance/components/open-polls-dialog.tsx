import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatGermanDate } from '@hortus/contract';
import { attendanceMessages, statusInfo, type SlotView } from '@hortus/contract/modules/attendance';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** Info on the slot's open polls, with the user's own status where they are assessed. */
export function OpenPollsDialog({ slot, userId, onClose }: { slot: SlotView; userId: number; onClose(): void }) {
  const open = slot.anwesenheiten.filter((poll) => !poll.geschlossen);
  return (
    <DialogShell title={`Offene Anwesenheiten: ${slot.name}`} onClose={onClose} width={500}>
      {open.length === 0 && <Typography color="text.secondary">{attendanceMessages.empty}</Typography>}
      <List dense>
        {open.map((poll) => {
          const own = poll.prueflinge.find((person) => person.id === userId);
          return (
            <ListItem key={poll.id}>
              <ListItemText
                primary={`${formatGermanDate(poll.datum)} – ${poll.titel}`}
                secondary={own ? `Ihr Status: ${statusInfo[own.status].label}` : undefined}
              />
            </ListItem>
          );
        })}
      </List>
    </DialogShell>
  );
}
