/**
 * glibc's memory allocator settings the server runs with on Linux. Under steady load the default allocator kept
 * the memory freed by large answers (JSON text, gzip state, database rows) in fragmented arenas and the server's
 * resident memory rose by about 40 MB a minute without end, although the JavaScript heap stayed near 45 MB
 * (bench/load, decisions: operations). Two arenas, a fixed threshold above which blocks are mapped on their own,
 * and trimming freed memory back to the system held it flat at 250 to 300 MB over 10 minutes.
 * glibc reads them only when a process starts, so they are set by the start script (server/package.json) and
 * by everything else that starts the compiled server; main.ts says at start-up when they are missing.
 */
export const allocatorSettings = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/** The settings missing from (or different in) `env`; empty off Linux, where glibc does not apply. */
export function missingAllocatorSettings(
  env: Readonly<Record<string, string | undefined>>,
  platform: string = process.platform,
): string[] {
  if (platform !== 'linux') return [];
  return Object.entries(allocatorSettings)
    .filter(([name]) => env[name] === undefined)
    .map(([name, value]) => `${name}=${value}`);
}
