import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
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
  inputMode?: 'numeric' | 'text';
  /** A message on the field (marks it invalid). */
  error?: string | undefined;
}

/** A labelled outlined input (TextField without its Select machinery, to keep the login chunk small). */
export function LoginField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  inputMode,
  error,
}: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" fullWidth error={error !== undefined}>
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
        inputProps={{ autoCapitalize: 'none', spellCheck: false, ...(inputMode ? { inputMode } : {}) }}
        aria-describedby={error !== undefined ? helperId : undefined}
      />
      {error !== undefined && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
