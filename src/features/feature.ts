import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Api } from '../http/api.js';
import type { Authorizer } from '../access/authorizer.js';
import type { Metrics } from '../http/metrics.js';
import type { Clock } from '../lib/clock.js';
import type { ResourcePermissions } from './rbac/resource-permissions.service.js';
import type { SecretsService } from './secrets/secrets.service.js';
import type { BackgroundJob } from '../store/background-jobs.js';
import type { CacheBus } from '../store/cache-bus.js';
import type { Database, Db } from '../store/database.js';

/*
 * How features talk to each other (issue #15).
 *
 * - Every table has one owner feature; only the owner's *.store.ts has SQL that writes it, and
 *   existence/membership questions about it ("does this team exist", "is this user in the org")
 *   have one implementation, in the owner.
 * - A feature's face to its siblings is a small interface of named functions declared by the owner
 *   in `<feature>.lookup.ts` (UsersLookup, OrgsLookup, TeamsLookup, ServiceAccountsLookup): what
 *   siblings may ask or tell it, nothing more. `register<Feature>(deps, siblings)` builds it and
 *   returns it; a sibling takes it as a dependency — never the owner's store (ESLint refuses a
 *   feature importing another feature's *.store.js).
 * - Dependencies go one way, and app.ts registers features in that order (orgs, users,
 *   serviceaccounts, auth, …, teams, preferences). When an owner must let a feature registered
 *   after it react to a change (a user disabled, a team deleted), its lookup offers
 *   `on<Event>(listener)`; listeners run right after the change, inside its unit of work if any.
 * - A consumer that needs only part of a lookup declares it as `Pick<XLookup, 'a' | 'b'>`.
 */

/** Hooks into the server's life that a feature may use. */
export interface ServerHooks {
  /** runs after migrations, before /readyz turns 200 (e.g. file provisioning) */
  onStart(task: () => Promise<void>): void;
  /** runs on shutdown after in-flight requests finished, before the database closes */
  onShutdown(task: () => Promise<void>): void;
  /**
   * periodic work, run by one live instance (the holder of the background jobs lease in HA); may
   * also be called by a start task (the jobs start once every start task ran)
   */
  addJob(job: BackgroundJob): void;
}

/** What app.ts hands every feature's register function. */
export interface FeatureDeps {
  api: Api;
  db: Db;
  database: Database;
  config: Config;
  clock: Clock;
  logger: FastifyBaseLogger;
  authorizer: Authorizer;
  /** View/Edit/Admin on one resource, for features to seed on create and clear on delete */
  resourcePermissions: ResourcePermissions;
  /** AES-256-GCM envelope encryption of secrets at rest (encrypt/decrypt, encryptMap/decryptMap) */
  secrets: SecretsService;
  metrics: Metrics;
  cacheBus: CacheBus;
  hooks: ServerHooks;
}
