import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useWatch, type Control } from 'react-hook-form';
import { formatEuro, formatGermanDate, parseCents } from '@hortus/contract';
import {
  DEFAULT_COST_RATE,
  type CostView,
  type CustomerSettings,
  type OrderInput,
} from '@hortus/contract/modules/customers';
import { todayIso } from '../logic/today';

/** How many cost records the link select offers besides the linked one and those of the same amount. */
const LATEST = 30;

/**
 * Links a line's costs to a cost record (id_kosten) or books them as a new one on save (neuKosten); a line
 * with costs and neither shows the orders list's '!' chip.
 */
export function LineCostLink({
  control,
  index,
  costs,
  settings,
}: {
  control: Control<OrderInput, unknown, unknown>;
  index: number;
  costs: readonly CostView[];
  settings: CustomerSettings;
}) {
  const link = useController({ control, name: `leistungen.${index}.id_kosten` });
  const booking = useController({ control, name: `leistungen.${index}.neuKosten` });
  const line = useWatch({ control, name: `leistungen.${index}` });
  const amount = parseCents(line?.kosten ?? '');
  const linked = Number(link.field.value ?? 0);
  if (booking.field.value)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">Wird beim Speichern als Kosten gebucht.</Typography>
        <Button size="small" onClick={() => booking.field.onChange(null)}>
          Nicht buchen
        </Button>
      </Stack>
    );
  // The linked cost, those of the line's amount, and the latest ones (a select of thousands would be slow).
  const options = costs.filter(
    (cost, position) => cost.id === linked || (amount !== null && cost.betrag === amount) || position < LATEST,
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Kostenposition"
        value={linked}
        onChange={(event) => link.field.onChange(Number(event.target.value))}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value={0}>nicht verknüpft</MenuItem>
        {options.map((cost) => (
          <MenuItem key={cost.id} value={cost.id}>
            {`${formatGermanDate(cost.datum)} · ${cost.titel} · ${formatEuro(cost.betrag)}`}
          </MenuItem>
        ))}
      </TextField>
      {linked === 0 && amount !== null && amount > 0 && (
        <Button
          size="small"
          onClick={() =>
            booking.field.onChange({
              datum: todayIso(),
              id_kostenstelle: settings.kostenstellen[0]?.nummer ?? 0,
              betrag: line?.kosten ?? '',
              mwst: line?.mwst || DEFAULT_COST_RATE,
              titel: line?.titel || 'Kosten',
              beschreibung: '',
            })
          }
        >
          Als Kosten buchen
        </Button>
      )}
    </Stack>
  );
}
