import type * as schemas from './schemas';

type PlatformSchemas = typeof schemas;

let loading: Promise<PlatformSchemas> | null = null;

/** A lazily loaded contract reply schema, for `call`. */
export function platformSchema<K extends keyof PlatformSchemas>(name: K): () => Promise<PlatformSchemas[K]> {
  return async () => {
    loading ??= import('./schemas');
    return (await loading)[name];
  };
}
