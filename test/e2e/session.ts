import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildWebIfStale, collectErrors, launchChromium, type LaunchedBrowser } from './browser.js';

interface PageOptions {
  viewport?: { width: number; height: number };
  /** How long a step (click, fill, wait) may take before it fails with a message; playwright's default otherwise. */
  stepTimeout?: number;
}

interface ChromiumOptions {
  /** For building the UI and launching the browser. */
  hookTimeout?: number;
  /** The file's defaults for newPage. */
  page?: PageOptions;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

// One Chromium per test file: vitest gives each file its own copy of this module.
let chromium: LaunchedBrowser | undefined;
let pageDefaults: PageOptions = {};

/** Builds the UI (unless fresh) and launches Chromium before the file's tests; closes it after. */
export function useChromium({ hookTimeout = 120_000, page = {} }: ChromiumOptions = {}): void {
  pageDefaults = page;
  beforeAll(async () => {
    buildWebIfStale();
    chromium = await launchChromium();
  }, hookTimeout);
  afterAll(async () => {
    await chromium?.close();
    chromium = undefined;
  });
}

/** A page in a fresh browser context against `server`, with its console errors collected. */
export async function newPage(server: { url: string }, options: PageOptions = {}): Promise<OpenedPage> {
  if (!chromium) throw new Error('call useChromium() at the top of the test file');
  const { viewport = { width: 1400, height: 1000 }, stepTimeout } = { ...pageDefaults, ...options };
  const context = await chromium.browser.newContext({ baseURL: server.url, viewport });
  if (stepTimeout !== undefined) context.setDefaultTimeout(stepTimeout);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/** Fills and submits the login form the page shows. */
export async function signIn(page: Page, user = 'admin', password = 'admin'): Promise<void> {
  await page.fill('input[name=user]', user);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/**
 * Opens `path`, signs in on the login page the app sends a stranger to, and resolves once the app
 * is back on `path` (or a page below it, such as a dashboard's slug).
 */
export async function openSignedIn(
  page: Page,
  path: string,
  user?: string,
  password?: string,
): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/login/);
  await signIn(page, user, password);
  const target = path.split('?')[0]!;
  await page.waitForURL((url) => url.pathname === target || url.pathname.startsWith(`${target}/`));
}

/** Waits until every panel (below `scope`, a selector, when given) has finished loading or failed. */
export async function waitForPanels(page: Page, scope = ''): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      const panels: any[] = [...(globalThis as any).document.querySelectorAll(`${selector} [data-panel-id]`)];
      return (
        panels.length > 0 &&
        panels.every((p) => ['done', 'error'].includes(p.getAttribute('data-state') ?? ''))
      );
    },
    scope,
    { timeout: 20_000 },
  );
}
