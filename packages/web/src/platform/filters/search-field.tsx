import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** The search field of list pages ('Suche'). */
export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextField
      label="Suche"
      value={value}
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
