import { useState, type ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { fieldErrors, messages, type FieldErrors, safeParseReporting } from '@hortus/contract';
import { useSaveAction } from '../saving/use-save-action';

/** A settings page's draft: its value, errors by field, Speichern, and text and switch fields bound to it. */
export interface SettingsDraft<T> {
  value: T;
  set(patch: Partial<T>): void;
  error(key: string): string | undefined;
  /** Checks the draft with the schema (German messages on the fields), then saves it. */
  submit(): void;
  text(key: keyof T & string, label: string, multiline?: boolean): ReactNode;
  flag(key: keyof T & string, label: string): ReactNode;
}

/** The draft of a settings page (e.g. the children's and the parents' reports' settings). */
export function useSettingsDraft<T extends object>(options: {
  initial: T;
  schema: z.ZodType;
  save(value: T): Promise<unknown>;
  failure: string;
}): SettingsDraft<T> {
  const saveAction = useSaveAction();
  const [value, setValue] = useState<T>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<T>) => setValue({ ...value, ...patch });
  const error = (key: string) => errors[key]?.[0];
  return {
    value,
    set,
    error,
    submit() {
      const parsed = safeParseReporting(options.schema, value);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        return;
      }
      setErrors({});
      void saveAction(() => options.save(value), { success: messages.settingsSaved, failure: options.failure });
    },
    text: (key, label, multiline = false) => (
      <TextField
        label={label}
        value={value[key] as string}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        onChange={(e) => set({ [key]: e.target.value } as Partial<T>)}
        error={Boolean(error(key))}
        helperText={error(key)}
      />
    ),
    flag: (key, label) => (
      <FormControlLabel
        control={
          <Switch checked={value[key] as boolean} onChange={(e) => set({ [key]: e.target.checked } as Partial<T>)} />
        }
        label={label}
      />
    ),
  };
}
