import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a contract schema: the server's rules are the form's rules, with the
 * same German messages. Errors show once a field was left or the form submitted, then follow every key;
 * `mode: 'onChange'` shows them while typing (the parameter forms, whose Speichern follows validity).
 * The schema may change between renders (a parameter list that follows the chosen groups).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { mode = 'onTouched' }: { mode?: 'onTouched' | 'onChange' } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, mode });
}
