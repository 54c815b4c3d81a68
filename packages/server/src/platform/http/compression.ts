import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies below this many bytes are sent as they are (compressing them saves nothing on the wire). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON, XML, JavaScript and SVG; not `application/octet-stream` (the plugin's default list has it):
 * downloads (PDF, ZIP, images, XLSX) are sent as they are, with their length.
 */
const compressibleTypes = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|[+/]javascript(?:;|$)/;

/**
 * Every reply above the threshold is compressed by @fastify/compress (brotli or gzip by Accept-Encoding;
 * brotli at quality 4, the plugin's default for replies made per request). Registered before the routes.
 * Precomputed replies (getSettings, the dashboard and calendar loads) are compressed by `encodedOnce`.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
  });
}

export type Encoding = 'br' | 'gzip';

/** The encoding a request accepts, brotli before gzip; null for none (or `q=0`). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined) return null;
  const accepted = new Set<string>();
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Compressed forms of a precomputed body, kept as long as the body itself (one per version). */
const brotliOf = new WeakMap<Buffer, Buffer>();
const deflatedTailOf = new WeakMap<Buffer, Buffer>();

/** Brotli at quality 9 for bodies compressed once and sent many times (about 3 ms for 50 KB of JSON). */
const brotliOnce: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** gzip's header: deflate, no name, no time, unknown system. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A precomputed JSON body, compressed once per version: a single buffer (getSettings' reply, one object per
 * user and org version) is kept compressed beside it (brotli, else gzip). A body of parts — a small fresh
 * head (`xtime`) and a large cached tail buffer — is sent as gzip built from the head deflated per call
 * (a few bytes, ended with a sync flush so the next block starts on a byte) and the tail deflated once: a
 * deflate stream may go on with blocks compressed on their own, and gzip's CRC-32 runs over the head and
 * the tail (zlib.crc32 continues the head's). Answers null when the body is small, text made per call
 * or the request accepts neither encoding.
 */
export function encodedOnce(
  acceptEncoding: string | string[] | undefined,
  body: Buffer | readonly (string | Buffer)[],
): { encoding: Encoding; parts: readonly Buffer[] } | null {
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === null) return null;
  if (Buffer.isBuffer(body)) {
    if (body.length < COMPRESS_THRESHOLD_BYTES) return null;
    if (encoding === 'br')
      return { encoding, parts: [remembered(brotliOf, body, () => zlib.brotliCompressSync(body, brotliOnce))] };
    return { encoding, parts: gzipOf([], body) };
  }
  const tail = body[body.length - 1];
  if (!Buffer.isBuffer(tail) || tail.length < COMPRESS_THRESHOLD_BYTES) return null;
  const head = body.slice(0, -1).map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
  return { encoding: 'gzip', parts: gzipOf(head, tail) };
}

function gzipOf(head: readonly Buffer[], tail: Buffer): Buffer[] {
  const headBytes = Buffer.concat(head);
  const deflatedHead = zlib.deflateRawSync(headBytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const deflatedTail = remembered(deflatedTailOf, tail, () => zlib.deflateRawSync(tail));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, zlib.crc32(headBytes)), 0);
  trailer.writeUInt32LE((headBytes.length + tail.length) % 2 ** 32, 4);
  return [gzipHeader, deflatedHead, deflatedTail, trailer];
}

function remembered(cache: WeakMap<Buffer, Buffer>, key: Buffer, make: () => Buffer): Buffer {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  cache.set(key, made);
  return made;
}
