import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { ServerConfig } from '../../config.ts';

/**
 * Where the document library keeps its files: the originals and their thumbnails, by key
 * (`holdings/{holdingId}/{storageName}.{ext}`). Rows in `import_documents` name them; the store knows nothing
 * of rows. Both stores go through this one interface, so the service and its tests run the same code on each.
 */
export interface DocumentStore {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the service from ids and random names; anything else is refused before it meets a path. */
const KEY = /^holdings\/\d+\/[0-9a-f]{32}(-thumbnail-(small|medium|large))?\.(jpg|png|gif|pdf)$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a document store key: ${key}`);
  return key;
}

/** Files in a folder. A file is written under a temporary name and renamed, so a reader never sees half of it. */
export class DiskDocumentStore implements DocumentStore {
  readonly kind = 'disk' as const;
  constructor(readonly root: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = join(this.root, checkedKey(key));
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(join(this.root, checkedKey(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, checkedKey(key)), { force: true });
  }
}

/** Objects in an S3-compatible bucket, addressed path-style (`endpoint/bucket/key`), signed with SigV4. */
export class S3DocumentStore implements DocumentStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(url: string) {
    const parsed = new URL(url);
    const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
    if (!bucket || bucket.includes('/')) throw new Error('FILES_S3_URL must name one bucket as its path.');
    this.client = new AwsClient({
      accessKeyId: decodeURIComponent(parsed.username),
      secretAccessKey: decodeURIComponent(parsed.password),
      service: 's3',
      region: parsed.searchParams.get('region') ?? 'us-east-1',
    });
    this.base = `${parsed.protocol}//${parsed.host}/${bucket}/`;
  }

  private async send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    return this.client.fetch(this.base + checkedKey(key), { method, ...init });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, {
      // Node's fetch sends any Uint8Array; the DOM typing of another workspace knows only its own kinds.
      body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
      headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength) },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`The document store refused ${key}: HTTP ${response.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) throw new Error(`The document store could not read ${key}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404)
      throw new Error(`The document store could not remove ${key}: HTTP ${response.status}`);
  }
}

const storesByConfig = new WeakMap<ServerConfig, DocumentStore>();

/** The one store of an app's configuration, shared by the library's routes and the holding export and import. */
export function documentStoreFor(config: ServerConfig): DocumentStore {
  let store = storesByConfig.get(config);
  if (!store) {
    store = createDocumentStore(config);
    storesByConfig.set(config, store);
  }
  return store;
}

/**
 * The store the configuration names: the S3 bucket of `filesS3Url`, else the folder `filesDir`, else a folder
 * beside the embedded database (`<dataDir>-files`). An in-memory database (the tests') gets a temporary folder.
 */
export function createDocumentStore(config: ServerConfig): DocumentStore {
  if (config.filesS3Url) return new S3DocumentStore(config.filesS3Url);
  if (config.filesDir) return new DiskDocumentStore(resolve(config.filesDir));
  if (config.dataDir.startsWith('memory://'))
    return new DiskDocumentStore(mkdtempSync(join(tmpdir(), 'headland-files-')));
  return new DiskDocumentStore(`${resolve(config.dataDir)}-files`);
}
