import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ALL_GROUPS, NO_GROUPS, groupChoiceLabel, nextGroupChoice, type GroupChoice } from './group-filter-logic';

export interface GroupFilterProps {
  groups: readonly { id: number; name: string }[];
  value: GroupChoice;
  onChange(value: GroupChoice): void;
}

/** Group filter of list pages: 'Alle', 'Keine' and one entry per group. */
export function GroupFilter({ groups, value, onChange }: GroupFilterProps) {
  const groupIds = groups.map((group) => group.id);
  const selected = value === null ? groupIds : [...value];
  return (
    <TextField
      select
      label="Gruppen"
      size="small"
      sx={{ minWidth: 220 }}
      value={selected}
      onChange={(event) => onChange(nextGroupChoice(event.target.value as unknown as (number | string)[], groupIds))}
      slotProps={{ select: { multiple: true, renderValue: () => groupChoiceLabel(value, groups) } }}
    >
      <MenuItem value={ALL_GROUPS}>
        <ListItemText primary="Alle" />
      </MenuItem>
      <MenuItem value={NO_GROUPS}>
        <ListItemText primary="Keine" />
      </MenuItem>
      <Divider />
      {groups.map((group) => (
        <MenuItem key={group.id} value={group.id}>
          <Checkbox size="small" checked={selected.includes(group.id)} />
          <ListItemText primary={group.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
