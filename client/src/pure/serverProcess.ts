/**
 * The environment the extension starts the language server with. Pure: no `vscode` (the memory
 * bench, scripts/bench-lsp.mjs, starts a server with the same environment to measure it).
 *
 * `MALLOC_MMAP_THRESHOLD_`: glibc's malloc serves requests of 128 KiB or more with their own
 * mappings, given back when freed, and by default raises that threshold to the largest such block
 * freed so far. V8's optimising compiler frees blocks that large on its worker threads while the
 * server first parses and validates a big file, so the threshold rises and later compiler memory
 * comes from those threads' arenas, which keep it. Fixed at 128 KiB (setting it turns the raising
 * off), the server keeps about 5 MiB less after opening a 10,000-line file, with no change in the
 * bench's latency figures. glibc reads it once, at start; other C libraries ignore it. A value the
 * user has set wins.
 */
export const SERVER_ALLOCATOR_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });

/** `base` (the extension host's environment) with the allocator setting under it and `own` over it. */
export function serverEnvironment(base: Readonly<Record<string, string | undefined>>, own: Readonly<Record<string, string>>): Record<string, string | undefined> {
  return { ...SERVER_ALLOCATOR_ENV, ...base, ...own };
}
