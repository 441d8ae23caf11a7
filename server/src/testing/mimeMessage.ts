/** A received e-mail read back: its decoded headers and its plain-text and HTML parts. */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** The MIME types of the leaf parts, in order. */
  partTypes: string[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with white space.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(part.body).toString('utf8');
  return part.body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintableBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`);
  // The first piece is the preamble, the last the epilogue after the closing `--`.
  return pieces
    .slice(1)
    .filter((piece) => !piece.startsWith('--'))
    .flatMap((piece) => leaves(splitPart(piece.replace(/^\r?\n/, ''))));
}

/** Reads a raw message as an SMTP server receives it. */
export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const parts = leaves(top);
  const find = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith(type));
    return part ? decodeBody(part) : undefined;
  };
  return {
    headers: top.headers,
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text: find('text/plain'),
    html: find('text/html'),
    partTypes: parts.map((p) => (p.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim()),
  };
}
