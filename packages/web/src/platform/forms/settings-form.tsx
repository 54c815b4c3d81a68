import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useWatch, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@hortus/contract';
import type { SaveTexts } from '../saving/use-save-action';
import type { ServerErrorMapping } from './server-errors';
import { SubmitForm } from './submit-form';
import { useFormSave } from './use-form-save';
import { useSchemaForm } from './use-schema-form';

export interface SettingsFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The contract's schema of the settings (its German messages are the fields'). */
  schema: S;
  /** The saved settings as the form edits them; a new saved value replaces an unchanged draft. */
  saved: DefaultValues<z.input<S>>;
  /** Stores the checked settings (a thrown validationError lands on the fields). */
  save(values: z.output<S>): Promise<unknown>;
  /** The save's alert texts; success defaults to messages.settingsSaved. */
  texts: SaveTexts;
  serverErrors?: ServerErrorMapping;
}

export interface SettingsFormState<S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** Checks and saves the draft; after a save the saved value is the draft. */
  submit(): Promise<void>;
  /** Speichern: the draft is changed and valid. */
  canSave: boolean;
  /** The whole draft as it is now (re-renders with every change). */
  draft: z.input<S>;
  /**
   * Sets top-level values of the draft as a whole (a condition editor's value, a list of widget ids),
   * marked as changed and checked with the schema; fields bound with the Form… components need none.
   */
  update(patch: Partial<z.input<S>>): void;
}

/**
 * A settings page's form: the saved value, the draft (react-hook-form on the contract's schema, errors
 * while typing), field errors from the schema and from the server, Speichern only when the draft is
 * changed and valid. Render its fields inside `<SettingsForm settings={…}>`.
 */
export function useSettingsForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  saved,
  save,
  texts,
  serverErrors,
}: SettingsFormOptions<S>): SettingsFormState<S> {
  // A saved value that changes (another device saved, a fresher load) replaces an untouched draft.
  const form = useSchemaForm(schema, saved, { mode: 'onChange', follow: true });
  const formSave = useFormSave(form, serverErrors);
  const submit = form.handleSubmit(async (values) => {
    const draft = form.getValues();
    if (await formSave(() => save(values), { success: messages.settingsSaved, ...texts })) form.reset(draft);
  });
  const draft = useWatch({ control: form.control }) as z.input<S>;
  const update = (patch: Partial<z.input<S>>) => {
    for (const [key, value] of Object.entries(patch)) {
      form.setValue(key as FieldPath<z.input<S>>, value as never, { shouldDirty: true, shouldValidate: true });
    }
  };
  // Speichern follows a change in the render of the change (as FormDialog): the draft re-renders with every
  // change, the form's own dirty state is set before the values are announced, and the schema checks the
  // draft as it is — react-hook-form's isDirty/isValid would come one asynchronous validation later.
  const canSave = form.control._formState.isDirty && schema.safeParse(draft).success;
  return { form, submit, canSave, draft, update };
}

/** The page body of a settings form: its fields, the server's unplaceable message, Speichern. */
export function SettingsForm<S extends z.ZodType<FieldValues, FieldValues>>({
  settings,
  submitLabel = 'Speichern',
  disabled = false,
  children,
}: {
  settings: SettingsFormState<S>;
  submitLabel?: string;
  /** Speichern off for a reason the schema cannot see (the page shows it at the field). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const rootError = settings.form.formState.errors.root?.['server']?.message;
  return (
    <SubmitForm onSubmit={settings.submit}>
      <Stack spacing={2}>
        {rootError && <Alert severity="error">{rootError}</Alert>}
        {children}
        <Box>
          <Button type="submit" variant="contained" disabled={!settings.canSave || disabled}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </SubmitForm>
  );
}
