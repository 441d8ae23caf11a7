import type { Load } from './measure.ts';

export interface Answer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

export async function fetchAnswer(load: Load): Promise<Answer> {
  const response = await fetch(load.url, { method: load.method, headers: load.headers, body: load.body });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Null when both answers carry the same status, content type and body bytes; otherwise what differs. */
export function compareExactly(app: Answer, bare: Answer): string | null {
  if (app.status !== bare.status) return `status ${app.status} against ${bare.status}`;
  if (app.contentType !== bare.contentType)
    return `content type ${app.contentType} against ${bare.contentType}`;
  if (app.body.equals(bare.body)) return null;
  let at = 0;
  while (at < app.body.length && app.body[at] === bare.body[at]) at++;
  const around = (body: Buffer) => body.subarray(Math.max(0, at - 40), at + 40).toString('utf8');
  return `bodies differ from byte ${at} (${app.body.length} and ${bare.body.length} bytes):\n  app:  …${around(app.body)}…\n  bare: …${around(bare.body)}…`;
}

/**
 * The shape of a JSON value: every path with its type, object keys in order, array items folded into `[]`.
 * Two answers of a call that creates a fresh session and token differ in values but must not differ here.
 */
export function jsonShape(value: unknown, path = '$', into: string[] = []): string[] {
  if (Array.isArray(value)) {
    into.push(`${path}: array`);
    const seen = new Set<string>();
    for (const item of value) {
      for (const line of jsonShape(item, `${path}[]`)) {
        if (!seen.has(line)) {
          seen.add(line);
          into.push(line);
        }
      }
    }
  } else if (value !== null && typeof value === 'object') {
    into.push(`${path}: object {${Object.keys(value).join(',')}}`);
    for (const [key, item] of Object.entries(value)) jsonShape(item, `${path}.${key}`, into);
  } else {
    into.push(`${path}: ${value === null ? 'null' : typeof value}`);
  }
  return into;
}

/** Null when both answers have the same status, content type and JSON shape; otherwise what differs. */
export function compareShape(app: Answer, bare: Answer): string | null {
  if (app.status !== bare.status) return `status ${app.status} against ${bare.status}`;
  if (app.contentType !== bare.contentType)
    return `content type ${app.contentType} against ${bare.contentType}`;
  const appShape = jsonShape(JSON.parse(app.body.toString('utf8')));
  const bareShape = jsonShape(JSON.parse(bare.body.toString('utf8')));
  const missing = appShape.filter((line) => !bareShape.includes(line));
  const extra = bareShape.filter((line) => !appShape.includes(line));
  if (!missing.length && !extra.length && appShape.join('\n') === bareShape.join('\n')) return null;
  return [
    'JSON shapes differ',
    ...missing.map((line) => `  only in app:  ${line}`),
    ...extra.map((line) => `  only in bare: ${line}`),
    ...(!missing.length && !extra.length ? ['  same paths in another order'] : []),
  ].join('\n');
}
