import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
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
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { germanWeekdayShort } from '@hortus/contract';
import { calendarLimits, type CalendarEntry } from '@hortus/contract/modules/calendar';
import { fullCalendarEvent, wallDay } from '../logic/wall-time';

/**
 * The week view's column header in two short lines ('Mo' over '23.11.'): readable in a 45 px column on a
 * phone; the day view keeps FullCalendar's German text.
 */
export function dayHeaderContent(arg: Pick<DayHeaderContentArg, 'date' | 'text' | 'view'>) {
  if (arg.view.type !== 'timeGridWeek') return arg.text;
  const date = arg.date;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2 }}>
      <span>{germanWeekdayShort[(date.getDay() + 6) % 7]}</span>
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

/** The full title as a tooltip: short events cut long titles. */
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
  [theme.breakpoints.down('sm')]: {
    '& .fc': { fontSize: '0.8rem' },
    '& .fc .fc-timegrid-axis-cushion, & .fc .fc-timegrid-slot-label-cushion': { px: 0.25, fontSize: '0.7rem' },
  },
});

/** Week and day view scroll inside the given height so that they open at the working day rather than at midnight. */
const WORKING_DAY_START = '07:00:00';

/**
 * FullCalendar's options that never change, made once: the React wrapper hands every prop to FullCalendar
 * on each render, and an option with a new identity makes it refine all options and render the whole view
 * again. Memoised, the calendar hears only of changed props (`events`; the handlers are kept stable).
 */
const plugins = [timeGridPlugin, interactionPlugin];
const StableFullCalendar = memo(FullCalendar);
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const moreLinkContent = (arg: { num: number }) => `+${arg.num} Termin${arg.num === 1 ? '' : 'e'}`;

const fullCalendarView = { week: 'timeGridWeek', day: 'timeGridDay' } as const;

/**
 * Week and day view (FullCalendar's time grid), loaded when the user leaves the month (issue 21: the
 * month, the view people open, is the page's own grid). The page owns view and date; FullCalendar follows
 * them and reports where its own links (a day's '+n Termine') took it.
 */
export function TimeGridCalendar({
  view,
  anchor,
  height,
  entries,
  onShown,
  onDayClick,
  onEventClick,
}: {
  view: 'week' | 'day';
  /** A day of the week or the day shown (YYYY-MM-DD). */
  anchor: string;
  /** Height in px; the hours scroll inside. */
  height: number;
  entries: readonly CalendarEntry[];
  /** The view FullCalendar shows, its first day and its title ('23. – 29. Nov. 2026'). */
  onShown(view: 'week' | 'day', firstDay: string, title: string): void;
  onDayClick(day: string): void;
  onEventClick(entry: CalendarEntry): void;
}) {
  const calendarRef = useRef<FullCalendar>(null);
  const events = useMemo<FullCalendarEvent[]>(() => entries.map(fullCalendarEvent), [entries]);
  const initial = useRef({ view: fullCalendarView[view], date: anchor });

  // The page moved (arrows, 'heute', the month selector, the view toggle): FullCalendar follows.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const target = fullCalendarView[view];
    const shown = api.view;
    const day = wallDay(shown.currentStart);
    const end = wallDay(shown.currentEnd);
    if (shown.type !== target || anchor < day || anchor >= end) api.changeView(target, anchor);
  }, [view, anchor]);

  // The time grid gets its height only after the view switched: scroll it to the working day then.
  useEffect(() => {
    calendarRef.current?.getApi().scrollToTime(WORKING_DAY_START);
  }, [view]);

  const handlers = useRef({ onShown, onDayClick, onEventClick });
  useLayoutEffect(() => {
    handlers.current = { onShown, onDayClick, onEventClick };
  });
  const datesSet = useCallback((arg: DatesSetArg) => {
    handlers.current.onShown(
      arg.view.type === 'timeGridDay' ? 'day' : 'week',
      wallDay(arg.view.currentStart),
      arg.view.title,
    );
  }, []);
  const dateClick = useCallback((arg: DateClickArg) => handlers.current.onDayClick(wallDay(arg.date)), []);
  const eventClick = useCallback((arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    handlers.current.onEventClick(arg.event.extendedProps['entry'] as CalendarEntry);
  }, []);

  return (
    <Box sx={calendarSx}>
      <StableFullCalendar
        ref={calendarRef}
        plugins={plugins}
        initialView={initial.current.view}
        initialDate={initial.current.date}
        locale={deLocale}
        firstDay={1}
        headerToolbar={false}
        height={height}
        events={events}
        datesSet={datesSet}
        dateClick={dateClick}
        eventClick={eventClick}
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
    </Box>
  );
}
