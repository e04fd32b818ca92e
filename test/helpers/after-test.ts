import { secretsAudit } from './secrets-audit.js';

/** What each test leaves to be undone after it: servers to stop, databases to drop (last first). */
export const cleanups: (() => Promise<void>)[] = [];
/** "request failed" log lines (5xx answers) of the running test's servers that expected none */
export const unexpectedErrors: string[] = [];

/**
 * Runs after every test of every project (test/setup.ts): undoes what the test started, then
 * fails it on a 5xx it did not provoke on purpose (allowServerErrors) or a secret that came back.
 */
export async function afterTest(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
  const errors = unexpectedErrors.splice(0);
  if (errors.length) throw new Error(`the server answered 5xx:\n${errors.join('\n')}`);
  const leaks = secretsAudit.take();
  if (leaks.length) throw new Error(`a secret came back:\n${[...new Set(leaks)].join('\n')}`);
}
