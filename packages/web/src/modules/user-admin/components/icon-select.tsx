import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parameterIcons } from '@hortus/contract';
import { MenuIcon } from '../../../platform/icons/menu-icon';

export interface IconSelectProps {
  value: string;
  onChange(icon: string): void;
  disabled?: boolean;
}

/** Choice of one of the contract's parameter icons (a stored unknown icon stays selectable). */
export function IconSelect({ value, onChange, disabled }: IconSelectProps) {
  const icons: readonly string[] = parameterIcons.includes(value as (typeof parameterIcons)[number])
    ? parameterIcons
    : [value, ...parameterIcons];
  return (
    <TextField
      select
      fullWidth
      label="Icon"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {icons.map((icon) => (
        <MenuItem key={icon} value={icon}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <MenuIcon name={icon} fontSize="small" />
            {icon}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
