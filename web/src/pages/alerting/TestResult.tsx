import type { TestConfigResult } from './types.js';

/** The outcome of a test notification for one integration. */
export function TestResult({ result }: { result: TestConfigResult }) {
  const ok = result.status === 'ok';
  return (
    <div className={`cp-test-result ${ok ? 'ok' : 'failed'}`} role="status" data-status={result.status}>
      {ok ? 'Test notification sent' : `Test failed: ${result.error ?? 'unknown error'}`}
    </div>
  );
}
