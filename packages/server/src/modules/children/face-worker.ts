import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

/**
 * The face detector's worker thread (started by face-detection.ts): @vladmandic/human 3.3 on the tfjs
 * WASM backend, models and the .wasm binary read from node_modules by path. It runs apart from the
 * server's event loop, and the global settings the bundle needs while it starts (below) stay in here.
 *
 * Why the bundled `dist/human.esm.js` and not `human.node-wasm.js`: the node build requires
 * `@tensorflow/tfjs-converter`, which is not installed (only tfjs-core, -backend-cpu and -backend-wasm
 * are), and we add no dependency. The ESM bundle carries tfjs (converter and WASM backend included); on
 * Node its platform detection would pick tfjs' Node platform, whose `util` import the bundle stubs out,
 * so it is imported with `process.versions.node` hidden and tfjs gets a small platform of ours (file reads
 * instead of fetch — Node's fetch cannot read `file://`). The WASM loader (Emscripten) needs `require` and
 * `__dirname` while it starts.
 */

const packageRequire = createRequire(import.meta.url);
const humanDir = path.dirname(path.dirname(packageRequire.resolve('@vladmandic/human')));
const wasmDir = path.dirname(packageRequire.resolve('@tensorflow/tfjs-backend-wasm'));
const modelDir = path.join(humanDir, 'models');

/** A request: raw RGB pixels of an upright photo. */
export interface FaceRequest {
  id: number;
  pixels: Uint8Array;
  width: number;
  height: number;
}
/** The answer: boxes [left, top, width, height] in the request's pixels, or the error text. */
export type FaceReply = { id: number; boxes: [number, number, number, number][] } | { id: number; error: string };

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
  detect(input: Tensor): Promise<{ face: { box: [number, number, number, number] }[] }>;
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

async function startHuman(): Promise<HumanInstance> {
  const versions = process.versions as { node?: string };
  const node = versions.node;
  Object.defineProperty(versions, 'node', { value: undefined, configurable: true, writable: true });
  let Human: HumanConstructor;
  try {
    ({ Human } = (await import(pathToFileURL(path.join(humanDir, 'dist', 'human.esm.js')).href)) as {
      Human: HumanConstructor;
    });
  } finally {
    Object.defineProperty(versions, 'node', { value: node, configurable: true, writable: true, enumerable: true });
  }
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
  scope.require = packageRequire;
  scope.__dirname = wasmDir;
  await human.load();
  if (tf.getBackend() !== 'wasm')
    throw new Error(`Face detection: the WASM backend did not start (${tf.getBackend()}).`);
  return human;
}

const started = startHuman();
/** Detections run one after another (the backend holds one model state). */
let queue: Promise<unknown> = Promise.resolve();

async function detect(request: FaceRequest): Promise<FaceReply> {
  try {
    const human = await started;
    const tensor = human.tf.tensor3d(request.pixels, [request.height, request.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      return { id: request.id, boxes: result.face.map((face) => face.box) };
    } finally {
      tensor.dispose();
    }
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: FaceRequest) => {
  const run = queue.then(() => detect(request));
  queue = run;
  void run.then((reply) => parentPort?.postMessage(reply));
});
