/**
 * ID cards (issue 15): face detection time per photo on the server (human 3.3, tfjs WASM backend, one
 * thread) — start-up once per process, then per photo: decoding with EXIF rotation and bounding
 * (sharp), detection, and the whole card pipeline (detection, frame, portrait, preview).
 *
 *   node --import tsx bench/id-cards.ts        (BENCH_RUNS, default 10)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { faceCropBox } from '@hortus/contract/modules/children';
import {
  detectFace,
  normalisePhoto,
  stopFaceDetection,
  warmUpFaceDetection,
} from '../packages/server/src/modules/children/face-detection';
import { cardPreview } from '../packages/server/src/modules/children/id-cards-pdf';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const fixtures = path.join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures');
const face = fs.readFileSync(path.join(fixtures, 'id-card-face.jpg'));
const landscape = fs.readFileSync(path.join(fixtures, 'id-card-landscape.jpg'));
// A phone-sized photo (3000 × 3955, EXIF orientation 6: stored sideways) made from the face fixture.
const phone = await sharp(face)
  .rotate(-90)
  .resize(3955, 3000)
  .withMetadata({ orientation: 6 })
  .jpeg({ quality: 90 })
  .toBuffer();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const time = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const startUp = await time(() => warmUpFaceDetection());
const photos = [
  { name: 'face, 330 × 435', bytes: face },
  { name: 'no face (landscape), 400 × 300', bytes: landscape },
  { name: 'phone photo 3000 × 3955, EXIF-rotated', bytes: phone },
];
const rows: string[] = [];
// How long the server's event loop is blocked meanwhile (detection runs in a worker thread).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
for (const photo of photos) {
  const decode: number[] = [];
  const detect: number[] = [];
  const pipeline: number[] = [];
  let found = false;
  for (let run = 0; run < runs; run++) {
    let normalised: Awaited<ReturnType<typeof normalisePhoto>> | undefined;
    decode.push(await time(async () => (normalised = await normalisePhoto(photo.bytes))));
    if (!normalised) throw new Error('not decoded');
    const upright = normalised;
    detect.push(await time(async () => (found = (await detectFace(upright)) !== null)));
    pipeline.push(
      await time(async () => {
        const box = faceCropBox(upright, await detectFace(upright), { faktor: 80, offsetx: 0, offsety: 0 });
        const portrait = await sharp(upright.jpeg).extract(box).resize(450, 600).jpeg().toBuffer();
        await cardPreview({
          name: 'Lina Muster',
          className: '3a',
          birthday: '2017-05-04',
          design: 1,
          qrCodes: [{ breite: 20, offsetx: 6, offsety: 3 }],
          childId: 1,
          secret: 'abcdefghijklmnopqrstuvwx',
          photo: portrait,
        });
      }),
    );
  }
  rows.push(
    `| ${photo.name} | ${found ? 'yes' : 'no'} | ${median(decode).toFixed(0)} ms | ${median(detect).toFixed(0)} ms | ${median(pipeline).toFixed(0)} ms |`,
  );
}

loopDelay.disable();
await stopFaceDetection();

const report = [
  `# ID cards: face detection per photo (${new Date().toISOString()})`,
  '',
  `@vladmandic/human 3.3 (blazeface only) on the tfjs WASM backend (SIMD, one thread), Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)} (cores shared with other agents). Medians of ${runs} runs.`,
  '',
  `Start-up once per process (worker thread, import, WASM, model from disk): ${startUp.toFixed(0)} ms. RSS after the runs: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB. Longest event-loop delay of the main thread during all runs: ${(loopDelay.max / 1e6).toFixed(0)} ms (detection runs in a worker thread; sharp in libuv's pool).`,
  '',
  '| photo | face found | decode + EXIF rotation + bound to 1600 px (sharp) | detection (scaled to 640 px) | card pipeline (detection, frame, portrait, preview) |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  '',
];
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'id-cards.md'), report.join('\n'));
console.log(report.join('\n'));
