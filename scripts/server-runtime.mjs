// How the server process runs (scripts/start.mjs; bench/memory.ts starts it the same way). README "Memory".
//
// --optimize-for-size: V8 keeps its heap small (small young generation, memory-reducing full GCs that
//   give freed pages back). bench/memory.ts, PostgreSQL mode after the first start with the demo: idle
//   RSS 395 → 197 MB. The hot replies are kept pre-serialised, so the per-request work it slows is small.
// --liftoff-only: PGlite's WebAssembly stays on V8's baseline compiler. Tiering PostgreSQL's hottest
//   functions up compiled one of them with ~500 MB of temporary memory a few seconds after every start
//   (peak 674 MB for PGlite alone) and kept ~35 MB more code; queries run on baseline code instead.
// Source maps are not enabled: Node parsed the maps of the bundle and of its packages at start (~21 MB
//   of heap for good); the bundle is not minified, so stack traces still name the functions.
export const serverNodeFlags = ['--optimize-for-size', '--liftoff-only'];

// glibc malloc: two arenas instead of eight per core (the threads of sharp, PGlite's file system and the
// face worker otherwise keep freed memory in arenas of their own), and fixed thresholds so that large
// buffers are mapped and unmapped on their own instead of staying in the heap after they were freed.
export const serverEnv = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};
