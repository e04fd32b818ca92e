/** What a scenario asks autocannon to send. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchContext {
  /** base URL of the svc under test, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Basic credentials of the server admin */
  adminAuth: string;
  /** the server's `[paths] data`: scenarios that seed in bulk open its SQLite database */
  dataDir: string;
}

export interface Scenario {
  name: string;
  /** seeds what the scenario needs through the API and returns the request to repeat */
  prepare(ctx: BenchContext): Promise<BenchRequest> | BenchRequest;
}
