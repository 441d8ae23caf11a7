import { demoPassword } from './loginPage.ts';

/** A JSON call to the running server as a signed-in user; fails the test on any answer but 2xx. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs a demo user in over HTTP (password grant); answers the access token, with no holding open. */
export async function signInByApi(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: demoPassword }).toString(),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs a demo user in and opens the named holding; answers the holding session's token. */
export async function openHoldingByApi(baseUrl: string, email: string, holdingName: string): Promise<string> {
  const token = await signInByApi(baseUrl, email);
  const found = await callApi<{ HoldingId: number; TradingName: string }[]>(
    baseUrl,
    token,
    'GET',
    `/api/session/v1/holdings/query?query=${encodeURIComponent(holdingName)}`,
  );
  const holdingId = found.find((each) => each.TradingName === holdingName)?.HoldingId;
  if (holdingId === undefined) throw new Error(`${email} finds no holding called ${holdingName}`);
  const opened = await callApi<{ Token: string }>(baseUrl, token, 'POST', '/api/session/v1/holdings/select', {
    holdingId,
    reuseSession: false,
  });
  return opened.Token;
}
