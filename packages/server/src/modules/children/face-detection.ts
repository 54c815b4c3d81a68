import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Box } from '@hortus/contract';

/**
 * Face detection for ID cards, offline, on the server (docs/architecture.md "ID cards and the scan
 * station"): @vladmandic/human 3.3 with tfjs on its WASM backend, models and the .wasm binary read
 * from node_modules by path.
 *
 * Why the bundled `dist/human.esm.js` and not `human.node-wasm.js`: the node build requires
 * `@tensorflow/tfjs-converter`, which is not installed (only tfjs-core, -backend-cpu and -backend-wasm
 * are), and we add no dependency. The ESM bundle carries tfjs (converter and WASM backend included); on
 * Node its platform detection would pick tfjs' Node platform, whose `util` import the bundle stubs out,
 * so it is imported with `process.versions.node` hidden for that moment and we give tfjs a small
 * platform of our own (file reads instead of fetch — Node's fetch cannot read `file://`). The WASM
 * loader (Emscripten) needs `require` and `__dirname` while it starts; they are set for the start only.
 */

const packageRequire = createRequire(import.meta.url);
const humanDir = path.dirname(path.dirname(packageRequire.resolve('@vladmandic/human')));
const wasmDir = path.dirname(packageRequire.resolve('@tensorflow/tfjs-backend-wasm'));
const modelDir = path.join(humanDir, 'models');

/** Photos are scaled into this square before detection (blazeface works on 256 px anyway). */
export const DETECTION_MAX_SIDE = 640;

/** The few parts of human and tfjs we use. */
interface Tensor {
  dispose(): void;
}
interface Tf {
  setPlatform(name: string, platform: object): void;
  env(): { set(flag: string, value: boolean): void };
  getBackend(): string;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  io: { registerLoadRouter(router: (url: string | string[]) => { load(): Promise<unknown> } | null): void };
}
interface HumanInstance {
  tf: Tf;
  load(): Promise<void>;
  detect(input: Tensor): Promise<{ face: { box: [number, number, number, number]; score: number }[] }>;
}
type HumanConstructor = new (config: object) => HumanInstance;

const humanConfig = {
  backend: 'wasm',
  wasmPath: `${wasmDir}${path.sep}`,
  wasmPlatformFetch: true,
  modelBasePath: pathToFileURL(`${modelDir}${path.sep}`).href,
  debug: false,
  async: false,
  warmup: 'none',
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 5, minConfidence: 0.5, return: false },
    mesh: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
};

function localPath(url: string): string | null {
  if (url.startsWith('file://')) return new URL(url).pathname;
  return path.isAbsolute(url) ? url : null;
}

/** A tfjs platform for Node without tfjs' Node platform: local paths are read from disk, nothing else is fetched. */
const platform = {
  async fetch(url: string | { url: string }) {
    const file = localPath(typeof url === 'string' ? url : url.url);
    if (!file) throw new Error('Face detection fetches local files only.');
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
    return new Response(await readFile(file), { headers: { 'content-type': type } });
  },
  now: () => performance.now(),
  encode: (text: string) => new TextEncoder().encode(text),
  decode: (bytes: Uint8Array, encoding: string) => new TextDecoder(encoding).decode(bytes),
  isTypedArray: (value: unknown) => ArrayBuffer.isView(value) && !(value instanceof DataView),
  setTimeoutCustom: (callback: () => void, delay: number) => setTimeout(callback, delay),
};

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
}

/** Loads a graph model (model JSON and its weight files) from disk. */
async function loadModelFromDisk(file: string) {
  const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
  const dir = path.dirname(file);
  const buffers: Buffer[] = [];
  const weightSpecs: unknown[] = [];
  for (const group of json.weightsManifest) {
    for (const part of group.paths) buffers.push(await readFile(path.join(dir, part)));
    weightSpecs.push(...group.weights);
  }
  const weights = Buffer.concat(buffers);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    weightSpecs,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

async function importHuman(): Promise<HumanConstructor> {
  const versions = process.versions as { node?: string };
  const node = versions.node;
  Object.defineProperty(versions, 'node', { value: undefined, configurable: true, writable: true });
  try {
    const imported = (await import(pathToFileURL(path.join(humanDir, 'dist', 'human.esm.js')).href)) as {
      Human: HumanConstructor;
    };
    return imported.Human;
  } finally {
    Object.defineProperty(versions, 'node', { value: node, configurable: true, writable: true, enumerable: true });
  }
}

async function startHuman(): Promise<HumanInstance> {
  const Human = await importHuman();
  const human = new Human(humanConfig);
  const tf = human.tf;
  tf.setPlatform('hortus-node', platform);
  // Threads would need Web Workers; one thread is plenty for one photo at a time.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  tf.io.registerLoadRouter((url) => {
    const first = Array.isArray(url) ? url[0] : url;
    const file = typeof first === 'string' ? localPath(first) : null;
    return file ? { load: () => loadModelFromDisk(file) } : null;
  });
  const scope = globalThis as { require?: unknown; __dirname?: unknown };
  const saved = { require: scope.require, dirname: scope.__dirname };
  scope.require = packageRequire;
  scope.__dirname = wasmDir;
  try {
    await human.load();
  } finally {
    scope.require = saved.require;
    scope.__dirname = saved.dirname;
  }
  if (tf.getBackend() !== 'wasm')
    throw new Error(`Face detection: the WASM backend did not start (${tf.getBackend()}).`);
  return human;
}

let started: Promise<HumanInstance> | null = null;

/** The one human instance of the process, started on first use (a failed start is tried again next time). */
function human(): Promise<HumanInstance> {
  started ??= startHuman().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** Detections run one after another (the backend holds one model state). */
let queue: Promise<unknown> = Promise.resolve();

export interface NormalisedPhoto {
  /** The photo upright (EXIF orientation applied) as JPEG, at most 1600 px on its longer side. */
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Largest side of the photo kept for the card (the portrait is cut from it). */
const PHOTO_MAX_SIDE = 1600;

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
  const instance = await human();
  const run = queue.then(async () => {
    const tensor = instance.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      return await instance.detect(tensor);
    } finally {
      tensor.dispose();
    }
  });
  queue = run.catch(() => undefined);
  const result = await run;
  const scale = photo.width / info.width;
  const largest = [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
  if (!largest) return null;
  const [left, top, width, height] = largest.box;
  return { left: left * scale, top: top * scale, width: width * scale, height: height * scale };
}

/** Starts the detector ahead of the first photo (the bench and tests measure detection apart from start-up). */
export async function warmUpFaceDetection(): Promise<void> {
  await human();
}
