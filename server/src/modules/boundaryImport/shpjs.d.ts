/** The parts of shpjs the boundary import uses (the package ships no types). */
declare module 'shpjs' {
  interface ShpGeometry {
    type: string;
    coordinates: unknown;
  }
  /** Reads a .shp file; with a .prj text (WKT or a proj string) the coordinates come out in EPSG:4326. */
  export function parseShp(shp: ArrayBufferView | ArrayBuffer, prj?: string): (ShpGeometry | null)[];
  /** Reads a .dbf file, in the encoding its .cpg names (UTF-8 or Windows-1252 by default); dates are Dates. */
  export function parseDbf(
    dbf: ArrayBufferView | ArrayBuffer,
    cpg?: string,
  ): Record<string, string | number | boolean | Date | null>[];
}
