import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatGermanDate } from '@hortus/contract';
import type { ReleaseTimeCondition } from '@hortus/contract/modules/children';
import { DateInput, TimeInput } from '../../../platform/forms/date-pickers';

/** The possible release times of the settings (module 200's 'Allgemein' and module 210's settings edit the same). */
export interface ReleaseTimes {
  moeglicheEntlasszeiten: string[];
  moeglicheEntlasszeiten_bedingungen: Record<string, ReleaseTimeCondition>;
}

/** The list of possible release times with their conditions, and the row that adds one. */
export function ReleaseTimesEditor({
  value,
  classes,
  onChange,
  error = () => undefined,
}: {
  value: ReleaseTimes;
  classes: { id: number; name: string }[];
  onChange(change: Partial<ReleaseTimes>): void;
  /** The settings' message of a field path ('moeglicheEntlasszeiten_bedingungen.14:00.datumBis'). */
  error?(key: string): string | undefined;
}) {
  const [newTime, setNewTime] = useState('');
  return (
    <>
      <Typography variant="body2">Mögliche Entlasszeiten</Typography>
      {value.moeglicheEntlasszeiten.map((time) => (
        <ReleaseTimeEntry
          key={time}
          time={time}
          condition={value.moeglicheEntlasszeiten_bedingungen[time] ?? noCondition}
          classes={classes}
          rangeError={error(`moeglicheEntlasszeiten_bedingungen.${time}.datumBis`)}
          onChange={(condition) =>
            onChange({
              moeglicheEntlasszeiten_bedingungen: { ...value.moeglicheEntlasszeiten_bedingungen, [time]: condition },
            })
          }
          onRemove={() => onChange({ moeglicheEntlasszeiten: value.moeglicheEntlasszeiten.filter((t) => t !== time) })}
        />
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TimeInput label="Entlasszeit hinzufügen" value={newTime} onChange={setNewTime} />
        <IconButton
          aria-label="Entlasszeit hinzufügen"
          disabled={!/^\d\d:\d\d$/.test(newTime)}
          onClick={() => {
            onChange({ moeglicheEntlasszeiten: [...new Set([...value.moeglicheEntlasszeiten, newTime])].sort() });
            setNewTime('');
          }}
        >
          <AddIcon />
        </IconButton>
      </Stack>
    </>
  );
}

const noCondition: ReleaseTimeCondition = {
  aktiv: false,
  klassen: [],
  datumVon: '',
  datumBis: '',
  ausnahmen: [],
};

/** A possible release time with its conditions (classes, date range; used by the parent reports of 210). */
function ReleaseTimeEntry({
  time,
  condition,
  classes,
  rangeError,
  onChange,
  onRemove,
}: {
  time: string;
  condition: ReleaseTimeCondition;
  classes: { id: number; name: string }[];
  rangeError: string | undefined;
  onChange(condition: ReleaseTimeCondition): void;
  onRemove(): void;
}) {
  return (
    <Box data-testid={`release-time-${time}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 'bold' }}>{time} Uhr</Typography>
        <FormControlLabel
          control={
            <Switch checked={condition.aktiv} onChange={(e) => onChange({ ...condition, aktiv: e.target.checked })} />
          }
          label="Bedingungen"
        />
        <IconButton aria-label={`Entlasszeit ${time} entfernen`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {condition.aktiv && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Autocomplete
            multiple
            options={classes}
            getOptionLabel={(option) => option.name}
            value={classes.filter((k) => condition.klassen.includes(k.id))}
            onChange={(_, chosen) => onChange({ ...condition, klassen: chosen.map((k) => k.id) })}
            renderInput={(params) => <TextField {...params} label="Nur für Klassen (leer: alle)" size="small" />}
          />
          <Stack direction="row" spacing={1}>
            <DateInput
              label="Von"
              value={condition.datumVon}
              onChange={(datumVon) => onChange({ ...condition, datumVon })}
            />
            <DateInput
              label="Bis"
              value={condition.datumBis}
              onChange={(datumBis) => onChange({ ...condition, datumBis })}
              error={rangeError !== undefined}
              helperText={rangeError}
            />
          </Stack>
          <ExceptionDays
            time={time}
            days={condition.ausnahmen.map((entry) => entry.tag)}
            onChange={(days) => onChange({ ...condition, ausnahmen: days.map((tag) => ({ tag })) })}
          />
        </Stack>
      )}
    </Box>
  );
}

/** The exception days of a release-time condition (school.md 5.3: not offered on these days). */
function ExceptionDays({ time, days, onChange }: { time: string; days: string[]; onChange(days: string[]): void }) {
  const [day, setDay] = useState('');
  const add = () => {
    if (!day || days.includes(day)) return;
    onChange([...days, day].sort());
    setDay('');
  };
  return (
    <Stack spacing={1} data-testid={`release-time-${time}-days`}>
      <Typography variant="body2">Ausnahmetage (an diesen Tagen nicht wählbar)</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <DateInput label="Ausnahmetag" value={day} onChange={setDay} />
        <Button startIcon={<AddIcon />} onClick={add} disabled={!day || days.includes(day)}>
          Tag
        </Button>
      </Stack>
      {days.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Keine Ausnahmetage
        </Typography>
      )}
      {days.map((tag) => (
        <Stack key={tag} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{formatGermanDate(tag)}</Typography>
          <IconButton
            size="small"
            aria-label={`Ausnahmetag ${formatGermanDate(tag)} entfernen`}
            onClick={() => onChange(days.filter((d) => d !== tag))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
    </Stack>
  );
}
