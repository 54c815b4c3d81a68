import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { toLocal } from '@hortus/contract';
import {
  birthdayEntries,
  birthdayText,
  calendarLimits,
  calendarMessages,
  expandEvents,
  localInstant,
  localParts,
  monthNames,
  parseCalendarYear,
  type CalendarEntry,
  type CalendarReply,
} from '@hortus/contract/modules/calendar';
import { useAlert } from '../../../platform/alert/alert-context';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { PageContainer } from '../../../platform/layout/page-container';
import { useCalendar, useCalendarChange, windowAround, windowContains, type CalendarWindow } from '../api/calendar-api';
import { MonthGrid } from '../components/month-grid';
import { MonthList } from '../components/month-list';
import { formOf, newForm, type Occurrence } from '../logic/event-form';
import {
  firstOfMonthAfter,
  monthGridDays,
  stepAnchor,
  viewDays,
  viewTitle,
  type CalendarView,
} from '../logic/month-grid';
import { lazyExport } from '../../../platform/lazy/lazy-export';

/** The dialogs load when opened: their forms and the date pickers are not part of the first screen (issue 21). */
const EventDialog = lazyExport(() => import('../components/event-dialog'), 'EventDialog');
const FeedDialog = lazyExport(() => import('../components/feed-dialog'), 'FeedDialog');
/** Week and day view (FullCalendar) load when the user leaves the month. */
const TimeGridCalendar = lazyExport(() => import('../components/time-grid-calendar'), 'TimeGridCalendar');

/** Week and day view scroll inside this height (px) so that they open at the working day. */
const TIME_GRID_HEIGHT = 600;

/** The event id of `?e=` (0 = new event), or null. */
export function eventIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** /110 'Kalender': month/week/day views of the events the user may see, with birthdays. */
export function CalendarPage() {
  // Only the events around the shown month are loaded; leaving that window loads the next one.
  const [loadWindow, setLoadWindow] = useState<CalendarWindow>(() => {
    const today = toLocal(Date.now());
    return windowAround(today.year, today.month);
  });
  const query = useCalendar(loadWindow);
  const onRange = useCallback((from: number, to: number, middle: { year: number; month: number }) => {
    setLoadWindow((previous) =>
      windowContains(previous, from, to) ? previous : windowAround(middle.year, middle.month),
    );
  }, []);
  const data = useDataRenderedInSlices(query.data);
  if (!data) {
    return query.isError ? (
      <PageContainer>
        <Typography color="text.secondary">Der Kalender konnte nicht geladen werden.</Typography>
      </PageContainer>
    ) : (
      <PageLoading />
    );
  }
  return (
    <CalendarView
      data={data}
      loadWindow={loadWindow}
      onRange={onRange}
      isFetching={query.isFetching}
      refetch={() => void query.refetch()}
    />
  );
}

function CalendarView({
  data,
  loadWindow,
  onRange,
  isFetching,
  refetch,
}: {
  data: CalendarReply;
  loadWindow: CalendarWindow;
  onRange(from: number, to: number, middle: { year: number; month: number }): void;
  isFetching: boolean;
  refetch(): void;
}) {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => localParts(Date.now()).day);
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [yearText, setYearText] = useState(today.slice(0, 4));
  const [lastClicked, setLastClicked] = useState<string | null>(null);
  const [occurrence, setOccurrence] = useState<Occurrence | undefined>(undefined);
  const [feedOpen, setFeedOpen] = useState(false);
  const alert = useAlert();
  const { mutateAsync } = useCalendarChange(loadWindow);

  const { kalender, settings } = data;
  const editableIds = kalender.stats.allowEditKategorien;
  const birthdayColor =
    kalender.kategorien.find((category) => category.id === settings.id_kalenderkategorie_geburtstag)?.farbe ??
    calendarLimits.defaultColor;

  const year = Number(anchor.slice(0, 4));
  const month = Number(anchor.slice(5, 7));
  const shown = viewDays(view, anchor);
  const range = useMemo(
    () => ({ from: localInstant(shown.first, 0) ?? 0, to: localInstant(shown.end, 0) ?? 0 }),
    [shown.first, shown.end],
  );
  const monthDays = useMemo(() => monthGridDays(year, month), [year, month]);

  // Only the events around the shown days are loaded; leaving that window loads the next one.
  useEffect(() => {
    const middle = toLocal((range.from + range.to) / 2);
    onRange(range.from, range.to, { year: middle.year, month: middle.month });
  }, [range, onRange]);

  const entries = useMemo<CalendarEntry[]>(
    () => [
      ...expandEvents(kalender.events, range.from, range.to),
      ...birthdayEntries(settings.geburtstage, birthdayColor, range.from, range.to),
    ],
    [kalender.events, settings.geburtstage, birthdayColor, range],
  );

  /** Every move of the calendar: the view, its day and the year field with it. */
  const go = (nextView: CalendarView, nextAnchor: string) => {
    setView(nextView);
    setAnchor(nextAnchor);
    setYearText(nextAnchor.slice(0, 4));
  };

  const onDayClickNow = (day: string) => {
    if (lastClicked === day) {
      go('day', day);
      setLastClicked(null);
    } else {
      setLastClicked(day);
    }
  };

  const onEventClickNow = (entry: CalendarEntry) => {
    if (entry.birthday) {
      alert.show(birthdayText(entry.birthday, toLocal(entry.start).year), 'info');
      return;
    }
    setOccurrence(entry.isOccurrence ? { start: entry.start, end: entry.end } : undefined);
    setParams({ e: String(entry.eventId) });
  };

  // A day's '+n Termine' in the month opens its day view; FullCalendar's own links (the week's all-day
  // row) move FullCalendar, and the page follows to where it went.
  const showNow = (shownView: 'week' | 'day', firstDay: string) => {
    if (shownView !== view || viewDays(shownView, anchor).first !== firstDay) go(shownView, firstDay);
  };

  // The grids get handlers of a stable identity that call this render's functions (memoised grids).
  const handlers = useRef({ day: onDayClickNow, event: onEventClickNow, show: showNow });
  useLayoutEffect(() => {
    handlers.current = { day: onDayClickNow, event: onEventClickNow, show: showNow };
  });
  const onDayClick = useCallback((day: string) => handlers.current.day(day), []);
  const onEventClick = useCallback((entry: CalendarEntry) => handlers.current.event(entry), []);
  const onShown = useCallback((v: 'week' | 'day', day: string) => handlers.current.show(v, day), []);
  const onMoreClick = useCallback((day: string) => handlers.current.show('day', day), []);

  const gotoMonth = (toYear: number, toMonth: number) =>
    go(view, firstOfMonthAfter(`${String(toYear).padStart(4, '0')}-01-01`, toMonth - 1));

  const eventId = eventIdOf(params.get('e'));
  const openEvent = eventId !== null && eventId > 0 ? kalender.events.find((event) => event.id === eventId) : undefined;
  const defaultCategory = editableIds.includes(settings.standard_id_kategorie)
    ? settings.standard_id_kategorie
    : (editableIds[0] ?? 0);
  const closeDialog = () => {
    setOccurrence(undefined);
    setParams({});
  };

  return (
    <PageContainer>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Button startIcon={<RefreshIcon />} onClick={refetch}>
            {calendarMessages.refresh}
          </Button>
          <Button variant="outlined" onClick={() => go(view, today)}>
            {calendarMessages.today}
          </Button>
          {editableIds.length > 0 && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setParams({ e: '0' })}>
              {calendarMessages.add}
            </Button>
          )}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view === 'day' ? null : view}
            onChange={(_event, value: CalendarView | null) => value && go(value, anchor)}
            aria-label="Ansicht"
          >
            <ToggleButton value="month">{calendarMessages.month}</ToggleButton>
            <ToggleButton value="list">{calendarMessages.list}</ToggleButton>
            <ToggleButton value="week">{calendarMessages.week}</ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
            <IconButton aria-label="zurück" onClick={() => go(view, stepAnchor(view, anchor, -1))}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label="weiter" onClick={() => go(view, stepAnchor(view, anchor, 1))}>
              <ChevronRightIcon />
            </IconButton>
          </Box>
          <TextField
            select
            size="small"
            label="Monat"
            value={month}
            onChange={(event) => gotoMonth(year, Number(event.target.value))}
            sx={{ minWidth: 140 }}
          >
            {monthNames.map((name, index) => (
              <MenuItem key={name} value={index + 1}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={calendarMessages.year}
            value={yearText}
            error={parseCalendarYear(yearText) === null}
            helperText={parseCalendarYear(yearText) === null ? calendarMessages.yearRange : undefined}
            onChange={(event) => {
              setYearText(event.target.value);
              const typed = parseCalendarYear(event.target.value);
              if (typed !== null) gotoMonth(typed, month);
            }}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<RssFeedIcon />} onClick={() => setFeedOpen(true)}>
            {calendarMessages.feedTitle}
          </Button>
        </Stack>
        <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label="Termine werden geladen" />}</Box>
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {viewTitle(view, anchor)}
        </Typography>
        {view === 'list' ? (
          <MonthList entries={entries} first={shown.first} end={shown.end} onEventClick={onEventClick} />
        ) : view === 'month' ? (
          <MonthGrid
            entries={entries}
            days={monthDays}
            month={anchor.slice(0, 7)}
            today={today}
            selectedDay={lastClicked}
            onDayClick={onDayClick}
            onEventClick={onEventClick}
            onMoreClick={onMoreClick}
          />
        ) : (
          <Suspense fallback={<Box sx={{ height: TIME_GRID_HEIGHT }} />}>
            <TimeGridCalendar
              view={view}
              anchor={anchor}
              height={TIME_GRID_HEIGHT}
              entries={entries}
              onShown={onShown}
              onDayClick={onDayClick}
              onEventClick={onEventClick}
            />
          </Suspense>
        )}
      </Paper>

      <Suspense fallback={null}>
        {eventId === 0 && editableIds.length > 0 && (
          <EventDialog
            key="new"
            event={null}
            initialForm={newForm(lastClicked ?? localParts(Date.now()).day, defaultCategory)}
            categories={kalender.kategorien}
            editableIds={editableIds}
            onClose={closeDialog}
            save={mutateAsync}
            onOpenSeries={(id) => setParams({ e: String(id) })}
          />
        )}
        {openEvent && (
          <EventDialog
            key={`${openEvent.id}-${occurrence?.start ?? ''}`}
            event={openEvent}
            occurrence={openEvent.istSerie ? occurrence : undefined}
            initialForm={formOf(openEvent, openEvent.istSerie ? occurrence : undefined)}
            categories={kalender.kategorien}
            editableIds={editableIds}
            onClose={closeDialog}
            save={mutateAsync}
            onOpenSeries={(id) => {
              setOccurrence(undefined);
              setParams({ e: String(id) });
            }}
          />
        )}
        {feedOpen && <FeedDialog active={data.feed.aktiv} onClose={() => setFeedOpen(false)} />}
      </Suspense>
    </PageContainer>
  );
}
