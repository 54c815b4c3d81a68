import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

/**
 * scrypt cost of the passwords people choose: N=2^17, r=8, p=1 (OWASP's current recommendation; 128 MiB and
 * a few hundred milliseconds per hash). `PASSWORD_SCRYPT_N` (a power of two from 2^10) lowers it — only the
 * test suites do, so thousands of test logins stay fast; the server's start checks the value (config.ts).
 */
export const SCRYPT_N_DEFAULT = 2 ** 17;

/** The N a `PASSWORD_SCRYPT_N` value stands for, or null when it is not a power of two in 2^10…2^20. */
export function scryptNFrom(value: string | undefined): number | null {
  if (value === undefined || value === '') return SCRYPT_N_DEFAULT;
  const n = Number(value);
  return Number.isInteger(n) && n >= 2 ** 10 && n <= 2 ** 20 && (n & (n - 1)) === 0 ? n : null;
}

const OWN = { N: scryptNFrom(process.env['PASSWORD_SCRYPT_N']) ?? SCRYPT_N_DEFAULT, r: 8, p: 1 } as const;

/**
 * Generated start passwords carry 70 random bits (12 of 57 characters): no cost factor adds to that, and they
 * only serve the first login, which replaces them. They are hashed at N=2^14 (16 MiB, fast), so a letter for a
 * whole school does not hold gigabytes of scrypt memory.
 */
const GENERATED = { N: Math.min(2 ** 14, OWN.N), r: 8, p: 1 } as const;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const memory = 128 * (options.N ?? 0) * (options.r ?? 8) * (options.p ?? 1);
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem: memory + 16 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function hashWith(password: string, params: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** scrypt hash of a password a person chose, in the form `scrypt$N$r$p$salt$hash` (base64url). */
export function hashPassword(password: string): Promise<string> {
  return hashWith(password, OWN);
}

/** Hash of a password made by generatePassword (start passwords; see GENERATED). */
export function hashGeneratedPassword(password: string): Promise<string> {
  return hashWith(password, GENERATED);
}

/** True when a stored hash of an own password is weaker than today's parameters (rehashed at the next login). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < OWN.N || Number(r) < OWN.r || Number(p) < OWN.p;
}

/** Today's parameters of own passwords (N, r, p). */
export const passwordParams = OWN;

const MAX_N = 2 ** 20;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!(params.N <= MAX_N && params.r <= 32 && params.p <= 16)) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random start password: 12 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(length = 12): string {
  const bytes = randomBytes(length * 2);
  let result = '';
  for (let i = 0; i < bytes.length && result.length < length; i++) {
    const byte = bytes[i] as number;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % PASSWORD_ALPHABET.length)) result += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
  }
  return result.length === length ? result : generatePassword(length);
}
