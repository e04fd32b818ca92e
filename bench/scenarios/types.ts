import type { Measurement } from '../measure.js';
import type { BenchServer, ServerOptions } from '../server.js';

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
  /** the server's `[paths] data` */
  dataDir: string;
}

export interface Scenario {
  name: string;
  /** seeds what the scenario needs through the API and returns the request to repeat */
  prepare(ctx: BenchContext): Promise<BenchRequest> | BenchRequest;
}

/** One figure a study prints, e.g. a ratio of two measurements of the same run. */
export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  /** what the issue asks for, e.g. "≥ 0.8"; printed next to the value, never asserted */
  target?: string;
}

/**
 * A measurement that does not fit one repeated request: it starts its own server(s), seeds,
 * measures at several sizes and reports figures. BENCH_ONLY selects it by name like a scenario.
 */
export interface Study {
  name: string;
  run(tools: StudyTools): Promise<{ rows: (Measurement & { scenario: string })[]; figures: Figure[] }>;
}

export interface StudyTools {
  /**
   * a fresh server of its own (BENCH_DB decides the database, unless `options.shared` names one);
   * the study stops it
   */
  startServer: (label: string, options?: ServerOptions) => Promise<BenchServer>;
}
