import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { calendarMessages, localParts, type CalendarEntry } from '@hortus/contract/modules/calendar';
import { dayLabel, listDays } from '../logic/month-grid';
import { entryTitle, wallTime } from '../logic/wall-time';

/** An entry's time line: '09:00 – 10:30', 'ganztägig', or with the last day when it runs longer. */
function timeText(entry: CalendarEntry): string {
  const lastDay = localParts(Math.max(entry.start, entry.end - 1)).day;
  const until = lastDay !== localParts(entry.start).day ? ` (bis ${dayLabel(lastDay)})` : '';
  return entry.allDay ? `ganztägig${until}` : `${wallTime(entry.start)} – ${wallTime(entry.end)}${until}`;
}

/**
 * The month as a list (issue 47): the days with entries, each entry with its whole title and time. On a phone
 * the month grid has room for a few letters of a title per day; here nothing is cut.
 */
export function MonthList({
  entries,
  first,
  end,
  onEventClick,
}: {
  entries: readonly CalendarEntry[];
  first: string;
  end: string;
  onEventClick(entry: CalendarEntry): void;
}) {
  const days = listDays(entries, first, end);
  if (days.length === 0) return <Typography color="text.secondary">{calendarMessages.noEntries}</Typography>;
  return (
    <List dense disablePadding aria-label="Termine des Monats" data-testid="month-list">
      {days.map(({ day, entries: dayEntries }) => (
        <li key={day}>
          <ul style={{ padding: 0 }}>
            <ListSubheader sx={{ lineHeight: 2.5 }}>{dayLabel(day)}</ListSubheader>
            {dayEntries.map((entry) => (
              <ListItemButton key={entry.key} onClick={() => onEventClick(entry)} sx={{ alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: entry.color,
                    mt: 0.75,
                    mr: 1.5,
                    flexShrink: 0,
                  }}
                />
                <ListItemText primary={entryTitle(entry)} secondary={timeText(entry)} />
              </ListItemButton>
            ))}
          </ul>
        </li>
      ))}
    </List>
  );
}
