import {
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import type {
  DatesSetArg,
  DayCellMountArg,
  DayHeaderContentArg,
  EventClickArg,
  EventInput as FullCalendarEvent,
  EventMountArg,
} from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
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
import { alpha, type Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import {
  birthdayEntries,
  birthdayText,
  calendarLimits,
  calendarMessages,
  expandEvents,
  localParts,
  monthNames,
  parseCalendarYear,
  toLocal,
  type CalendarEntry,
  type CalendarReply,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { PageContainer } from '../../../platform/layout/page-container';
import { useCalendar, useCalendarChange, windowAround, windowContains, type CalendarWindow } from '../api/calendar-api';
import { formOf, newForm, type Occurrence } from '../logic/event-form';
import { firstMonthRange, fullCalendarEvent, rangeOfDays, wallDay } from '../logic/wall-time';
import { lazyExport } from '../../../platform/lazy/lazy-export';

/** The dialogs load when opened: their forms and the date pickers are not part of the first screen (issue 21). */
const EventDialog = lazyExport(() => import('../components/event-dialog'), 'EventDialog');
const FeedDialog = lazyExport(() => import('../components/feed-dialog'), 'FeedDialog');

type ViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';

const weekdayShort = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/**
 * The week view's column header in two short lines ('Mo' over '23.11.'): readable in a 45 px column on a
 * phone; other views keep FullCalendar's German text.
 */
export function dayHeaderContent(arg: Pick<DayHeaderContentArg, 'date' | 'text' | 'view'>) {
  if (arg.view.type !== 'timeGridWeek') return arg.text;
  const date = arg.date;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2 }}>
      <span>{weekdayShort[date.getDay()]}</span>
      <Box component="span" sx={{ fontWeight: 'normal', fontSize: '0.7rem', letterSpacing: '-0.02em' }}>
        {`${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.`}
      </Box>
    </Box>
  );
}

/**
 * A day cell is named by its content (the date and its events): FullCalendar names it by the date alone
 * (aria-labelledby), which hides the events from its accessible name.
 */
function onDayCellDidMount(arg: DayCellMountArg) {
  arg.el.removeAttribute('aria-labelledby');
}

/** The full title as a tooltip: month cells cut long titles with an ellipsis. */
function onEventDidMount(arg: EventMountArg) {
  arg.el.title = arg.timeText ? `${arg.timeText} ${arg.event.title}` : arg.event.title;
}

/**
 * FullCalendar's colours from the MUI theme (its defaults are light: a white sticky weekday header with
 * light text in dark mode), plus the phone layout: header cells and event titles cut with an ellipsis.
 */
const calendarSx = (theme: Theme) => ({
  '--fc-page-bg-color': theme.palette.background.paper,
  '--fc-neutral-bg-color': theme.palette.action.hover,
  '--fc-neutral-text-color': theme.palette.text.secondary,
  '--fc-border-color': theme.palette.divider,
  '--fc-today-bg-color': alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.08),
  '--fc-highlight-color': alpha(theme.palette.primary.main, 0.2),
  '--fc-now-indicator-color': theme.palette.error.main,
  '--fc-more-link-text-color': theme.palette.text.primary,
  '& .fc': { color: theme.palette.text.primary },
  '& .fc .fc-col-header-cell': { backgroundColor: theme.palette.background.paper },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number, & .fc .fc-timegrid-slot-label-cushion': {
    color: theme.palette.text.primary,
  },
  // Days of the neighbouring months: secondary text instead of FullCalendar's 30 % opacity (contrast).
  '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
  '& .fc .fc-day-other .fc-daygrid-day-number': { color: theme.palette.text.secondary },
  '& .fc .fc-col-header-cell-cushion': {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    px: 0.25,
  },
  '& .fc .fc-daygrid-event': { overflow: 'hidden' },
  '& .fc .fc-event-title, & .fc .fc-event-time': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .fc .fc-daygrid-dot-event .fc-event-title': { minWidth: 0, flex: '1 1 0' },
  [theme.breakpoints.down('sm')]: {
    '& .fc': { fontSize: '0.8rem' },
    '& .fc .fc-timegrid-axis-cushion, & .fc .fc-timegrid-slot-label-cushion': { px: 0.25, fontSize: '0.7rem' },
    // Month cells of about 50 px: the title matters more than the time (the tooltip still shows both).
    '& .fc .fc-daygrid-dot-event .fc-event-time, & .fc .fc-daygrid-event-dot': { display: 'none' },
    '& .fc .fc-daygrid-dot-event': { px: 0.25 },
  },
});

/**
 * The month grows with its weeks; week and day view scroll inside a fixed height so that they open at
 * the working day (scrollTime) rather than at midnight.
 */
const TIME_GRID_HEIGHT = 600;
const WORKING_DAY_START = '07:00:00';

/**
 * FullCalendar's options that never change, made once: the React wrapper hands every prop to
 * FullCalendar on each render, and an option with a new identity (an inline object or function) makes
 * it refine all options and render the whole view again — about 300 ms on a throttled phone after the
 * first load (issue 21). Only `events`, `height` and the handlers below (kept stable) are passed per
 * render.
 */
const plugins = [dayGridPlugin, timeGridPlugin, interactionPlugin];

/**
 * FullCalendar's React wrapper hands all its props to the calendar on every update, and the calendar then
 * recomputes its data and diffs the whole view (about 100 ms on a throttled phone) even when nothing
 * changed. On the first load that happened right after mounting, in the same task: the page renders again
 * for the title the calendar reports. Memoised, the calendar hears only of changed props (`events` and
 * `height`; everything else is stable).
 */
const StableFullCalendar = memo(FullCalendar);
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const moreLinkContent = (arg: { num: number }) => `+${arg.num} Termin${arg.num === 1 ? '' : 'e'}`;

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

/**
 * False in the first render, true from the next task on. The month grid (FullCalendar's first render
 * and its measuring) is the longest task of the page; drawn a task after the toolbar, the two are
 * not one long block of the main thread (issue 21).
 */
function useNextTask(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
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
  const calendarRef = useRef<FullCalendar>(null);
  const calendarReady = useNextTask();
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState(() => firstMonthRange(new Date()));
  const [view, setView] = useState<ViewName>('dayGridMonth');
  const [current, setCurrent] = useState(() => toLocal(Date.now()));
  const [yearText, setYearText] = useState(String(current.year));
  const [lastClicked, setLastClicked] = useState<string | null>(null);
  const [occurrence, setOccurrence] = useState<Occurrence | undefined>(undefined);
  const [feedOpen, setFeedOpen] = useState(false);
  const [title, setTitle] = useState('');
  const alert = useAlert();
  const { mutateAsync } = useCalendarChange(loadWindow);

  const { kalender, settings } = data;
  const editableIds = kalender.stats.allowEditKategorien;
  const birthdayColor =
    kalender.kategorien.find((category) => category.id === settings.id_kalenderkategorie_geburtstag)?.farbe ??
    calendarLimits.defaultColor;

  // The first month's entries come with the grid's first render (its range is known before it mounts).
  const entries = useMemo<CalendarEntry[]>(
    () => [
      ...expandEvents(kalender.events, range.from, range.to),
      ...birthdayEntries(settings.geburtstage, birthdayColor, range.from, range.to),
    ],
    [kalender.events, settings.geburtstage, birthdayColor, range],
  );
  const fcEvents = useMemo<FullCalendarEvent[]>(() => entries.map(fullCalendarEvent), [entries]);

  const api = () => calendarRef.current?.getApi();

  // The time grid gets its height only after the view switched: scroll it to the working day then.
  useEffect(() => {
    if (view !== 'dayGridMonth') calendarRef.current?.getApi().scrollToTime(WORKING_DAY_START);
  }, [view]);

  const onDatesSetNow = (arg: DatesSetArg) => {
    const { from, to } = rangeOfDays(arg.start, arg.end);
    // The events of another range render in a task of their own, after the grid has moved there.
    startTransition(() =>
      setRange((previous) => (previous.from === from && previous.to === to ? previous : { from, to })),
    );
    const middle = toLocal((from + to) / 2);
    onRange(from, to, { year: middle.year, month: middle.month });
    setView(arg.view.type as ViewName);
    setTitle(arg.view.title);
    const start = arg.view.currentStart;
    setCurrent({ year: start.getFullYear(), month: start.getMonth() + 1, day: start.getDate(), hour: 0, minute: 0 });
    setYearText(String(start.getFullYear()));
  };

  const onDateClickNow = (arg: DateClickArg) => {
    const day = wallDay(arg.date);
    if (lastClicked === day) {
      api()?.changeView('timeGridDay', day);
      setLastClicked(null);
    } else {
      setLastClicked(day);
    }
  };

  const onEventClickNow = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const entry = arg.event.extendedProps.entry as CalendarEntry;
    if (entry.birthday) {
      alert.show(birthdayText(entry.birthday, toLocal(entry.start).year), 'info');
      return;
    }
    setOccurrence(entry.isOccurrence ? { start: entry.start, end: entry.end } : undefined);
    setParams({ e: String(entry.eventId) });
  };

  // FullCalendar gets handlers of a stable identity that call this render's functions.
  const handlers = useRef({ datesSet: onDatesSetNow, dateClick: onDateClickNow, eventClick: onEventClickNow });
  useLayoutEffect(() => {
    handlers.current = { datesSet: onDatesSetNow, dateClick: onDateClickNow, eventClick: onEventClickNow };
  });
  const onDatesSet = useCallback((arg: DatesSetArg) => handlers.current.datesSet(arg), []);
  const onDateClick = useCallback((arg: DateClickArg) => handlers.current.dateClick(arg), []);
  const onEventClick = useCallback((arg: EventClickArg) => handlers.current.eventClick(arg), []);

  const gotoMonth = (year: number, month: number) => api()?.gotoDate(new Date(year, month - 1, 1));

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
          <Button variant="outlined" onClick={() => api()?.today()}>
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
            value={view === 'timeGridDay' ? null : view}
            onChange={(_event, value: ViewName | null) => value && api()?.changeView(value)}
            aria-label="Ansicht"
          >
            <ToggleButton value="dayGridMonth">{calendarMessages.month}</ToggleButton>
            <ToggleButton value="timeGridWeek">{calendarMessages.week}</ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
            <IconButton aria-label="zurück" onClick={() => api()?.prev()}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label="weiter" onClick={() => api()?.next()}>
              <ChevronRightIcon />
            </IconButton>
          </Box>
          <TextField
            select
            size="small"
            label="Monat"
            value={current.month}
            onChange={(event) => gotoMonth(current.year, Number(event.target.value))}
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
              const year = parseCalendarYear(event.target.value);
              if (year !== null) gotoMonth(year, current.month);
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
        {/* The title comes with the grid (a task later): its line is kept so that nothing moves then. */}
        <Typography variant="h6" component="h1" sx={{ mb: 1, minHeight: '1.6em' }}>
          {title}
        </Typography>
        <Box sx={calendarSx}>
          {calendarReady && (
            <StableFullCalendar
              ref={calendarRef}
              plugins={plugins}
              initialView="dayGridMonth"
              locale={deLocale}
              firstDay={1}
              headerToolbar={false}
              height={view === 'dayGridMonth' ? 'auto' : TIME_GRID_HEIGHT}
              events={fcEvents}
              datesSet={onDatesSet}
              dateClick={onDateClick}
              eventClick={onEventClick}
              dayMaxEvents
              eventMaxStack={calendarLimits.overlapThreshold}
              moreLinkContent={moreLinkContent}
              moreLinkClick="timeGridDay"
              eventTimeFormat={timeFormat}
              slotLabelFormat={timeFormat}
              allDayText="ganztägig"
              dayHeaderContent={dayHeaderContent}
              eventDidMount={onEventDidMount}
              dayCellDidMount={onDayCellDidMount}
              scrollTime={WORKING_DAY_START}
              nowIndicator
            />
          )}
        </Box>
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
