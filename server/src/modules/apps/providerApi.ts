import { z } from 'zod';
import type { Machine, Organisation } from '@headland/domain/api/appsApi';
import { maxFolderEntries } from '@headland/domain/api/storageApi';
import type { AppProvider } from './providers.ts';

/** How Headland speaks to a provider: with a bearer token (OAuth) or a user and password (basic). */
export type Credential = { bearer: string } | { basic: { user: string; password: string } };

/** A provider that did not answer in time, answered with an error or with what it should not. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

export const providerTimeoutMs = 10_000;
/** A file of up to the import limit takes longer to arrive than a list. */
const fileTimeoutMs = 120_000;
/** The most Headland reads of one answer, and the most items it keeps of a list. */
const maxAnswerBytes = 2_000_000;
const maxListItems = 5000;

const organisationsAnswer = z.object({
  values: z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string() })).max(maxListItems),
});
const machinesAnswer = z.object({
  values: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]),
        name: z.string(),
        make: z.string(),
        model: z.string(),
        serialNumber: z.string().nullable().optional(),
      }),
    )
    .max(maxListItems),
});

function authorisation(credential: Credential): string {
  if ('bearer' in credential) return `Bearer ${credential.bearer}`;
  const { user, password } = credential.basic;
  return `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`).toString('base64')}`;
}

/** One request to a provider: no redirect followed, bounded in time, and no answer a ProviderUnavailable. */
async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailable(`no answer from ${new URL(url).host}`, { cause: error });
  }
}

async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await send(url, init, providerTimeoutMs);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxAnswerBytes) throw new ProviderUnavailable('answer too large');
  const text = await response.text();
  if (text.length > maxAnswerBytes) throw new ProviderUnavailable('answer too large');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

const clip = (text: string, max: number) => text.slice(0, max);

/** The organisations the credential may see; 'unauthorised' when the provider refuses the credential. */
export async function fetchOrganisations(
  provider: AppProvider,
  credential: Credential,
): Promise<Organisation[] | 'unauthorised'> {
  const answer = await call(provider.organisationsUrl, {
    headers: { authorization: authorisation(credential) },
  });
  if (answer.status === 401 || answer.status === 403) return 'unauthorised';
  const parsed = organisationsAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success)
    throw new ProviderUnavailable(`organisations: ${answer.status}`);
  return parsed.data.values.map((item) => ({ id: clip(String(item.id), 100), name: clip(item.name, 200) }));
}

/** The machines of one organisation; 'notFound' when the organisation is not the credential's. */
export async function fetchMachines(
  provider: AppProvider,
  credential: Credential,
  organisationId: string,
): Promise<Machine[] | 'unauthorised' | 'notFound'> {
  const answer = await call(provider.machinesUrl(organisationId), {
    headers: { authorization: authorisation(credential) },
  });
  if (answer.status === 401 || answer.status === 403) return 'unauthorised';
  if (answer.status === 404) return 'notFound';
  const parsed = machinesAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new ProviderUnavailable(`machines: ${answer.status}`);
  return parsed.data.values.map((item) => ({
    id: clip(String(item.id), 100),
    name: clip(item.name, 200),
    make: clip(item.make, 100),
    model: clip(item.model, 100),
    serialNumber: item.serialNumber ? clip(item.serialNumber, 100) : null,
  }));
}

const folderAnswer = z.object({
  values: z
    .array(
      z.object({ name: z.string().max(1000), path: z.string().max(4000), type: z.enum(['folder', 'file']) }),
    )
    .max(maxFolderEntries),
});

/** A folder's entries; 'notFound' when the store has no such folder. */
export async function fetchFolder(
  url: string,
  credential: Credential,
): Promise<{ name: string; path: string; isFolder: boolean }[] | 'unauthorised' | 'notFound'> {
  const answer = await call(url, { headers: { authorization: authorisation(credential) } });
  if (answer.status === 401 || answer.status === 403) return 'unauthorised';
  if (answer.status === 404) return 'notFound';
  const parsed = folderAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new ProviderUnavailable(`folder: ${answer.status}`);
  return parsed.data.values.map((item) => ({
    name: item.name,
    path: item.path,
    isFolder: item.type === 'folder',
  }));
}

/** The file is larger than Headland brings in. */
export class FileTooLarge extends Error {
  override name = 'FileTooLarge';
}

/**
 * A file's bytes, read as they arrive and stopped at `maxBytes`: a store's answer may be of any size, and
 * neither its declared length nor its end is trusted.
 */
export async function fetchFileBytes(
  url: string,
  credential: Credential,
  maxBytes: number,
): Promise<Uint8Array | 'unauthorised' | 'notFound'> {
  const response = await send(url, { headers: { authorization: authorisation(credential) } }, fileTimeoutMs);
  if (response.status === 401 || response.status === 403) return 'unauthorised';
  if (response.status === 404) return 'notFound';
  if (response.status !== 200 || !response.body) throw new ProviderUnavailable(`file: ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel();
    throw new FileTooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FileTooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FileTooLarge) throw error;
    throw new ProviderUnavailable('the file stopped arriving', { cause: error });
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether the provider takes the user and password (§7 validate/basic). */
export async function checkBasicCredentials(url: string, user: string, password: string): Promise<boolean> {
  const answer = await call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  if (answer.status === 200) return true;
  if (answer.status === 401 || answer.status === 403) return false;
  throw new ProviderUnavailable(`basic validation: ${answer.status}`);
}
