// Generates the app icons in public/icons: solid-colour squares with a white letter 'H'.
// Usage: node packages/web/scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const background = [0x19, 0x76, 0xd2];
const foreground = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Is pixel (x, y) part of the letter H drawn into a box of the given size (fraction of the icon)? */
function isLetter(x, y, size, box) {
  const margin = (size * (1 - box)) / 2;
  const u = (x - margin) / (size * box);
  const v = (y - margin) / (size * box);
  if (u < 0.2 || u > 0.8 || v < 0.2 || v > 0.8) return false;
  const leftBar = u < 0.36;
  const rightBar = u > 0.64;
  const crossBar = v > 0.44 && v < 0.56;
  return leftBar || rightBar || crossBar;
}

function png(size, box) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const colour = isLetter(x, y, size, box) ? foreground : background;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="#1976d2"/><path fill="#fff" d="M20 20h16v24h28V20h16v60H64V56H36v24H20z"/></svg>\n`;

mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'icon-192.png'), png(192, 1));
writeFileSync(path.join(outDir, 'icon-512.png'), png(512, 1));
// Maskable: the letter stays inside the 80 % safe zone.
writeFileSync(path.join(outDir, 'maskable-512.png'), png(512, 0.7));
writeFileSync(path.join(outDir, 'icon.svg'), svg);
console.log(`Icons written to ${outDir}`);
