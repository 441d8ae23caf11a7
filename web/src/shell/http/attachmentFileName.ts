/** Decodes the percent-escapes of an RFC 5987 value in its character set; null when they do not decode. */
function decodeExtendedValue(charset: string, encoded: string): string | null {
  if (charset.toLowerCase() === 'iso-8859-1') {
    // Each escape is one byte, and in Latin-1 each byte is the character of the same code.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * The file name a Content-Disposition header gives, or null when it gives none. The `filename*` form (RFC 6266,
 * percent-encoded in a named character set) wins over the plain `filename`, as it does in browsers: servers
 * send both so that older clients still get an ASCII name.
 */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^';]*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    const decoded = decodeExtendedValue(extended[1]!.trim() || 'utf-8', extended[2]!.trim());
    if (decoded) return decoded;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim();
  return name || null;
}
