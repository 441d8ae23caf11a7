import { readFileSync } from 'node:fs';

/*
 * Summarises a V8 CPU profile written by `node --cpu-prof` (BENCH_PROFILE=1 writes one for the app):
 * self time by package or workspace folder, and the functions with the most self time.
 * Usage: npx tsx api/profileSummary.ts bench/results/profiles/<file>.cpuprofile
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script belongs: its npm package, its workspace folder, or Node itself. */
export function ownerOf(url: string): string {
  if (!url) return '(native or V8)';
  if (url.startsWith('node:')) return 'node core';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  const workspaceMatch = /\/work\/main\/([^/]+\/(?:src\/)?[^/]+)/.exec(url);
  return workspaceMatch ? workspaceMatch[1]! : url;
}

export function summariseProfile(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const special = ['(idle)', '(program)', '(garbage collector)'].includes(functionName);
    const owner = special ? functionName : ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${special ? '' : `${url.replace(/^.*\/work\/main\//, '')}:${lineNumber + 1}`}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const busy = total - (byOwner.get('(idle)') ?? 0);
  // Inclusive time: each sample counts once for every owner on its stack, so a library's share includes the
  // code it calls (drizzle building SQL inside a route, zod inside Fastify's serialiser).
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const owners = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const { url } = byId.get(at)!.callFrame;
      if (url) owners.add(ownerOf(url));
    }
    for (const owner of owners) inclusive.set(owner, (inclusive.get(owner) ?? 0) + ms);
  }
  const lines = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, ms]) =>
          `${ms.toFixed(0).padStart(8)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${name}`,
      );
  return [
    `${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (shares below are of busy time)`,
    '',
    'Self time by owner:',
    ...lines(byOwner, 30),
    '',
    'Time with the owner anywhere on the stack:',
    ...lines(inclusive, 20),
    '',
    `Top ${top} functions by self time:`,
    ...lines(byFunction, top),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: tsx api/profileSummary.ts <file.cpuprofile>');
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile));
}
