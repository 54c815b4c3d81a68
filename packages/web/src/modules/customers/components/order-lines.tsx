import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import {
  documentTotals,
  formatEuro,
  formatRate,
  grossFromNet,
  lineNetCents,
  parseCents,
  parseQuantity,
  parseRate,
} from '@hortus/contract';
import type { CostView, CustomerSettings, LineInput, OrderInput } from '@hortus/contract/modules/customers';
import { vatCategoryOptions } from '../logic/vat-options';
import { FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { LineCostLink } from './line-cost-link';

type OrderControl = Control<OrderInput, unknown, unknown>;

/** Net, gross and rate of a typed line, or null while a value is not valid yet. */
/** Whether a line's category needs an exemption reason (all but S and Z; '' follows the rate). */
const needsReason = (category: string | undefined): boolean => !['', 'S', 'Z', undefined].includes(category);

export function lineFigures(line: Pick<LineInput, 'anzahl' | 'wert' | 'mwst'> | undefined) {
  if (!line) return null;
  const quantity = parseQuantity(line.anzahl);
  const unit = parseCents(line.wert, { allowNegative: true });
  const rate = parseRate(line.mwst);
  if (quantity === null || unit === null || rate === null) return null;
  const net = lineNetCents(unit, quantity);
  return { net, rate, gross: grossFromNet(net, rate) };
}

/** The service lines of an order: title, quantity, net unit price, VAT, type and income centre, costs (a type's VAT rate is taken over by the dialog). */
export function OrderLines({
  control,
  settings,
  readOnly,
  costs = [],
}: {
  control: OrderControl;
  settings: CustomerSettings;
  readOnly: boolean;
  /** The cost records a line's costs may be linked to (staff). */
  costs?: readonly CostView[];
}) {
  const lines = useFieldArray({ control, name: 'leistungen' });
  const values = useWatch({ control, name: 'leistungen' }) ?? [];
  const figures = values.map((line) => lineFigures(line));
  const valid = figures.filter((f): f is NonNullable<typeof f> => f !== null);
  const totals = documentTotals(valid.map((f) => ({ netCents: f.net, rate: f.rate })));
  const typeOptions = [
    { value: 0, label: '–' },
    ...settings.leistungstypen.map((t) => ({ value: t.id, label: t.name })),
  ];
  const centreOptions = [
    { value: 0, label: '–' },
    ...settings.einnahmestellen.map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        Leistungen
      </Typography>
      {lines.fields.map((field, index) => {
        const figure = figures[index];
        return (
          <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }} data-testid="order-line">
            <Stack spacing={1.5}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
                <FormTextField
                  control={control}
                  name={`leistungen.${index}.titel`}
                  label="Titel"
                  fullWidth
                  disabled={readOnly}
                />
                <FormSelectField
                  control={control}
                  name={`leistungen.${index}.id_leistungstyp`}
                  label="Leistungstyp"
                  options={typeOptions}
                  sx={{ minWidth: 160 }}
                  disabled={readOnly}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <FormTextField
                  control={control}
                  name={`leistungen.${index}.anzahl`}
                  label="Anzahl"
                  disabled={readOnly}
                />
                <FormTextField
                  control={control}
                  name={`leistungen.${index}.wert`}
                  label="Einzelpreis netto (€)"
                  disabled={readOnly}
                />
                <FormTextField
                  control={control}
                  name={`leistungen.${index}.mwst`}
                  label="USt. (%)"
                  disabled={readOnly}
                />
                <FormSelectField
                  control={control}
                  name={`leistungen.${index}.ustKategorie`}
                  label="Steuerkategorie"
                  options={vatCategoryOptions}
                  sx={{ minWidth: 170 }}
                  disabled={readOnly}
                />
                <Box sx={{ minWidth: 150, alignSelf: 'center' }}>
                  <Typography variant="body2" data-testid="line-gross">
                    {figure ? `${formatEuro(figure.net)} netto` : '–'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {figure ? `${formatEuro(figure.gross)} brutto` : ''}
                  </Typography>
                </Box>
              </Stack>
              {needsReason(values[index]?.ustKategorie) && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <FormTextField
                    control={control}
                    name={`leistungen.${index}.befreiungsgrund`}
                    label="Befreiungsgrund (steht auf der Rechnung)"
                    helperText="leer: der übliche Text der Kategorie (E braucht einen eigenen)"
                    fullWidth
                    disabled={readOnly}
                  />
                  <FormTextField
                    control={control}
                    name={`leistungen.${index}.befreiungsgrundCode`}
                    label="VATEX-Code"
                    disabled={readOnly}
                  />
                </Stack>
              )}
              <FormTextField
                control={control}
                name={`leistungen.${index}.beschreibung`}
                label="Beschreibung"
                multiline
                disabled={readOnly}
              />
              {!readOnly && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                  <FormSelectField
                    control={control}
                    name={`leistungen.${index}.id_einnahmestelle`}
                    label="Einnahmestelle"
                    options={centreOptions}
                    sx={{ minWidth: 180 }}
                  />
                  <FormTextField control={control} name={`leistungen.${index}.kosten`} label="Kosten brutto (€)" />
                  <LineCostLink control={control} index={index} costs={costs} settings={settings} />
                  <IconButton
                    aria-label="Leistung entfernen"
                    color="error"
                    onClick={() => lines.remove(index)}
                    sx={{ ml: 'auto' }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!readOnly && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              lines.append({
                id: 0,
                pos: lines.fields.length + 1,
                titel: '',
                beschreibung: '',
                anzahl: '1',
                wert: '',
                mwst: settings.leistungstypen[0]?.mwst ?? '19',
                ustKategorie: settings.leistungstypen[0]?.ustKategorie ?? '',
                befreiungsgrund: settings.leistungstypen[0]?.befreiungsgrund ?? '',
                befreiungsgrundCode: settings.leistungstypen[0]?.befreiungsgrundCode ?? '',
                id_leistungstyp: settings.leistungstypen[0]?.id ?? 0,
                id_einnahmestelle: settings.einnahmestellen[0]?.id ?? 0,
                kosten: '',
                id_kosten: 0,
                neuKosten: null,
              })
            }
          >
            Leistung hinzufügen
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'right' }} data-testid="order-totals">
        <Typography variant="body2">Summe netto: {formatEuro(totals.netCents)}</Typography>
        {totals.groups
          .filter((group) => group.vatCents !== 0)
          .map((group) => (
            <Typography key={group.rate} variant="body2">
              USt. {formatRate(group.rate)} %: {formatEuro(group.vatCents)}
            </Typography>
          ))}
        <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
          Summe brutto: {formatEuro(totals.grossCents)}
        </Typography>
      </Box>
    </Stack>
  );
}
