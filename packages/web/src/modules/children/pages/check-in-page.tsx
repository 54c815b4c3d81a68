import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { childrenMessages, type ChildView, type ChildrenData } from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { ALERT_DURATION_MS } from '../../../platform/alert/alert-provider';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useChildrenPageData } from '../api/use-children-page';
import { HealthIcon } from '../components/health-alert';
import { StatusQueueNotice, useStatusActions, type StatusActions } from '../components/status-actions';
import {
  checkInClass,
  checkInGroups,
  checkInSections,
  checkInSectionTitles,
  readCheckInClass,
  todayNotes,
  writeCheckInClass,
  type CheckInSection,
} from '../logic/check-in';
import { readRegistration, registrationTime } from '../logic/registration';

/** How long the message with 'Rückgängig' stays: longer than a plain message, so a thumb can reach it. */
const UNDO_DURATION_MS = ALERT_DURATION_MS + 2_000;

/**
 * /200-checkin 'Check-in' (issue 47): the phone-first screen for the day's most frequent task. One class
 * (chosen on the device) in four sections — Erwartet, Da, Entlassen, Abwesend — each child a full-width
 * card with what applies today and one big button. The status goes exactly as in the table: the same call,
 * data, release dialog and offline queue (`useStatusActions`).
 */
export function CheckInPage() {
  useDismissibleOfflineBanner();
  const { query, data } = useChildrenPageData();
  if (!data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{childrenMessages.saveFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  return <CheckInScreen data={data} />;
}

function CheckInScreen({ data }: { data: ChildrenData }) {
  const alert = useAlert();
  const visible = data.klassen.filter((k) => k.sehen);
  const [chosen, setChosen] = useState(readCheckInClass);
  const classId = checkInClass(
    chosen,
    visible.map((k) => k.id),
  );
  const [registration] = useState(readRegistration);
  const status: StatusActions = useStatusActions({
    checkInTime: () => registrationTime(registration),
    // The last check-in or release can be undone from its message, as the table's 'Rückg.' does.
    onChanged: (child, change, outcome) => {
      if (change.neuStatus !== 1 && change.neuStatus !== 2) return;
      const checkIn = change.neuStatus === 1;
      const waiting = outcome === 'queued' ? ' (wartet auf die Verbindung)' : '';
      alert.show(`${child.name} ${checkIn ? 'eingecheckt' : 'entlassen'}${waiting}.`, 'success', UNDO_DURATION_MS, {
        label: 'Rückgängig',
        onClick: () => void status.send(child, { neuStatus: 0, nurEntlassenRueckgaengig: !checkIn }),
      });
    },
  });
  const groups = checkInGroups(data.kinder, classId, status.shown);

  return (
    <PageContainer>
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <TextField
          select
          label="Klasse"
          value={classId === 0 ? '' : classId}
          onChange={(event) => {
            const next = Number(event.target.value);
            setChosen(next);
            writeCheckInClass(next);
          }}
          fullWidth
          data-testid="checkin-class"
        >
          {visible.map((k) => (
            <MenuItem key={k.id} value={k.id} sx={{ minHeight: 48 }}>
              {k.name}
            </MenuItem>
          ))}
        </TextField>
        {registration.fixed && (
          <Typography variant="body2" color="text.secondary">
            Feste Anmeldezeit auf diesem Gerät: {registration.time} Uhr
          </Typography>
        )}
        <StatusQueueNotice count={status.queue.length} />
        {classId !== 0 && <SectionJumps groups={groups} />}
        {classId === 0 ? (
          <Typography>{childrenMessages.noChildren}</Typography>
        ) : (
          checkInSections.map((section) => (
            <CheckInSectionList
              key={section}
              section={section}
              list={groups[section]}
              day={data.heute}
              status={status}
            />
          ))
        )}
      </Stack>
      {status.dialogs}
    </PageContainer>
  );
}

/** The four sections with their counts at the top: one tap scrolls to a section (e.g. 'Da' at pickup time). */
function SectionJumps({ groups }: { groups: Record<CheckInSection, readonly ChildView[]> }) {
  return (
    <Box
      component="nav"
      aria-label="Abschnitte"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5 }}
    >
      {checkInSections.map((section) => (
        <Button
          key={section}
          size="small"
          color={section === 'abwesend' ? 'error' : 'primary'}
          onClick={() => document.getElementById(sectionId(section))?.scrollIntoView({ block: 'start' })}
          sx={{ minHeight: 48, minWidth: 0, px: 0.5, flexDirection: 'column', lineHeight: 1.2, textTransform: 'none' }}
        >
          <Box component="span" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {groups[section].length}
          </Box>{' '}
          {checkInSectionTitles[section]}
        </Button>
      ))}
    </Box>
  );
}

const sectionId = (section: CheckInSection) => `checkin-${section}-titel`;

function CheckInSectionList({
  section,
  list,
  day,
  status,
}: {
  section: CheckInSection;
  list: readonly ChildView[];
  day: string;
  status: StatusActions;
}) {
  const headingId = sectionId(section);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`checkin-${section}`}>
      <Typography
        id={headingId}
        variant="h6"
        component="h2"
        // Scrolled to from the section buttons: clear of the app bar.
        sx={{ mb: 1, scrollMarginTop: 72, color: section === 'abwesend' ? 'error.main' : undefined }}
      >
        {checkInSectionTitles[section]} ({list.length})
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Niemand.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((child) => (
            <CheckInCard key={child.id} child={child} section={section} day={day} status={status} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function CheckInCard({
  child,
  section,
  day,
  status,
}: {
  child: ChildView;
  section: CheckInSection;
  day: string;
  status: StatusActions;
}) {
  const notes = todayNotes(child, day);
  const pending = status.isPending(child);
  const waiting = pending ? ' · wartet auf die Verbindung' : '';
  const today = child.anwesenheitHeute;
  const pickedUpBy = (pending ? status.pending(child)?.abgeholtVon : today?.abgeholtVon) ?? '';
  const red = { color: 'error.main', fontWeight: 500 } as const;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={`checkin-card-${child.id}`}
      // What applies on the left, the one button on the right where the thumb is; below 360 px it wraps.
      sx={{
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        borderColor: section === 'abwesend' ? 'error.main' : undefined,
      }}
    >
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          {child.name}
          <HealthIcon notes={child.gesundheit} name={child.name} />
        </Typography>
        {section === 'da' && (
          <Typography variant="body2">
            {pending ? 'eingecheckt' : `da seit ${today?.zeit_von ?? ''}`}
            {waiting}
          </Typography>
        )}
        {section === 'entlassen' && (
          <Typography variant="body2" data-testid={`checkin-released-${child.id}`}>
            {pending ? 'entlassen' : `entlassen ${today?.zeit_bis ?? ''}`}
            {pickedUpBy ? ` · abgeholt von ${pickedUpBy}` : child.abholung?.heute.art === 'allein' ? ' · allein' : ''}
            {waiting}
          </Typography>
        )}
        {section !== 'entlassen' && notes.release && <Typography variant="body2">{notes.release}</Typography>}
        {notes.pickup && section !== 'entlassen' && section !== 'abwesend' && (
          <Typography
            variant="body2"
            data-testid={`checkin-pickup-${child.id}`}
            sx={notes.pickupChanged ? red : undefined}
          >
            {notes.pickup}
            {notes.pickupReported ? ` (gemeldet ${notes.pickupReported})` : ''}
          </Typography>
        )}
        {notes.parentReport && (
          <Typography variant="body2" data-testid={`checkin-report-${child.id}`} sx={red}>
            Eltern: {notes.parentReport.text}
            {notes.parentReport.sent ? ` (gemeldet ${notes.parentReport.sent})` : ''}
          </Typography>
        )}
      </Box>
      {section === 'erwartet' && (
        <ActionButton label="Einchecken" child={child} onClick={() => void status.checkIn(child)} />
      )}
      {section === 'da' && (
        <ActionButton label="Entlassen" child={child} onClick={() => status.startRelease(child)} secondary />
      )}
      {section === 'entlassen' && child.allowEdit && !pending && (
        <Button
          variant="outlined"
          onClick={() => status.openReleased(child)}
          aria-label={`${child.name} korrigieren`}
          sx={{ flex: '0 0 auto', minWidth: 128, minHeight: 48 }}
        >
          Korrigieren
        </Button>
      )}
    </Paper>
  );
}

/** The card's one big button (56 px high, thumb-sized); without the edit right on the class it is off. */
function ActionButton({
  label,
  child,
  onClick,
  secondary = false,
}: {
  label: string;
  child: ChildView;
  onClick(): void;
  secondary?: boolean;
}) {
  return (
    <Button
      variant="contained"
      color={secondary ? 'info' : 'primary'}
      size="large"
      disabled={!child.allowEdit}
      onClick={onClick}
      aria-label={`${child.name} ${label.toLowerCase()}`}
      data-testid={`checkin-action-${child.id}`}
      // MUI's info.main under white text is 3.85:1; the dark shade reaches AA (as the table's status button).
      sx={{
        flex: '0 0 auto',
        minWidth: 128,
        minHeight: 56,
        fontSize: '1rem',
        ...(secondary && { '&:not(.Mui-disabled)': { bgcolor: 'info.dark' } }),
      }}
    >
      {label}
    </Button>
  );
}
