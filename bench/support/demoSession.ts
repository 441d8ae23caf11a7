import type { Page } from 'playwright-core';

/** The demo owner of Wold Farm (README, Demo logins), whom the browser benchmarks sign in as. */
export const demoOwner = { email: 'client@headland.example', password: 'Harvest2026' };

export interface HoldingChoice {
  holdingName: string;
  year: number;
}

/** The JSON of a successful answer; any other answer fails the run with its status and body. */
export async function jsonOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs the demo owner in over HTTP and opens a new holding session; answers the session's token. */
export async function openHoldingSession(baseUrl: string, choice: HoldingChoice): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    username: demoOwner.email,
    password: demoOwner.password,
  });
  const { access_token: token } = await jsonOf<{ access_token: string }>(
    await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
  );
  const headers = { authorization: `Bearer ${token}` };
  const query = encodeURIComponent(choice.holdingName.split(' ')[0]!);
  const holdings = await jsonOf<{ HoldingId: number; TradingName: string }[]>(
    await fetch(`${baseUrl}/api/session/v1/holdings/query?query=${query}`, { headers }),
  );
  const holdingId = holdings.find((holding) => holding.TradingName === choice.holdingName)?.HoldingId;
  if (holdingId === undefined)
    throw new Error(`${demoOwner.email} finds no holding called ${choice.holdingName}`);
  const opened = await jsonOf<{ Token: string }>(
    await fetch(`${baseUrl}/api/session/v1/holdings/select`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ holdingId, yearId: choice.year, reuseSession: false }),
    }),
  );
  return opened.Token;
}

/** Signs the demo owner in through the app's own screens and opens the holding, up to its dashboard. */
export async function signInThroughScreens(page: Page, choice: HoldingChoice): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(demoOwner.email);
  // Where the brand has single sign-on, the address is asked for first, on a step of its own.
  const next = page.getByRole('button', { name: 'Next' });
  if (await next.isVisible()) await next.click();
  await page.getByLabel('Password', { exact: true }).fill(demoOwner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('radio', { name: choice.holdingName, exact: true }).check();
  await page.getByLabel('Crop year').selectOption(String(choice.year));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('main').getByRole('heading', { name: choice.holdingName, level: 2 }).waitFor();
}
