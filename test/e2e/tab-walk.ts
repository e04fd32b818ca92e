import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Issue #21 item 6: a page by keyboard alone. Tab reaches every control, each has a name a screen
// reader can say, and a focus ring shows where the user is.

interface Stop {
  /** the control's index among the scope's controls (tagged before the walk), -1 for one added since */
  index: number;
  name: string;
  ring: boolean;
  html: string;
}

export interface Walk {
  /** the controls of the scope a user can Tab to, as HTML excerpts */
  controls: string[];
  stops: Stop[];
}

/**
 * Tabs from the top of the page (`fromInside`: from just before the scope) until every control
 * under `scope` had the focus (or `limit` presses), noting at each stop inside the scope its
 * accessible name and whether a focus ring shows.
 */
export async function tabWalk(
  page: Page,
  scope: string,
  { fromInside = false, limit = 300 }: { fromInside?: boolean; limit?: number } = {},
): Promise<Walk> {
  const controls = await page.evaluate((selector) => {
    const document = (globalThis as any).document;
    const root = document.querySelector(selector);
    const candidates: any[] = [
      ...root.querySelectorAll(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable=true]',
      ),
    ];
    const tabbable = candidates.filter((el) => {
      if (el.disabled || el.getAttribute('tabindex') === '-1' || el.type === 'hidden') return false;
      if (el.closest('[inert], [hidden]')) return false;
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && (globalThis as any).getComputedStyle(el).visibility !== 'hidden'
      );
    });
    tabbable.forEach((el, i) => el.setAttribute('data-walk', String(i)));
    return tabbable.map((el) => String(el.outerHTML).slice(0, 160));
  }, scope);
  if (fromInside && controls.length > 0) {
    // Just before the scope's first control, so the walk is the scope's alone (and short).
    await page.focus(`${scope} [data-walk="0"]`);
    await page.keyboard.press('Shift+Tab');
  } else await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
  const stops: Stop[] = [];
  const reached = new Set<number>();
  for (let i = 0; i < limit && reached.size < controls.length; i++) {
    await page.keyboard.press('Tab');
    const stop: Stop | null = await page.evaluate((selector) => {
      const document = (globalThis as any).document;
      const el = document.activeElement;
      if (!el || !el.closest(selector)) return null;
      const text = (node: any) =>
        String(node?.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim();
      const name = (() => {
        const aria = el.getAttribute('aria-label');
        if (aria && aria.trim()) return aria.trim();
        const by = el.getAttribute('aria-labelledby');
        if (by)
          return by
            .split(/\s+/)
            .map((id: string) => text(document.getElementById(id)))
            .join(' ')
            .trim();
        if (el.labels && el.labels.length > 0) return [...el.labels].map(text).join(' ').trim();
        if (/^(BUTTON|A|SUMMARY)$/.test(el.tagName)) {
          const own = text(el) || el.querySelector('svg title, img[alt]')?.textContent || '';
          if (own) return own;
        }
        return String(el.getAttribute('title') ?? '').trim();
      })();
      const style = (globalThis as any).getComputedStyle(el);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.outlineColor);
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return {
        index: Number(el.getAttribute('data-walk') ?? -1),
        name,
        ring: outline || shadow,
        html: String(el.outerHTML).slice(0, 160),
      };
    }, scope);
    if (!stop) continue;
    if (stop.index >= 0) reached.add(stop.index);
    stops.push(stop);
  }
  return { controls, stops };
}

export function expectWalkable(walk: Walk, what: string): void {
  const reached = new Set(walk.stops.map((s) => s.index));
  const unreached = walk.controls.filter((_, i) => !reached.has(i));
  expect(unreached, `${what}: controls Tab never reached`).toEqual([]);
  expect(
    walk.stops.filter((s) => s.name === '').map((s) => s.html),
    `${what}: controls without a name`,
  ).toEqual([]);
  expect(
    walk.stops.filter((s) => !s.ring).map((s) => s.html),
    `${what}: controls without a visible focus`,
  ).toEqual([]);
}
