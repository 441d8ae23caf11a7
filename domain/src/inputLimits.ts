/**
 * Bounds on what a request may carry, shared by the server that refuses more and the screens that keep the
 * user within them. Each is far above what real farm data reaches, and low enough that one request cannot
 * hold the embedded database for long.
 */

/** Vertices of one boundary (every ring of every part together). A surveyed field has a few hundred. */
export const maxBoundaryVertices = 20_000;
/** Features read from one boundary import file. The largest estates have a few thousand fields. */
export const maxImportFeatures = 10_000;
/** Nesting of a JSON body: objects and arrays inside each other. */
export const maxJsonDepth = 32;
/** Ids are PostgreSQL integers: anything above cannot name a row. */
export const maxDbId = 2_147_483_647;
