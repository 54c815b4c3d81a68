import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { formatGermanDate, messages } from '@hortus/contract';
import {
  attendanceMessages,
  canAddPoll,
  canChangeStatus,
  isPollManager,
  nextStatus,
  statusInfo,
  type PollView,
  type SlotView,
} from '@hortus/contract/modules/attendance';
import { useAlert } from '../../../platform/alert/alert-context';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadQrPdf, useSaveAttendance } from '../api/attendance';
import { pollsByDate, shownPeople, statusSeverity, todayIso } from '../logic/attendance-view';
import { StatusLegend } from './status-legend';
import { PollEditDialog, type PollDraft } from './poll-edit-dialog';

/** /150?s={id}: the slot's polls grouped by date, fullscreen. */
export function PollsDialog({ slot, onClose }: { slot: SlotView; onClose(): void }) {
  const alert = useAlert();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveAttendance();
  const [editing, setEditing] = useState<PollDraft | null>(null);
  const [deleting, setDeleting] = useState<PollView | null>(null);
  const rights = slot.rechte;
  const isManager = isPollManager(rights);

  const pollFields = (poll: PollView) => ({
    id: poll.id,
    id_slot: slot.id,
    datum: poll.datum,
    titel: poll.titel,
    beschreibung: poll.beschreibung,
    gaeste: poll.gaeste,
    geschlossen: poll.geschlossen,
  });

  const clickPerson = async (poll: PollView, person: PollView['prueflinge'][number]) => {
    if (!canChangeStatus(rights, poll.geschlossen)) {
      alert.show(`${person.name} ${statusInfo[person.status].sentence}`, statusSeverity(person.status));
      return;
    }
    await saveAction(
      () =>
        save({
          type: 'editanw',
          data: { ...pollFields(poll), prueflinge: [{ id: person.id, status: nextStatus(person.status) }] },
        }),
      { failure: attendanceMessages.saveFailed },
    );
  };

  const toggleClosed = (poll: PollView) =>
    saveAction(() => save({ type: 'editanw', data: { ...pollFields(poll), geschlossen: !poll.geschlossen } }), {
      success: attendanceMessages.dataSaved,
      failure: attendanceMessages.saveFailed,
    });

  const deletePoll = async (poll: PollView) => {
    setDeleting(null);
    await saveAction(() => save({ type: 'delanw', data: { id: poll.id } }), {
      success: attendanceMessages.pollDeleted,
      failure: attendanceMessages.saveFailed,
    });
  };

  const qrPdf = (poll: PollView) =>
    saveAction(() => downloadQrPdf('slots_anwesenheiten', poll.id), { failure: messages.downloadCreateFailed });

  const groups = pollsByDate(slot.anwesenheiten);
  return (
    <DialogShell
      fullScreen
      closeLabel={null}
      onClose={onClose}
      title={`${slot.sort} ${slot.name}`}
      header={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2 }}>
          <IconButton edge="start" onClick={onClose} aria-label="Zurück zu den Slots">
            <CloseIcon />
          </IconButton>
          <Box sx={{ flex: 1 }} />
          {canAddPoll(rights) && (
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setEditing({ id: 0, datum: todayIso(), titel: '', beschreibung: '', gaeste: '', geschlossen: false })
              }
            >
              Neue Anwesenheit
            </Button>
          )}
        </Stack>
      }
    >
      <Container maxWidth="md" sx={{ py: 1 }}>
        {groups.length === 0 && <Typography color="text.secondary">{attendanceMessages.empty}</Typography>}
        {groups.length > 0 && <StatusLegend />}
        {groups.map((group) => (
          <Box key={group.datum} sx={{ mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {formatGermanDate(group.datum)}
            </Typography>
            <Stack spacing={2}>
              {group.polls.map((poll) => (
                <Card key={poll.id} variant="outlined" data-testid={`poll-${poll.id}`} aria-label={poll.titel}>
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                      <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
                        {poll.titel}
                      </Typography>
                      <Chip
                        size="small"
                        label={poll.geschlossen ? 'geschlossen' : 'offen'}
                        color={poll.geschlossen ? 'default' : 'primary'}
                      />
                    </Stack>
                    {poll.beschreibung && (
                      <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{poll.beschreibung}</Typography>
                    )}
                    {poll.gaeste && (
                      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
                        Gäste: {poll.gaeste}
                      </Typography>
                    )}
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      {shownPeople(poll).map((person) => (
                        <Chip
                          key={person.id}
                          label={person.name}
                          aria-label={`${person.name}: ${statusInfo[person.status].label}`}
                          data-status={person.status}
                          onClick={() => void clickPerson(poll, person)}
                          sx={{
                            bgcolor: statusInfo[person.status].color,
                            color: '#fff',
                            '&:hover': { bgcolor: statusInfo[person.status].color, opacity: 0.85 },
                          }}
                        />
                      ))}
                    </Box>
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap' }}>
                    {(isManager || (rights.anwhinzufuegen && !poll.geschlossen)) && (
                      <Button
                        size="small"
                        onClick={() =>
                          setEditing({
                            id: poll.id,
                            datum: poll.datum,
                            titel: poll.titel,
                            beschreibung: poll.beschreibung,
                            gaeste: poll.gaeste,
                            geschlossen: poll.geschlossen,
                          })
                        }
                      >
                        Bearbeiten
                      </Button>
                    )}
                    {isManager && (
                      <Button size="small" onClick={() => void toggleClosed(poll)}>
                        {poll.geschlossen ? 'Öffnen' : 'Schließen'}
                      </Button>
                    )}
                    {rights.bearbeiten && (
                      <Button size="small" onClick={() => void qrPdf(poll)}>
                        QR-Code
                      </Button>
                    )}
                    {isManager && (
                      <Button size="small" color="error" onClick={() => setDeleting(poll)}>
                        Löschen
                      </Button>
                    )}
                  </CardActions>
                </Card>
              ))}
            </Stack>
          </Box>
        ))}
      </Container>
      {editing && (
        <PollEditDialog draft={editing} slotId={slot.id} canClose={isManager} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? `Die Anwesenheit „${deleting.titel}“ wird gelöscht.` : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void deletePoll(deleting)}
      />
    </DialogShell>
  );
}
