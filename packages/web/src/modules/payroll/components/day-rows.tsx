import { memo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatGermanDate, type FieldErrors } from '@hortus/contract';
import {
  dayHours,
  dayStatusLabels,
  dayStatuses,
  formatDecimal,
  isWeekend,
  paidStatuses,
  weekdayOf,
  weekdayShort,
  type DayRow,
  type DayStatus,
} from '@hortus/contract/modules/payroll';
import { TimeInput } from '../../../platform/forms/date-pickers';
import type { SelectOption } from '../../../platform/forms/form-fields';
import { TableRegion } from '../../../platform/data-table/table-region';

interface DayRowProps {
  day: DayRow;
  index: number;
  holiday: string;
  groups: readonly SelectOption[];
  errors: FieldErrors;
  disabled: boolean;
  onStatus(index: number, status: DayStatus): void;
  onChange(index: number, change: Partial<DayRow>): void;
}

const error = (errors: FieldErrors, index: number, field: string) => errors[`tage.${index}.${field}`]?.[0];
const NO_ERRORS: FieldErrors = {};

/** The errors of one row, or the same empty object (so unchanged rows are not drawn again). */
function rowErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `tage.${index}.`;
  const own = Object.entries(errors).filter(([key]) => key.startsWith(prefix));
  return own.length === 0 ? NO_ERRORS : Object.fromEntries(own);
}

/** One day of the payroll: status, object, times, pause, wage group and its hours. */
const DayLine = memo(function DayLine({
  day,
  index,
  holiday,
  groups,
  errors,
  disabled,
  onStatus,
  onChange,
}: DayRowProps) {
  const weekend = isWeekend(day.datum);
  const off = day.status === 0;
  const hours = paidStatuses.includes(day.status) ? dayHours(day) : 0;
  const label = `${weekdayShort[weekdayOf(day.datum)] ?? ''} ${formatGermanDate(day.datum).slice(0, 6)}`;
  const vonError = error(errors, index, 'zeitVon');
  const bisError = error(errors, index, 'zeitBis');
  const pauseError = error(errors, index, 'pausen');
  return (
    <TableRow
      data-testid={`day-${day.datum}`}
      sx={{ bgcolor: weekend ? 'action.hover' : undefined, '& td': { py: 0.5, px: 0.75, verticalAlign: 'top' } }}
    >
      <TableCell sx={{ whiteSpace: 'nowrap', pt: '14px !important' }}>
        <Typography variant="body2" sx={{ fontWeight: weekend ? 400 : 500 }}>
          {label}
        </Typography>
        {holiday && (
          <Typography variant="caption" color="primary" sx={{ display: 'block', whiteSpace: 'normal' }}>
            {holiday}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={day.status}
          disabled={disabled}
          onChange={(e) => onStatus(index, Number(e.target.value) as DayStatus)}
          slotProps={{ htmlInput: { 'aria-label': `Status ${label}` } }}
          fullWidth
        >
          {dayStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {dayStatusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={day.objekt}
          disabled={disabled || off}
          onChange={(e) => onChange(index, { objekt: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Objekt ${label}`, maxLength: 200 } }}
          error={error(errors, index, 'objekt') !== undefined}
          helperText={error(errors, index, 'objekt')}
          fullWidth
        />
      </TableCell>
      <TableCell>
        <TimeInput
          label="Von"
          fullWidth
          value={day.zeitVon}
          disabled={disabled || off}
          onChange={(value) => onChange(index, { zeitVon: value })}
          error={vonError !== undefined}
          helperText={vonError}
          name={`tage.${index}.zeitVon`}
        />
      </TableCell>
      <TableCell>
        <TimeInput
          label="Bis"
          fullWidth
          value={day.zeitBis}
          disabled={disabled || off}
          onChange={(value) => onChange(index, { zeitBis: value })}
          error={bisError !== undefined}
          helperText={bisError}
          name={`tage.${index}.zeitBis`}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          label="Pause"
          value={Number.isNaN(day.pausen) ? '' : day.pausen}
          disabled={disabled || off}
          onChange={(e) => onChange(index, { pausen: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          error={pauseError !== undefined}
          helperText={pauseError}
          slotProps={{ htmlInput: { min: 0, 'aria-label': `Pause ${label} in Minuten` } }}
          fullWidth
        />
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={day.idLohngruppe}
          disabled={disabled || off}
          onChange={(e) => onChange(index, { idLohngruppe: Number(e.target.value) })}
          slotProps={{ htmlInput: { 'aria-label': `Lohngruppe ${label}` } }}
          error={error(errors, index, 'idLohngruppe') !== undefined}
          fullWidth
        >
          {groups.map((group) => (
            <MenuItem key={group.value} value={group.value}>
              {group.label}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell align="right" sx={{ pt: '14px !important' }} data-testid={`hours-${day.datum}`}>
        {hours > 0 ? formatDecimal(hours) : ''}
      </TableCell>
    </TableRow>
  );
});

/**
 * Column widths in px (the 'Objekt' column takes the rest): the table keeps them (fixed layout) so it fits a
 * full-screen dialog at 1280 px with 'Stunden' in view; narrower screens scroll it sideways (issue 33).
 */
export const dayColumns = [
  { title: 'Tag', width: 104 },
  { title: 'Status', width: 128 },
  { title: 'Objekt', width: undefined },
  { title: 'Von', width: 136 },
  { title: 'Bis', width: 136 },
  { title: 'Pause (Min.)', width: 96 },
  { title: 'Lohngruppe', width: 160 },
  { title: 'Stunden', width: 72 },
] as const;
/** The least width the 'Objekt' column keeps. */
export const minObjectWidth = 160;
export const dayTableMinWidth = dayColumns.reduce((sum, column) => sum + (column.width ?? minObjectWidth), 0);

/** The month's days, one row each (weekends shaded, public holidays named). */
export function DayRows(
  props: Omit<DayRowProps, 'day' | 'index' | 'holiday'> & {
    days: readonly DayRow[];
    holidays: ReadonlyMap<string, string>;
  },
) {
  const { days, holidays, errors, ...rest } = props;
  return (
    <TableRegion label="Tage" sx={{ mb: 2 }}>
      <Table size="small" aria-label="Tage" sx={{ tableLayout: 'fixed', minWidth: dayTableMinWidth }}>
        <colgroup>
          {dayColumns.map((column) => (
            <col key={column.title} style={column.width === undefined ? undefined : { width: column.width }} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow sx={{ '& th': { px: 0.75 } }}>
            {dayColumns.map((column) => (
              <TableCell key={column.title} align={column.title === 'Stunden' ? 'right' : undefined}>
                {column.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((day, index) => (
            <DayLine
              key={day.datum}
              day={day}
              index={index}
              holiday={holidays.get(day.datum) ?? ''}
              errors={rowErrors(errors, index)}
              {...rest}
            />
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
