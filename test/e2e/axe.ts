import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now.
 * The script goes in through the DevTools protocol (page.evaluate), which the app's
 * Content-Security-Policy does not block, unlike a <script> tag.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // `axe.source` is axe-core's browser bundle as text.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id as string,
        impact: v.impact as string,
        help: v.help as string,
        targets: (v.nodes as any[]).slice(0, 5).map((n) => String(n.target)),
      }));
  });
}

/** Fails the test, listing them, when axe-core finds serious or critical violations on the page. */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}
