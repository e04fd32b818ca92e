import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  GRAFANA_VERBATIM_MESSAGE_IDS,
  MESSAGE_ID_PATTERN,
  defineError,
} from '../../src/http/errors.js';

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

/** Every `src/**\/*.errors.ts`, found on disk so a new feature's errors are checked without a list. */
function errorModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return errorModules(path);
    return entry.name.endsWith('.errors.ts') ? [path] : [];
  });
}

/**
 * The error an export builds: a declared kind called bare, a function over one (its varying parts
 * given as placeholders; an array stands in for string and list parameters alike).
 */
function build(exported: (...args: unknown[]) => unknown): unknown {
  return exported(...Array.from({ length: exported.length }, () => ['x']));
}

const validId = (id: string | undefined) =>
  id !== undefined && (MESSAGE_ID_PATTERN.test(id) || GRAFANA_VERBATIM_MESSAGE_IDS.has(id));

describe('declared errors', () => {
  const files = errorModules(srcDir);

  it('finds the feature error modules', () => {
    expect(files.length).toBeGreaterThanOrEqual(13);
  });

  it.each(files.map((file) => [relative(srcDir, file), file]))(
    '%s: every export yields an AppError with a messageId in the one casing',
    async (_name, file) => {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const exports = Object.entries(mod).filter(([, value]) => typeof value === 'function');
      expect(exports.length).toBeGreaterThan(0);
      for (const [name, value] of exports) {
        const error = build(value as (...args: unknown[]) => unknown);
        expect(error, name).toBeInstanceOf(AppError);
        const messageId = (error as AppError).messageId;
        expect(validId(messageId), `${name}: ${messageId}`).toBe(true);
        if ('messageId' in (value as object)) {
          expect((value as { messageId: string }).messageId, name).toBe(messageId);
        }
      }
    },
  );

  it('the pattern is Grafana’s component.error-brief', () => {
    for (const id of ['user.already-exists', 'alerting.notifications.receivers.exists', 'api-key.invalid']) {
      expect(MESSAGE_ID_PATTERN.test(id), id).toBe(true);
    }
    for (const id of [
      'resourcePermissions.notFound',
      'user',
      'User.not-found',
      'user.not_found',
      'user.-x',
    ]) {
      expect(MESSAGE_ID_PATTERN.test(id), id).toBe(false);
    }
  });

  it('Grafana verbatim ids are only the ones the pattern refuses', () => {
    for (const id of GRAFANA_VERBATIM_MESSAGE_IDS) expect(MESSAGE_ID_PATTERN.test(id), id).toBe(false);
  });

  it('a declared kind carries its id, status and message, and merges its extra fields', () => {
    const kind = defineError(412, 'test.version-mismatch', 'changed', { status: 'version-mismatch' });
    expect([kind.status, kind.messageId, kind.message]).toEqual([412, 'test.version-mismatch', 'changed']);
    expect(kind('other', { id: 1 }).body()).toEqual({
      status: 'version-mismatch',
      id: 1,
      message: 'other',
      messageId: 'test.version-mismatch',
    });
  });
});
