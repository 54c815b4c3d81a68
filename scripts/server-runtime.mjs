// How the server process runs (scripts/start.mjs; bench/memory.ts starts it the same way). README "Memory".
//
// --max-semi-space-size=8: a young generation of at most 8 MB per semi-space (Node 24's default grows to
//   more). The start's peak stays near --optimize-for-size's (a restart on PGlite: 370 MB against 326 MB;
//   the default young generation: 522 MB), while a call costs 2–5 % more server CPU instead of 28–31 %
//   (issue 47; bench/results/runtime-flags.md, 2026-11-29 Node 24). What a busy spell leaves in the heap is
//   given back by a memory-reducing collection once the server is quiet (platform/runtime/idle-gc.ts).
// --liftoff-only: PGlite's WebAssembly stays on V8's baseline compiler. Tiering PostgreSQL's hottest
//   functions up compiled one of them with ~500 MB of temporary memory a few seconds after every start
//   (peak 674 MB for PGlite alone) and kept ~35 MB more code; queries run on baseline code instead.
// Source maps are not enabled: Node parsed the maps of the bundle and of its packages at start (~21 MB
//   of heap for good); the bundle is not minified, so stack traces still name the functions.
export const serverNodeFlags = ['--max-semi-space-size=8', '--liftoff-only'];

// glibc malloc: two arenas instead of eight per core (the threads of sharp, PGlite's file system and the
// face worker otherwise keep freed memory in arenas of their own), and fixed thresholds so that large
// buffers are mapped and unmapped on their own instead of staying in the heap after they were freed.
export const serverEnv = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};
