import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { attendanceMessages, formatGermanDate, statusInfo, type SlotView } from '@hortus/contract';

/** Info on the slot's open polls, with the user's own status where they are assessed. */
export function OpenPollsDialog({ slot, userId, onClose }: { slot: SlotView; userId: number; onClose(): void }) {
  const open = slot.anwesenheiten.filter((poll) => !poll.geschlossen);
  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle>Offene Anwesenheiten: {slot.name}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
      </DialogActions>
    </Dialog>
  );
}
