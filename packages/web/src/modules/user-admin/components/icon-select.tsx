import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parameterIconLabels, parameterIcons } from '@hortus/contract/modules/app-settings';
import { MenuIcon } from '../../../platform/icons/menu-icon';

export interface IconSelectProps {
  value: string;
  onChange(icon: string): void;
  disabled?: boolean;
}

/** The German name of an icon; a stored icon outside the list shows its technical name. */
export function iconLabel(icon: string): string {
  return (parameterIconLabels as Record<string, string | undefined>)[icon] ?? icon;
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
            {iconLabel(icon)}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
