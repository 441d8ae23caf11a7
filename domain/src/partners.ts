/** The partner croppings table's height in pixels (session-shell §9). */
export const partnerCroppingsTableHeight = 600;

/**
 * Whether sharing (`share`) or no longer sharing the selected croppings would change anything: the bulk buttons
 * need a selection and at least one change (session-shell §4 Partners).
 */
export function bulkChangeAllowed(
  selected: ReadonlySet<number>,
  shared: ReadonlySet<number>,
  share: boolean,
): boolean {
  for (const id of selected) if (shared.has(id) !== share) return true;
  return false;
}

/** What differs between the shared set the dialog opened with and the one chosen, as the update call takes it. */
export function croppingChanges(
  initial: ReadonlySet<number>,
  chosen: ReadonlySet<number>,
): Record<string, 'enabled' | 'disabled'> {
  const changes: Record<string, 'enabled' | 'disabled'> = {};
  for (const id of chosen) if (!initial.has(id)) changes[String(id)] = 'enabled';
  for (const id of initial) if (!chosen.has(id)) changes[String(id)] = 'disabled';
  return changes;
}
