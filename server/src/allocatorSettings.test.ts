import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allocatorSettings, missingAllocatorSettings } from './allocatorSettings.ts';

describe('allocator settings', () => {
  it('are set by the start script, each exactly as the server expects', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const [name, value] of Object.entries(allocatorSettings))
      expect(manifest.scripts.start).toContain(`${name}=${value} `);
    expect(missingAllocatorSettings(allocatorSettings, 'linux')).toEqual([]);
  });

  it('names what is missing on Linux, and nothing elsewhere', () => {
    expect(missingAllocatorSettings({ MALLOC_ARENA_MAX: '4' }, 'linux')).toEqual([
      'MALLOC_MMAP_THRESHOLD_=131072',
      'MALLOC_TRIM_THRESHOLD_=131072',
    ]);
    expect(missingAllocatorSettings({}, 'darwin')).toEqual([]);
  });
});
