import type { HealthResult } from './types.js';

/** The outcome of "Save & test" / "Test": the health check's status and message. */
export function TestResult({ result }: { result: HealthResult }) {
  const ok = result.status === 'OK';
  return (
    <div
      className={ok ? 'ds-result ok' : 'error-box'}
      role={ok ? 'status' : 'alert'}
      data-health={result.status}
      aria-label="Test result"
    >
      <strong>{ok ? 'Success' : result.status === 'UNKNOWN' ? 'Unknown' : 'Failed'}</strong>
      <div>{result.message}</div>
    </div>
  );
}
