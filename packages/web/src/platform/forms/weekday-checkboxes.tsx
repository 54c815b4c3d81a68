import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';

const names = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** Weekdays 1 (Monday) … 7 (Sunday) as a row of checkboxes; `value` lists the checked ones. */
export function WeekdayCheckboxes({ value, onChange }: { value: readonly number[]; onChange(days: number[]): void }) {
  const toggle = (day: number) => onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day]);
  return (
    <FormGroup row aria-label="Wochentage">
      {names.map((name, index) => (
        <FormControlLabel
          key={name}
          control={<Checkbox checked={value.includes(index + 1)} onChange={() => toggle(index + 1)} />}
          label={name}
        />
      ))}
    </FormGroup>
  );
}
