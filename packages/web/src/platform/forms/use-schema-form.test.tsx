import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form';

afterEach(cleanup);

const schema = z.object({ lat: z.string(), name: z.string() });
type Values = z.input<typeof schema>;

function renderForm(values: Values, follow: boolean) {
  return renderHook(({ shown }: { shown: Values }) => useSchemaForm(schema, shown, { follow }), {
    initialProps: { shown: values },
  });
}

describe('useSchemaForm with follow', () => {
  it('shows the fresher record once it arrives while the form is untouched (cache first, server later)', () => {
    const { result, rerender } = renderForm({ lat: '51.1047', name: 'H 1' }, true);
    rerender({ shown: { lat: '51.1051', name: 'H 1' } });
    expect(result.current.getValues()).toEqual({ lat: '51.1051', name: 'H 1' });
    expect(result.current.formState.isDirty).toBe(false);
  });

  it('keeps the user’s draft when the record changes under a changed form', () => {
    const { result, rerender } = renderForm({ lat: '51.1047', name: 'H 1' }, true);
    act(() => result.current.setValue('name', 'H 2', { shouldDirty: true }));
    rerender({ shown: { lat: '51.1051', name: 'H 1' } });
    expect(result.current.getValues()).toEqual({ lat: '51.1047', name: 'H 2' });
  });

  it('without follow, the first values stay (a dialog that owns its draft)', () => {
    const { result, rerender } = renderForm({ lat: '51.1047', name: 'H 1' }, false);
    rerender({ shown: { lat: '51.1051', name: 'H 1' } });
    expect(result.current.getValues()).toEqual({ lat: '51.1047', name: 'H 1' });
  });
});
