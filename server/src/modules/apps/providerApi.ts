import { z } from 'zod';
import type { Machine, Organisation } from '@headland/domain/api/appsApi';
import type { AppProvider } from './providers.ts';

/** How Headland speaks to a provider: with a bearer token (OAuth) or a user and password (basic). */
export type Credential = { bearer: string } | { basic: { user: string; password: string } };

/** A provider that did not answer in time, answered with an error or with what it should not. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

export const providerTimeoutMs = 10_000;
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

async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(providerTimeoutMs),
    });
  } catch (error) {
    throw new ProviderUnavailable(`no answer from ${new URL(url).host}`, { cause: error });
  }
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
