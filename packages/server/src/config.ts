import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL muss mit postgres:// oder postgresql:// beginnen')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url('PUBLIC_URL muss eine vollständige Adresse sein').optional()),
  INITIAL_ADMIN_USER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,60}$/, 'INITIAL_ADMIN_USER: nur Buchstaben, Ziffern und . _ @ -')
      .default('admin'),
  ),
  INITIAL_ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'INITIAL_ADMIN_PASSWORD braucht mindestens 8 Zeichen').optional(),
  ),
  SEED: z.preprocess(emptyToUndefined, z.enum(['demo', 'none']).default('none')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).default('false'))
    .transform((value) => value === 'true' || value === '1'),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL muss mit smtp:// oder smtps:// beginnen')
      .optional(),
  ),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Reads and validates the configuration from the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
