import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomerSettings } from '@hortus/contract/modules/customers';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import type { CostFilterValue } from '../logic/cost-filter';

/** Settings of the costs screen and the revenue overview: the year and the cost centres (all / none). */
export function CostFilterDialog({
  value,
  years,
  centres,
  onChange,
  onClose,
}: {
  value: CostFilterValue;
  years: readonly number[];
  centres: CustomerSettings['kostenstellen'];
  onChange(next: CostFilterValue): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState(value);
  const all = centres.map((c) => c.nummer);
  const chosen = new Set(draft.kostenstellen ?? all);
  const toggle = (nummer: number, on: boolean) => {
    const next = all.filter((n) => (n === nummer ? on : chosen.has(n)));
    setDraft({ ...draft, kostenstellen: next.length === all.length ? null : next });
  };
  return (
    <DialogShell
      title="Einstellungen"
      onClose={onClose}
      width={360}
      closeLabel={null}
      actions={
        <>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button
            variant="contained"
            onClick={() => {
              onChange(draft);
              onClose();
            }}
          >
            Übernehmen
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1, minWidth: 260 }}>
        <TextField
          select
          label="Jahr"
          value={draft.jahr}
          onChange={(event) => setDraft({ ...draft, jahr: Number(event.target.value) })}
        >
          {years.map((year) => (
            <MenuItem key={year} value={year}>
              {year}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle2" component="h3">
          Kostenstellen
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setDraft({ ...draft, kostenstellen: null })}>
            Alle auswählen
          </Button>
          <Button size="small" onClick={() => setDraft({ ...draft, kostenstellen: [] })}>
            Keine auswählen
          </Button>
        </Stack>
        <FormGroup>
          {centres.map((centre) => (
            <FormControlLabel
              key={centre.nummer}
              control={
                <Checkbox
                  checked={chosen.has(centre.nummer)}
                  onChange={(event) => toggle(centre.nummer, event.target.checked)}
                />
              }
              label={`${centre.nummer} – ${centre.name}`}
            />
          ))}
        </FormGroup>
      </Stack>
    </DialogShell>
  );
}
