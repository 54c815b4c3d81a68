import { useId, type JSX } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { parameterType, type ParameterValue, type UserParameter } from '@hortus/contract';
import { DateInput, TimeInput } from '../forms/date-pickers';
import { MenuIcon } from '../icons/menu-icon';

export type { ParameterValue } from '@hortus/contract';

export interface ParameterFieldProps {
  parameter: UserParameter;
  value: ParameterValue;
  onChange(value: ParameterValue): void;
  disabled?: boolean;
  error?: string | null;
}

/** Hint on the child types (11, 12) while the web app has no children source. */
export const CHILDREN_HINT = 'Kinder werden in der Kinderverwaltung zugeordnet.';

const NONE = '';

const inputTypes: Readonly<Record<number, string>> = {
  [parameterType.text]: 'text',
  [parameterType.longText]: 'text',
  [parameterType.number]: 'text',
  [parameterType.email]: 'email',
  [parameterType.phone]: 'tel',
  [parameterType.url]: 'url',
};

const inputModes: Readonly<Record<number, 'decimal' | 'email' | 'tel' | 'url'>> = {
  [parameterType.number]: 'decimal',
  [parameterType.email]: 'email',
  [parameterType.phone]: 'tel',
  [parameterType.url]: 'url',
};

/** A typed input for one user parameter (types 1–12), labelled with its name and icon. */
export function ParameterField({ parameter, value, onChange, disabled, error }: ParameterFieldProps): JSX.Element {
  const id = useId();
  const icon = (
    <InputAdornment position="start">
      <MenuIcon name={parameter.icon} fontSize="small" />
    </InputAdornment>
  );
  const helperText = error ?? undefined;
  const options = [...parameter.selectoptions].sort((a, b) => a.sort - b.sort || a.id - b.id);

  switch (parameter.typ) {
    case parameterType.singleChoice:
      return (
        <TextField
          id={id}
          select
          fullWidth
          label={parameter.name}
          value={value.ids[0] !== undefined ? String(value.ids[0]) : NONE}
          onChange={(event) => {
            const chosen = event.target.value;
            onChange({ wert: value.wert, ids: chosen === NONE ? [] : [Number(chosen)] });
          }}
          disabled={disabled}
          error={Boolean(error)}
          helperText={helperText}
          slotProps={{ input: { startAdornment: icon } }}
        >
          <MenuItem value={NONE}>
            <em>Keine Auswahl</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.wert}
            </MenuItem>
          ))}
        </TextField>
      );
    case parameterType.multipleChoice:
      return (
        <FormControl component="fieldset" disabled={disabled} error={Boolean(error)} fullWidth>
          <FormLabel component="legend">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MenuIcon name={parameter.icon} fontSize="small" />
              <span>{parameter.name}</span>
            </Stack>
          </FormLabel>
          <FormGroup>
            {options.map((option) => (
              <FormControlLabel
                key={option.id}
                label={option.wert}
                control={
                  <Checkbox
                    checked={value.ids.includes(option.id)}
                    onChange={(event) => {
                      const rest = value.ids.filter((chosen) => chosen !== option.id);
                      onChange({ wert: value.wert, ids: event.target.checked ? [...rest, option.id] : rest });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          {helperText && <FormHelperText>{helperText}</FormHelperText>}
        </FormControl>
      );
    case parameterType.date:
    case parameterType.time: {
      const Picker = parameter.typ === parameterType.date ? DateInput : TimeInput;
      return (
        <Picker
          label={parameter.name}
          value={value.wert}
          onChange={(wert) => onChange({ wert, ids: value.ids })}
          disabled={disabled}
          error={Boolean(error)}
          helperText={helperText}
          fullWidth
          startAdornment={icon}
        />
      );
    }
    case parameterType.oneChild:
    case parameterType.severalChildren:
      return (
        <TextField
          id={id}
          select
          fullWidth
          disabled
          label={parameter.name}
          value={NONE}
          error={Boolean(error)}
          helperText={error ?? CHILDREN_HINT}
          slotProps={{
            input: { startAdornment: icon },
            select: { multiple: false, displayEmpty: true },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value={NONE}>
            <em>{value.ids.length > 0 ? `${value.ids.length} zugeordnet` : 'Keine Auswahl'}</em>
          </MenuItem>
        </TextField>
      );
    default: {
      const type = inputTypes[parameter.typ] ?? 'text';
      const multiline = parameter.typ === parameterType.longText;
      return (
        <TextField
          id={id}
          fullWidth
          type={type}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          label={parameter.name}
          value={value.wert}
          onChange={(event) => onChange({ wert: event.target.value, ids: value.ids })}
          disabled={disabled}
          error={Boolean(error)}
          helperText={helperText}
          slotProps={{
            input: { startAdornment: icon },
            htmlInput: {
              inputMode: inputModes[parameter.typ],
            },
          }}
        />
      );
    }
  }
}
