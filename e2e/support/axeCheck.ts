import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The axe-core build the checks inject, from the e2e workspace's own dependency. */
export const axeScriptPath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The impacts a screen may not have: WCAG failures that stop or seriously hinder a user. */
const blockingImpacts = new Set(['critical', 'serious']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** The CSS selectors of the offending elements, each with the start of its markup, at most a few per rule. */
  targets: string[];
}

interface AxeResultNode {
  target: unknown[];
  html?: string;
}

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeResultNode[];
}

/**
 * The context of a page axe can be injected into: the product's Content-Security-Policy allows scripts only from
 * the server, so an injected script tag runs only with the policy bypassed (e2e/README.md).
 */
export const axeContextOptions = { bypassCSP: true } as const;

/**
 * Runs axe-core over the whole page as it stands and answers the critical and serious violations. The default
 * WCAG A and AA rules run, plus the check that a control's name holds its visible text (WCAG 2.5.3), which axe
 * still marks experimental. The page's context must have been opened with axeContextOptions.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: axeScriptPath });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } })
      .axe;
    const outcome = (await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: unknown[] };
    return outcome.violations;
  });
  return (results as AxeResult[])
    .filter((result) => blockingImpacts.has(result.impact ?? ''))
    .map((result) => ({
      id: result.id,
      impact: result.impact!,
      help: result.help,
      targets: result.nodes
        .slice(0, 5)
        .map((node) => `${node.target.map(String).join(' > ')}  ${(node.html ?? '').slice(0, 160)}`),
    }));
}

/**
 * Waits until no transition or animation runs. A dialog that is still fading in has its colours blended with the
 * page behind, and axe would measure a contrast no user sees once it has opened. Two frames first, because a
 * transition the last click asked for starts only on the next frame.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    const running = document.getAnimations().map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** The findings as lines a failing test prints: rule, impact, what it asks, and where. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.impact} ${finding.id}: ${finding.help}\n    at ${finding.targets.join('\n    at ')}`,
    )
    .join('\n');
}

/**
 * Fails, naming `screen`, when axe finds a critical or serious violation on the page as it stands: each rule with
 * the elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await axeViolations(page);
  if (findings.length > 0) {
    throw new Error(
      `${screen}: ${findings.length} critical or serious accessibility violations\n${describeFindings(findings)}`,
    );
  }
}

/**
 * Checks many screens in one test and reports them together: each `check` records the screen's findings, and
 * `expectClean` fails listing every screen that had any. `counts` keeps the numbers per screen for the summary.
 */
export class AxeAudit {
  /** Per screen checked, the number of critical and of serious rules it broke. */
  readonly counts = new Map<string, { critical: number; serious: number }>();
  private readonly failures: string[] = [];

  async check(page: Page, screen: string): Promise<void> {
    const findings = await axeViolations(page);
    const critical = findings.filter((finding) => finding.impact === 'critical').length;
    this.counts.set(screen, { critical, serious: findings.length - critical });
    if (findings.length > 0)
      this.failures.push(`${screen}:\n  ${describeFindings(findings).replaceAll('\n', '\n  ')}`);
  }

  expectClean(): void {
    const failures = this.failures.splice(0);
    if (failures.length > 0) {
      throw new Error(`critical or serious accessibility violations:\n${failures.join('\n')}`);
    }
  }
}
