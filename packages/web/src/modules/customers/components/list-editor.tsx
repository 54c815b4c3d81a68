import { useWatch, type Control, type FieldArray, type FieldPath } from 'react-hook-form';
import type { CustomerSettingsInput } from '@hortus/contract/modules/customers';
import { FormFieldArray } from '../../../platform/forms/form-field-array';
import {
  FormCheckbox,
  FormNumberField,
  FormSelectField,
  FormTextField,
  type SelectOption,
} from '../../../platform/forms/form-fields';

/** The lists of the 410 settings (statuses, service types, centres, document types, text blocks, signatures). */
export type SettingsListName =
  | 'auftragsstatus'
  | 'vertragsstatus'
  | 'leistungstypen'
  | 'einnahmestellen'
  | 'kostenstellen'
  | 'auftraegeDokumentarten'
  | 'rechnungenTextbloecke'
  | 'unterschriften';

type Row<N extends SettingsListName> = NonNullable<CustomerSettingsInput[N]>[number];

export interface ListColumn<N extends SettingsListName> {
  key: keyof Row<N> & string;
  label: string;
  kind: 'text' | 'number' | 'bool' | 'multiline' | 'select';
  width?: number;
  helperText?: string;
  /** The choices of a 'select' column. */
  options?: readonly SelectOption[];
}

/**
 * Edits a short list of the 410 settings in place, bound to the settings form (FormFieldArray): one line
 * per row, the schema's German message under a field in error.
 */
export function ListEditor<N extends SettingsListName>({
  control,
  name,
  title,
  columns,
  newRow,
}: {
  control: Control<CustomerSettingsInput, unknown, unknown>;
  name: N;
  title: string;
  columns: readonly ListColumn<NoInfer<N>>[];
  newRow(rows: readonly Row<N>[]): Row<N>;
}) {
  const rows = (useWatch({ control, name }) ?? []) as readonly Row<N>[];
  return (
    <FormFieldArray
      control={control}
      name={name}
      title={title}
      addLabel="Hinzufügen"
      removeLabel={`${title}: Zeile entfernen`}
      newItem={() => newRow(rows) as FieldArray<CustomerSettingsInput, N>}
      renderItem={(path) =>
        columns.map((column) => {
          const field = `${path}.${column.key}` as FieldPath<CustomerSettingsInput>;
          const sx = column.width ? { width: { sm: column.width } } : { flex: 1 };
          if (column.kind === 'bool') {
            return <FormCheckbox key={column.key} control={control} name={field} label={column.label} />;
          }
          if (column.kind === 'select') {
            return (
              <FormSelectField
                key={column.key}
                control={control}
                name={field}
                size="small"
                label={column.label}
                helperText={column.helperText}
                options={column.options ?? []}
                sx={sx}
              />
            );
          }
          if (column.kind === 'number') {
            return (
              <FormNumberField
                key={column.key}
                control={control}
                name={field}
                size="small"
                label={column.label}
                helperText={column.helperText}
                sx={sx}
              />
            );
          }
          return (
            <FormTextField
              key={column.key}
              control={control}
              name={field}
              size="small"
              label={column.label}
              helperText={column.helperText}
              multiline={column.kind === 'multiline'}
              sx={sx}
            />
          );
        })
      }
    />
  );
}

/** The next free numeric id of a list. */
export function nextId<T>(rows: readonly T[], key: keyof T): number {
  return Math.max(0, ...rows.map((row) => Number(row[key]) || 0)) + 1;
}
