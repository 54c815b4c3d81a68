import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { check } from '@hortus/contract';

/**
 * A search text that breaks the `name` rule (business.md 5: the search fields use it) searches for
 * nothing: the list stays as it is and the field shows the rule's German message.
 */
export function validSearch(value: string): string {
  return check(value, ['name']) === null ? value : '';
}

/** The search field of list pages ('Suche'); checked with the `name` rule. */
export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const error = check(value, ['name']);
  return (
    <TextField
      label="Suche"
      value={value}
      error={error !== null}
      helperText={error ?? undefined}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={{ flex: 1 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
