import type { Config } from '../config/config.js';
import type { Api } from '../http/api.js';
import type { Authorizer } from '../http/authorize.js';
import type { Metrics } from '../http/metrics.js';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../store/database.js';

/** What app.ts hands every feature's register function. */
export interface FeatureDeps {
  api: Api;
  db: Db;
  config: Config;
  clock: Clock;
  authorizer: Authorizer;
  metrics: Metrics;
}
