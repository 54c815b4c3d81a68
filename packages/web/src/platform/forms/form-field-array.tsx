import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  get,
  useFieldArray,
  useFormState,
  type Control,
  type FieldArray,
  type FieldArrayPath,
  type FieldValues,
} from 'react-hook-form';
import { useFormReadOnly } from './form-read-only';

export interface FormFieldArrayProps<T extends FieldValues, N extends FieldArrayPath<T>> {
  control: Control<T, unknown, unknown>;
  /** The array's path in the form values ('telefonnummern', 'kind.regelausnahmen'). */
  name: N;
  title: string;
  /** The add button's label ('Nummer'); with an add icon. */
  addLabel: string;
  /** The remove button's accessible name per row ('Nummer entfernen'). */
  removeLabel: string;
  /** A new row's values; undefined disables the add button (e.g. every weekday taken). */
  newItem(): FieldArray<T, N> | undefined;
  /** Shown when the array is empty. */
  emptyText?: string;
  maxItems?: number;
  disabled?: boolean;
  /** The row's fields; `path` is the row's path ('telefonnummern.2') to name them: `${path}.nummer`. */
  renderItem(path: `${N}.${number}`, index: number): ReactNode;
  /** Something after a row's remove button (attachments of a saved exception). */
  renderAfter?(path: `${N}.${number}`, index: number): ReactNode;
  /**
   * With a summary, every row is a panel (Accordion) whose header shows it ('Frau Anna Berg'); the fields, the
   * remove button and `renderAfter` go into the panel. Without, rows are lines.
   */
  renderSummary?(path: `${N}.${number}`, index: number): ReactNode;
  /** Panels only: whether a row's panel starts open (a row just added, still empty). */
  startsExpanded?(index: number): boolean;
}

/**
 * A list of rows of a form (useFieldArray): title, add button, one line (or, with `renderSummary`, one panel)
 * per row with its fields and a remove button, the array's own error (too many rows, a weekday twice) under the title. Errors of the
 * rows' fields follow the rows when one is removed.
 */
export function FormFieldArray<T extends FieldValues, N extends FieldArrayPath<T>>({
  control,
  name,
  title,
  addLabel,
  removeLabel,
  newItem,
  emptyText,
  maxItems,
  disabled: ownDisabled = false,
  renderItem,
  renderAfter,
  renderSummary,
  startsExpanded,
}: FormFieldArrayProps<T, N>) {
  const disabled = useFormReadOnly() || ownDisabled;
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as never });
  const ownError = (get(errors, name) as { message?: string; root?: { message?: string } } | undefined) ?? undefined;
  const message = ownError?.root?.message ?? ownError?.message;
  const next = newItem();
  const full = maxItems !== undefined && fields.length >= maxItems;
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {!disabled && (
          <Button startIcon={<AddIcon />} disabled={next === undefined || full} onClick={() => next && append(next)}>
            {addLabel}
          </Button>
        )}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
      <Stack spacing={1.5}>
        {fields.length === 0 && emptyText && <Typography color="text.secondary">{emptyText}</Typography>}
        {fields.map((field, index) => {
          const path = `${name}.${index}` as `${N}.${number}`;
          const removeButton = !disabled && (
            <IconButton aria-label={removeLabel} onClick={() => remove(index)} sx={{ alignSelf: { sm: 'center' } }}>
              <DeleteIcon />
            </IconButton>
          );
          if (renderSummary)
            return (
              <Accordion key={field.id} defaultExpanded={startsExpanded?.(index) ?? false}>
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>{renderSummary(path, index)}</AccordionSummary>
                <AccordionDetails>
                  <Stack spacing={2}>
                    {renderItem(path, index)}
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {renderAfter?.(path, index)}
                      {removeButton}
                    </Stack>
                  </Stack>
                </AccordionDetails>
              </Accordion>
            );
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              {renderItem(path, index)}
              {removeButton}
              {renderAfter?.(path, index)}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
