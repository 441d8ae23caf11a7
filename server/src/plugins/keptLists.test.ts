import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptLists } from './keptLists.ts';
import type { ListVersion } from '../http/listRevalidation.ts';

const version = (slot: string, revision: string): ListVersion => ({
  slot,
  revision,
  tag: `${slot}@${revision}`,
});

/** A build that counts its calls and answers `value`, or fails when `value` is an Error. */
function counted(value: unknown) {
  const build = async () => {
    build.calls++;
    if (value instanceof Error) throw value;
    return value;
  };
  build.calls = 0;
  return build;
}

const read = async (gzipped: Promise<Buffer>) =>
  JSON.parse(gunzipSync(await gzipped).toString('utf8')) as unknown;

describe('kept year lists', () => {
  it('builds a list once for its revision, also for requests that come while it is being built', async () => {
    const kept = new KeptLists();
    const build = counted([{ FieldId: 1 }]);
    const answers = await Promise.all(
      [1, 2, 3].map(() => read(kept.gzipped(version('1|all|fields', '4.1'), build))),
    );
    expect(answers).toEqual([[{ FieldId: 1 }], [{ FieldId: 1 }], [{ FieldId: 1 }]]);
    await read(kept.gzipped(version('1|all|fields', '4.1'), build));
    expect(build.calls).toBe(1);
  });

  it('builds afresh for a newer revision and forgets the older list', async () => {
    const kept = new KeptLists();
    await read(kept.gzipped(version('slot', '4.1'), counted(['old'])));
    expect(await read(kept.gzipped(version('slot', '5.1'), counted(['new'])))).toEqual(['new']);
    expect(await read(kept.gzipped(version('slot', '5.2'), counted(['newer'])))).toEqual(['newer']);
    expect(kept.size.lists).toBe(1);
  });

  it('answers a late request of an older revision with its own build, keeping the newer list', async () => {
    const kept = new KeptLists();
    await read(kept.gzipped(version('slot', '5.1'), counted(['new'])));
    const late = counted(['built late']);
    expect(await read(kept.gzipped(version('slot', '4.1'), late))).toEqual(['built late']);
    const current = counted(['never']);
    expect(await read(kept.gzipped(version('slot', '5.1'), current))).toEqual(['new']);
    expect(current.calls).toBe(0);
  });

  it('keeps each slot apart', async () => {
    const kept = new KeptLists();
    await read(kept.gzipped(version('1|all|fields', '1.0'), counted(['all'])));
    await read(kept.gzipped(version('1|restricted:7|fields', '1.0'), counted(['restricted'])));
    expect(await read(kept.gzipped(version('1|all|fields', '1.0'), counted(['never'])))).toEqual(['all']);
    expect(await read(kept.gzipped(version('1|restricted:7|fields', '1.0'), counted(['never'])))).toEqual([
      'restricted',
    ]);
  });

  it('does not keep a failed build: its callers get the error and the next request tries again', async () => {
    const kept = new KeptLists();
    await expect(kept.gzipped(version('slot', '1.0'), counted(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    const retry = counted(['built']);
    expect(await read(kept.gzipped(version('slot', '1.0'), retry))).toEqual(['built']);
    expect(retry.calls).toBe(1);
  });

  it('lets the least recently used lists go when the kept bytes pass the budget', async () => {
    const big = (seed: number) => Array.from({ length: 2_000 }, (_, index) => `${seed}-${index * 7919}`);
    const one = (await new KeptLists().gzipped(version('probe', '1.0'), counted(big(0)))).byteLength;
    // Room for two lists, not three.
    const kept = new KeptLists(Math.floor(one * 2.5));
    await kept.gzipped(version('a', '1.0'), counted(big(1)));
    await kept.gzipped(version('b', '1.0'), counted(big(2)));
    await kept.gzipped(version('a', '1.0'), counted(['never']));
    await kept.gzipped(version('c', '1.0'), counted(big(3)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.size.lists).toBe(2);
    expect(kept.size.bytes).toBeLessThanOrEqual(Math.floor(one * 2.5));
    const keptA = counted(['never']);
    await kept.gzipped(version('a', '1.0'), keptA);
    expect(keptA.calls).toBe(0);
    const rebuiltB = counted(big(2));
    await kept.gzipped(version('b', '1.0'), rebuiltB);
    expect(rebuiltB.calls).toBe(1);
  });
});
