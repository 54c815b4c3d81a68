import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface LoginFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
}

/** A labelled outlined input (TextField without its Select machinery, to keep the login chunk small). */
export function LoginField({ label, name, value, onChange, type = 'text', autoComplete, autoFocus }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
      />
    </FormControl>
  );
}
