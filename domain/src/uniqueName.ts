const NUMBERED_SUFFIX = /^(.*?) \((\d+)\)$/;

function normalise(name: string): string {
  return name.trim().toLocaleLowerCase('en-GB');
}

/** Whether a name is already used, ignoring case and surrounding spaces. */
export function isNameTaken(name: string, existingNames: Iterable<string>): boolean {
  const wanted = normalise(name);
  for (const existing of existingNames) {
    if (normalise(existing) === wanted) return true;
  }
  return false;
}

/**
 * The name itself when free, otherwise the first free 'Name (2)', 'Name (3)' and so on. A name that already
 * carries a number ('Name (2)') is numbered from its base, so a copy of it becomes 'Name (3)', not 'Name (2) (2)'.
 */
export function uniqueName(name: string, existingNames: Iterable<string>): string {
  const trimmed = name.trim();
  const taken = new Set<string>();
  for (const existing of existingNames) taken.add(normalise(existing));
  if (!taken.has(normalise(trimmed))) return trimmed;
  const base = NUMBERED_SUFFIX.exec(trimmed)?.[1] ?? trimmed;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base} (${suffix})`;
    if (!taken.has(normalise(candidate))) return candidate;
  }
}
