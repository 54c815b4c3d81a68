import { inflateRawSync } from 'node:zlib';
import { zipEntries, zipEntryPacked } from '../../src/platform/import/zip-entries';

/**
 * The entries of a ZIP file (name → bytes), read through the platform's central-directory reader (the imports'
 * own): enough for the files our server writes with yazl (stored or deflated, no ZIP64, no encryption).
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  for (const [name, entry] of zipEntries(zip)) {
    const packed = zipEntryPacked(zip, entry);
    entries.set(name, entry.method === 8 ? inflateRawSync(packed) : Buffer.from(packed));
  }
  return entries;
}
