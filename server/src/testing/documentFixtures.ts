import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Degrees as the EXIF GPS rational triple `d/1 m/1 s/1000`. */
function gpsRational(degrees: number): string {
  const value = Math.abs(degrees);
  const d = Math.floor(value);
  const m = Math.floor((value - d) * 60);
  const s = Math.round(((value - d) * 60 - m) * 60 * 1000);
  return `${d}/1 ${m}/1 ${s}/1000`;
}

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** EXIF DateTimeOriginal as a camera writes it: `YYYY:MM:DD HH:mm:ss`, no zone. */
  takenAt?: string;
  lon?: number;
  lat?: number;
  /** EXIF orientation (6: the camera was turned a quarter to the right). */
  orientation?: number;
  /** Random noise in the picture, so that its size is near that of a real photo. */
  noisy?: boolean;
  colour?: string;
}

/** A JPEG photo made for tests, with an EXIF date and GPS position when asked. */
export async function makePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const image = options.noisy
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: options.colour ?? '#4a8a3a' } });
  const exif: Record<string, Record<string, string>> = { IFD0: { Make: 'Headland test camera' } };
  if (options.takenAt) exif.IFD2 = { DateTimeOriginal: options.takenAt };
  if (options.lon !== undefined && options.lat !== undefined) {
    exif.IFD3 = {
      GPSLatitudeRef: options.lat >= 0 ? 'N' : 'S',
      GPSLatitude: gpsRational(options.lat),
      GPSLongitudeRef: options.lon >= 0 ? 'E' : 'W',
      GPSLongitude: gpsRational(options.lon),
    };
  }
  let jpeg = image.jpeg({ quality: 92 }).withExif(exif);
  if (options.orientation) jpeg = jpeg.withMetadata({ orientation: options.orientation });
  return jpeg.toBuffer();
}

export async function makePng(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A small, valid one-page PDF. */
export function makePdf(text = 'Soil analysis'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a Windows program: what an executable renamed to .jpg starts with. */
export function makeExecutable(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export interface MultipartFile {
  field?: string;
  name: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body carrying files, for `app.inject`. */
export function multipartBody(files: readonly MultipartFile[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----headland${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
