import exifr from 'exifr';
import { londonWallClockToUtc } from '@headland/domain/documentRules';

// Apart from documentFiles.ts so that a parsing worker (server/src/workers/) reads EXIF without loading sharp.

/** What a picture's EXIF block says: when and where it was taken. */
export interface PictureFacts {
  /** A UTC instant, from the EXIF wall-clock date read as London time. */
  takenAt: string | null;
  /** The GPS position in degrees (EPSG:4326). */
  location: { lon: number; lat: number } | null;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** The EXIF date taken and GPS position of a picture; nulls when it has none or they cannot be read. */
export async function readPictureFacts(bytes: Uint8Array): Promise<PictureFacts> {
  let takenAt: string | null = null;
  let location: PictureFacts['location'] = null;
  try {
    // Dates are read as written (no zone) rather than revived in the server's own zone.
    const tags = (await exifr.parse(bytes, {
      pick: ['DateTimeOriginal', 'CreateDate', 'DateTime'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    const text = [tags?.DateTimeOriginal, tags?.CreateDate, tags?.DateTime].find(
      (v) => typeof v === 'string',
    );
    const parts = typeof text === 'string' ? EXIF_DATE.exec(text) : null;
    if (parts) {
      const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const date = londonWallClockToUtc(year, month, day, hour, minute, second);
      if (!Number.isNaN(date.getTime()) && year >= 1900 && month >= 1 && month <= 12) {
        takenAt = date.toISOString();
      }
    }
  } catch {
    takenAt = null;
  }
  try {
    const gps = (await exifr.gps(bytes)) as { latitude?: number; longitude?: number } | undefined;
    const lat = gps?.latitude;
    const lon = gps?.longitude;
    if (
      typeof lat === 'number' &&
      typeof lon === 'number' &&
      Number.isFinite(lat) &&
      Number.isFinite(lon) &&
      Math.abs(lat) <= 90 &&
      Math.abs(lon) <= 180 &&
      !(lat === 0 && lon === 0)
    ) {
      location = { lon, lat };
    }
  } catch {
    location = null;
  }
  return { takenAt, location };
}
