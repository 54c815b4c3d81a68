import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorPaths } from './form-errors';

/** The schema of each form made by useSchemaForm (the latest one, the schema may change between renders). */
const schemas = new WeakMap<object, z.ZodType>();

/**
 * The schema a form of useSchemaForm is checked by, for a check in the same render as a change
 * (react-hook-form's `isValid` follows its asynchronous resolver one render later).
 */
export function schemaOfForm<T extends FieldValues>(control: Control<T, unknown, unknown>): z.ZodType | undefined {
  return schemas.get(control);
}

/**
 * A react-hook-form form checked by a contract schema: the server's rules are the form's rules, with the
 * same German messages. Errors show once a field was left or the form submitted, then follow every key;
 * `mode: 'onChange'` shows them while typing (the parameter forms, whose Speichern follows validity).
 * An error a change may have fixed elsewhere ('bis' after 'von' changed, a weekday taken twice) is
 * checked again with every change, so no message stays under a field that is fine now.
 * The schema may change between renders (a parameter list that follows the chosen groups).
 * With `follow`, an untouched form takes new default values when they change: a record shown from the
 * device's cache first and then answered fresher by the server shows the fresh one (a changed form keeps
 * the user's draft; its save then meets the record's version check).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { mode = 'onTouched', follow = false }: { mode?: 'onTouched' | 'onChange'; follow?: boolean } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, mode });
  schemas.set(form.control, schema);
  const followed = follow ? JSON.stringify(defaultValues) : '';
  useEffect(() => {
    if (followed !== '' && !form.formState.isDirty) form.reset(JSON.parse(followed) as DefaultValues<z.input<S>>);
  }, [followed, form]);
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      const stale = errorPaths(form.control._formState.errors).filter(
        (path) => path !== name && form.getFieldState(path as FieldPath<z.input<S>>).error?.type !== 'server',
      );
      if (stale.length > 0) void form.trigger(stale as FieldPath<z.input<S>>[]);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
}
