import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';

export interface ListColumn<T> {
  key: keyof T & string;
  label: string;
  kind: 'text' | 'number' | 'bool' | 'multiline';
  width?: number;
}

/** Edits a short list of settings rows (statuses, service types, centres, text blocks) in place. */
export function ListEditor<T extends Record<string, unknown>>({
  title,
  rows,
  columns,
  onChange,
  newRow,
}: {
  title: string;
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  onChange(rows: T[]): void;
  newRow(rows: readonly T[]): T;
}) {
  const update = (index: number, key: keyof T, value: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {columns.map((column) =>
              column.kind === 'bool' ? (
                <Box key={column.key} sx={{ display: 'flex', alignItems: 'center' }}>
                  <Checkbox
                    checked={Boolean(row[column.key])}
                    onChange={(event) => update(index, column.key, event.target.checked)}
                    slotProps={{ input: { 'aria-label': column.label } }}
                  />
                  <Typography variant="body2">{column.label}</Typography>
                </Box>
              ) : (
                <TextField
                  key={column.key}
                  size="small"
                  label={column.label}
                  type={column.kind === 'number' ? 'number' : 'text'}
                  multiline={column.kind === 'multiline'}
                  value={row[column.key] ?? ''}
                  onChange={(event) =>
                    update(
                      index,
                      column.key,
                      column.kind === 'number' ? Number(event.target.value) : event.target.value,
                    )
                  }
                  sx={column.width ? { width: column.width } : { flex: 1 }}
                />
              ),
            )}
            <IconButton
              aria-label={`${title}: Zeile entfernen`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, newRow(rows)])}>
            Hinzufügen
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The next free numeric id of a list. */
export function nextId<T>(rows: readonly T[], key: keyof T): number {
  return Math.max(0, ...rows.map((row) => Number(row[key]) || 0)) + 1;
}
