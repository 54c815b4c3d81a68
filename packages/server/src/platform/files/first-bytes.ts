import fs from 'node:fs';

/** The first bytes of a file (enough for the type's magic bytes). */
export async function firstBytes(filePath: string, count: number): Promise<Uint8Array> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
