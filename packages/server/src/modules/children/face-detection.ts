import type { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Box } from '@hortus/contract/modules/children';
import type { FaceReply, FaceRequest } from './face-worker';
import { idleStopper, startWorkerThread } from '../../platform/workers/thread';

/**
 * Face detection for ID cards, offline, on the server (docs/architecture.md "ID cards and the scan
 * station"): a worker thread (`face-worker.ts`) runs @vladmandic/human on the tfjs WASM backend, so the
 * detection never blocks the server's event loop and the settings the library needs while it starts stay
 * inside the worker. The worker starts on first use (once per process) and again after it died.
 */

/** Photos are scaled into this square before detection (blazeface works on 256 px anyway). */
export const DETECTION_MAX_SIDE = 640;
/** Largest side of the photo kept for the card (the portrait is cut from it). */
const PHOTO_MAX_SIDE = 1600;
/** A detection that takes longer than this is given up (the worker is restarted). */
const DETECTION_TIMEOUT_MS = 60_000;

/**
 * The worker: `face-worker.js` next to this file in the server build (packages/server/build.mjs emits
 * it); from the TypeScript sources (tests, bench) `face-worker.ts`, loaded through tsx's loader.
 */
function newWorker(): Worker {
  return startWorkerThread(new URL('./face-worker.js', import.meta.url), new URL('./face-worker.ts', import.meta.url));
}

interface Pending {
  resolve(boxes: [number, number, number, number][]): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function end(target: Worker): void {
  if (worker === target) worker = null;
  void target.terminate();
}

function startedWorker(): Worker {
  if (worker) return worker;
  const started = newWorker();
  started.unref();
  started.on('message', (reply: FaceReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(`Face detection failed: ${reply.error}`));
    else waiting.resolve(reply.boxes);
  });
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`The face detection worker stopped (${code}).`)));
  worker = started;
  return started;
}

/** Boxes of the faces in raw RGB pixels, from the worker. */
function detectInWorker(pixels: Uint8Array, width: number, height: number) {
  const id = nextId++;
  const target = startedWorker();
  return new Promise<[number, number, number, number][]>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('Face detection timed out.'));
      void target.terminate();
    }, DETECTION_TIMEOUT_MS);
    pending.set(id, {
      resolve: (boxes) => {
        clearTimeout(timer);
        resolve(boxes);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    target.ref();
    const request: FaceRequest = { id, pixels, width, height };
    target.postMessage(request, [pixels.buffer as ArrayBuffer]);
  }).finally(() => stopWhenIdle(target));
}

/** The worker (human + tfjs WASM, ~100 MB) ends after this long without a photo; the next one starts it. */
export const FACE_WORKER_IDLE_MS = 60_000;
const stopWhenIdle = idleStopper(FACE_WORKER_IDLE_MS, pending, () => worker, end);

export interface NormalisedPhoto {
  /** The photo upright (EXIF orientation applied) as JPEG, at most 1600 px on its longer side. */
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Decodes a JPEG, turns it upright by its EXIF orientation and bounds its size. Throws on unreadable data. */
export async function normalisePhoto(bytes: Buffer): Promise<NormalisedPhoto> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}

/** The largest face in an upright photo, in the photo's pixels; null when none is found. */
export async function detectFace(photo: NormalisedPhoto): Promise<Box | null> {
  const { data, info } = await sharp(photo.jpeg)
    .resize(DETECTION_MAX_SIDE, DETECTION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.byteLength);
  pixels.set(data);
  const boxes = await detectInWorker(pixels, info.width, info.height);
  const scale = photo.width / info.width;
  const largest = [...boxes].sort((a, b) => b[2] * b[3] - a[2] * a[3])[0];
  if (!largest) return null;
  const [left, top, width, height] = largest;
  return { left: left * scale, top: top * scale, width: width * scale, height: height * scale };
}

/** Starts the detector ahead of the first photo (the bench and tests measure detection apart from start-up). */
export async function warmUpFaceDetection(): Promise<void> {
  await detectInWorker(new Uint8Array(8 * 8 * 3), 8, 8);
}

/** Stops the worker (tests, shutdown); the next detection starts it again. */
export async function stopFaceDetection(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.terminate();
}
