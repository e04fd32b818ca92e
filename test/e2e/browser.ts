import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../../src/lib/build-info.js';

/** Debian's package (`apt-get install chromium`); CI installs it, and the tests never download a browser. */
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const OUTPUT_DIR = join(projectRoot, 'test-output', 'e2e');

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * Builds web/dist unless it is newer than every source of the UI. Test files run in parallel
 * workers, so the build runs under a directory lock: one worker builds, the others wait and then
 * find the build fresh.
 */
export function buildWebIfStale(): void {
  const lock = join(projectRoot, 'web', '.build-lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the deadline belongs to a killed run.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (Date.now() > deadline || age > 300_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    buildUnlessFresh();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function buildUnlessFresh(): void {
  const index = join(projectRoot, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(join(projectRoot, 'web', 'src')),
    newestMtime(join(projectRoot, 'web', 'index.html')),
    newestMtime(join(projectRoot, 'web', 'vite.config.ts')),
  );
  if (existsSync(index) && statSync(index).mtimeMs > sources) return;
  execFileSync(
    process.execPath,
    [
      join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: projectRoot,
      // Vitest sets NODE_ENV=test, which would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium) to run the browser tests`,
    );
  }
  // playwright-core gives every launched browser a fresh throwaway profile (--user-data-dir).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Console errors and uncaught page errors, collected for assertions. One failed load is expected
 * and left out: the session probe (`GET /api/user`) answered 401 before signing in.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (message.text().includes('401') && url.endsWith('/api/user')) return;
    // A news panel's feed svc cannot reach answers 502; the panel shows why (no network here).
    if (message.text().includes('502') && url.includes('/api/news?')) return;
    errors.push(`${message.text()} ${url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true });
}

/** The bodies of the `/api/ds/query` requests the page sends. */
export function recordQueries(page: Page): { queries: any[]; clear(): void } {
  const queries: any[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ds/query') && request.method() === 'POST') {
      queries.push(JSON.parse(request.postData() ?? '{}'));
    }
  });
  return { queries, clear: () => queries.splice(0) };
}

/** The bodies of the responses the page receives from URLs that pass `keep` (read once the test is done). */
export function recordResponses(
  page: Page,
  keep: (url: string) => boolean,
): { bodies: () => Promise<string[]> } {
  const pending: Promise<string>[] = [];
  page.on('response', (response) => {
    if (keep(response.url())) pending.push(response.text().catch(() => ''));
  });
  return { bodies: () => Promise.all(pending) };
}

/** Counts canvas pixels close to a colour: proof that uPlot drew the series. */
export async function canvasPixels(page: Page, selector: string, hex: string): Promise<number> {
  return page.$eval(
    selector,
    (canvas, color) => {
      const element = canvas as any;
      const context = element.getContext('2d')!;
      const { data } = context.getImageData(0, 0, element.width, element.height);
      const r = parseInt(color.slice(1, 3), 16);
      const g = parseInt(color.slice(3, 5), 16);
      const b = parseInt(color.slice(5, 7), 16);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          data[i + 3]! > 100 &&
          Math.abs(data[i]! - r) < 40 &&
          Math.abs(data[i + 1]! - g) < 40 &&
          Math.abs(data[i + 2]! - b) < 40
        )
          count++;
      }
      return count;
    },
    hex,
  );
}
