/** A timestamp column as an ISO string, whichever driver read it. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
