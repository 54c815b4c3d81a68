import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { germanWeekdayShort } from '@hortus/contract';
import type { CalendarEntry } from '@hortus/contract/modules/calendar';
import { dayButtonLabel, layoutWeeks, limitRows, moreText, type MonthSegment } from '../logic/month-grid';
import { entryTitle, readableTextOn } from '../logic/wall-time';

/** Rows of entries a week shows; a day with more shows '+n Termine' in the last one. */
export const MONTH_MAX_ROWS = 3;

/**
 * All of the grid's styles in one rule set on its root (class selectors below it): the cells are plain
 * elements, so a month is a few hundred DOM nodes without a style of their own.
 */
const gridSx = (theme: Theme) => {
  const border = `1px solid ${theme.palette.divider}`;
  const focus = { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 };
  const plainButton = {
    font: 'inherit',
    color: 'inherit',
    background: 'none',
    border: 0,
    margin: 0,
    cursor: 'pointer',
    textAlign: 'left',
    '&:focus-visible': focus,
  } as const;
  return {
    borderRight: border,
    borderBottom: border,
    color: theme.palette.text.primary,
    fontSize: { xs: '0.8rem', sm: '0.875rem' },
    '& .month-weekdays, & .month-week': {
      display: 'grid',
      gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    },
    '& .month-weekday': {
      borderTop: border,
      borderLeft: border,
      textAlign: 'center',
      fontWeight: 'bold',
      py: 0.25,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .month-week': {
      gridTemplateRows: `auto repeat(${MONTH_MAX_ROWS}, auto) 1fr`,
      minHeight: { xs: '4.5rem', sm: '5.5rem' },
    },
    '& .month-day': { gridRow: '1 / -1', borderTop: border, borderLeft: border, cursor: 'pointer' },
    '& .month-today': {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.08),
    },
    '& .month-selected': { boxShadow: `inset 0 0 0 2px ${alpha(theme.palette.primary.main, 0.5)}` },
    '& .month-day-number': {
      ...plainButton,
      gridRow: 1,
      justifySelf: 'end',
      minWidth: 24,
      minHeight: 24,
      px: 0.5,
      textAlign: 'right',
    },
    '& .month-other': { color: theme.palette.text.secondary },
    '& .month-event, & .month-more': {
      ...plainButton,
      minWidth: 0,
      minHeight: 24,
      mx: '2px',
      px: 0.5,
      display: 'flex',
      alignItems: 'center',
      gap: 0.5,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      borderRadius: '3px',
      fontSize: 'inherit',
    },
    '& .month-event-bar': { my: '1px', minHeight: 22 },
    '& .month-event-bar.month-continues-before': { ml: 0, borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
    '& .month-event-bar.month-continues-after': { mr: 0, borderTopRightRadius: 0, borderBottomRightRadius: 0 },
    '& .month-event-dot:hover, & .month-more:hover': { backgroundColor: theme.palette.action.hover },
    '& .month-event-mark': { flex: 'none', width: 8, height: 8, borderRadius: '50%' },
    '& .month-event-title': { minWidth: 0, flex: '1 1 0', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .month-event-dot .month-event-title': { fontWeight: 'bold' },
    '& .month-more': { fontWeight: 'bold' },
    [theme.breakpoints.down('sm')]: {
      // Cells of about 50 px: the title matters more than the time (the tooltip still shows both).
      '& .month-event-dot .month-event-time, & .month-event-mark': { display: 'none' },
      '& .month-event, & .month-more': { px: 0.25, mx: '1px' },
    },
  };
};

function SegmentButton({ segment, onEventClick }: { segment: MonthSegment; onEventClick(entry: CalendarEntry): void }) {
  const { entry } = segment;
  const title = entryTitle(entry);
  const classes = ['month-event', segment.bar ? 'month-event-bar' : 'month-event-dot'];
  if (segment.continuesBefore) classes.push('month-continues-before');
  if (segment.continuesAfter) classes.push('month-continues-after');
  return (
    <button
      type="button"
      className={classes.join(' ')}
      data-day={segment.day}
      title={segment.timeText ? `${segment.timeText} ${title}` : title}
      style={{
        gridColumn: `${segment.column + 1} / span ${segment.span}`,
        gridRow: segment.row + 2,
        ...(segment.bar ? { backgroundColor: entry.color, color: readableTextOn(entry.color) } : {}),
      }}
      onClick={() => onEventClick(entry)}
    >
      {!segment.bar && <span className="month-event-mark" style={{ backgroundColor: entry.color }} />}
      {segment.timeText && <span className="month-event-time">{segment.timeText}</span>}
      <span className="month-event-title">{title}</span>
    </button>
  );
}

/**
 * The calendar's month: six weeks of days with their entries, drawn by React in the page's own render
 * (sliced like the rest of it) with CSS grid rows instead of measuring, so the first screen of /110 is no
 * longer one long task of FullCalendar's render and measuring (issue 21). A click on a day marks it; a
 * second click, or a day's '+n Termine', opens the day view. The days are one tab stop: the arrow keys
 * move between them (a week up or down), Home and End to the week's first and last day.
 */
export const MonthGrid = memo(function MonthGrid({
  entries,
  days,
  month,
  today,
  selectedDay,
  onDayClick,
  onEventClick,
  onMoreClick,
}: {
  entries: readonly CalendarEntry[];
  /** The 42 days shown (YYYY-MM-DD), Monday first. */
  days: readonly string[];
  /** The month shown ('YYYY-MM'): days of other months are grey. */
  month: string;
  today: string;
  selectedDay: string | null;
  onDayClick(day: string): void;
  onEventClick(entry: CalendarEntry): void;
  onMoreClick(day: string): void;
}) {
  const weeks = useMemo(
    () => layoutWeeks(entries, days).map((week) => limitRows(week, MONTH_MAX_ROWS)),
    [entries, days],
  );
  const root = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const tabDay =
    [focused, selectedDay, today, `${month}-01`].find((day) => day !== null && days.includes(day)) ?? days[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = days.indexOf((event.target as HTMLElement).getAttribute('data-day-number') ?? '');
    if (index < 0) return;
    const weekStart = index - (index % 7);
    const targets: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index - 7,
      ArrowDown: index + 7,
      Home: weekStart,
      End: weekStart + 6,
    };
    const next = days[targets[event.key] ?? -1];
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    root.current?.querySelector<HTMLElement>(`[data-day-number="${next}"]`)?.focus();
  };
  return (
    <Box ref={root} className="month-grid" sx={gridSx} onKeyDown={onKeyDown}>
      <div className="month-weekdays" aria-hidden="true">
        {germanWeekdayShort.map((name) => (
          <div key={name} className="month-weekday">
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week.days[0]} className="month-week">
          {week.days.map((day, column) => {
            const classes = ['month-day'];
            if (!day.startsWith(month)) classes.push('month-other');
            if (day === today) classes.push('month-today');
            if (day === selectedDay) classes.push('month-selected');
            return (
              <div
                key={day}
                className={classes.join(' ')}
                data-date={day}
                style={{ gridColumn: column + 1 }}
                onClick={() => onDayClick(day)}
              />
            );
          })}
          {week.days.map((day, column) => (
            <button
              key={day}
              type="button"
              className={day.startsWith(month) ? 'month-day-number' : 'month-day-number month-other'}
              style={{ gridColumn: column + 1 }}
              aria-label={day === today ? `${dayButtonLabel(day)}, heute` : dayButtonLabel(day)}
              aria-pressed={day === selectedDay}
              data-day-number={day}
              tabIndex={day === tabDay ? 0 : -1}
              onFocus={() => setFocused(day)}
              onClick={() => onDayClick(day)}
            >
              {Number(day.slice(8))}
            </button>
          ))}
          {week.shown.map((segment) => (
            <SegmentButton key={segment.entry.key} segment={segment} onEventClick={onEventClick} />
          ))}
          {week.hidden.map((count, column) =>
            count > 0 ? (
              <button
                key={`more-${column}`}
                type="button"
                className="month-more"
                style={{ gridColumn: column + 1, gridRow: week.rows + 1 }}
                onClick={() => onMoreClick(week.days[column] ?? '')}
              >
                {moreText(count)}
              </button>
            ) : null,
          )}
        </div>
      ))}
    </Box>
  );
});
