import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { scryptNFrom } from './platform/auth/password';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  /** Only this machine by default (the demo's passwords are published); 0.0.0.0 or an address for the network. */
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
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
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')).transform((value, ctx) => {
    const trust = parseTrustProxy(value);
    if (trust === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY: false, eine Anzahl vorgeschalteter Proxys (z. B. 1) oder deren Adressen (z. B. 10.0.0.2,fd00::/8)',
      });
      return z.NEVER;
    }
    return trust;
  }),
  FILE_STORE: z.preprocess(
    emptyToUndefined,
    z.enum(['folder', 'database'], 'FILE_STORE: folder (Datenordner) oder database (PostgreSQL)').optional(),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Only for test suites: a lower scrypt cost of own passwords (platform/auth/password.ts reads it). */
  PASSWORD_SCRYPT_N: z
    .string()
    .optional()
    .refine((value) => scryptNFrom(value) !== null, 'PASSWORD_SCRYPT_N: eine Zweierpotenz von 1024 bis 1048576'),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL muss mit smtp:// oder smtps:// beginnen')
      .optional(),
  ),
});

/**
 * TRUST_PROXY: `false`/`0` (no proxy), a hop count (`1`: one reverse proxy; `true` means 1), or a
 * comma-separated list of proxy addresses/CIDR ranges. Fastify then takes the client address from
 * X-Forwarded-For only as far as trusted proxies reach — never the left-most, client-written entry.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = net.isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}

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
