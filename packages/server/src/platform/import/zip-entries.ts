import { Readable, Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The entries of a ZIP archive (an XLSX workbook) held in memory — at most the import's 5 MB — found by its
 * central directory, so the reader opens them in the order it needs (relations, workbook, shared strings,
 * styles, then the first sheet) whatever order the writing program used. An entry is unpacked as a stream
 * and refused once it unpacks to more than a bound: a packed sheet of 156 KB can hold 300,000 rows.
 */

export class ZipError extends Error {
  constructor(readonly code: 'broken' | 'tooLarge') {
    super(code === 'broken' ? 'Not a readable ZIP archive.' : 'A ZIP entry unpacks to more than its bound.');
  }
}

interface Entry {
  method: number;
  packedBytes: number;
  headerOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The entries by name (e.g. `xl/worksheets/sheet1.xml`); ZipError('broken') when the directory is damaged. */
export function zipEntries(bytes: Buffer): Map<string, Entry> {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('broken');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Entry>();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipError('broken');
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name.replace(/^\//, ''), {
      method: bytes.readUInt16LE(at + 10),
      packedBytes: bytes.readUInt32LE(at + 20),
      headerOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Counts the bytes passing through and fails the stream past `max`. */
class Bound extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) done(new ZipError('tooLarge'));
    else done(null, chunk);
  }
}

/** An entry's packed bytes (stored or deflated, `entry.method` 0 or 8); ZipError('broken') when damaged. */
export function zipEntryPacked(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipError('broken');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const packed = bytes.subarray(start, start + entry.packedBytes);
  if (packed.length !== entry.packedBytes || (entry.method !== 0 && entry.method !== 8)) throw new ZipError('broken');
  return packed;
}

/** An entry's unpacked bytes as a stream (stored or deflated), failing with ZipError past `maxBytes`. */
export function zipEntryStream(bytes: Buffer, entry: Entry, maxBytes: number): Readable {
  const packed = zipEntryPacked(bytes, entry);
  const bound = new Bound(maxBytes);
  const source = Readable.from([packed], { objectMode: false });
  const unpacked = entry.method === 8 ? source.pipe(zlib.createInflateRaw()) : source;
  unpacked.on('error', (error: Error) => bound.destroy(error instanceof ZipError ? error : new ZipError('broken')));
  return unpacked.pipe(bound);
}
