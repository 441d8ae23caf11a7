/** A file the layer import cannot read; its code and message go to the user. */
export class LayerImportFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}
