import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { invalidObject } from './alerting.errors.js';
import type { PoliciesStore } from './policies.store.js';
import { checkProvenance, type Provenance } from './provenance.js';
import {
  defaultRoute,
  receiverUsage,
  renameTimeInterval,
  timeIntervalUsage,
  type Route,
} from './routing/route.js';
import {
  parseRouteTree,
  RouteError,
  validateRouteFields,
  validateRouteReferences,
} from './routing/route-validation.js';

/** The notification policy tree of each organization. */
export function createPoliciesService(deps: {
  store: PoliciesStore;
  clock: Clock;
  /** contact point names of the org */
  receiverNames: (orgId: number) => Promise<string[]>;
  /** makes sure the org has its default contact point; returns its name */
  ensureDefaultReceiver: (orgId: number) => Promise<string>;
  /** mute timing names of the org (the mute timings feature's, late-bound) */
  timeIntervalNames: (orgId: number) => Promise<string[]>;
}) {
  const { store, clock } = deps;

  async function stored(orgId: number): Promise<{ tree: Route; provenance: string } | undefined> {
    const row = await store.get(orgId);
    return row && { tree: JSON.parse(row.tree) as Route, provenance: row.provenance };
  }

  const service = {
    /** The tree, the default one (created on first use) when none was saved. */
    async get(orgId: number): Promise<Route> {
      let current = await stored(orgId);
      if (!current) {
        await service.reset(orgId, null);
        current = await stored(orgId);
      }
      const { tree, provenance } = current!;
      return { ...tree, ...(provenance ? { provenance } : {}) };
    },

    /**
     * Replaces the tree after checking it as Grafana does: types and fields, then the provenance
     * rule, then the contact points and mute timings it names. `body` is parsed JSON or YAML (an
     * API body or a provisioning file); a refused tree leaves the saved one as it was.
     */
    async save(orgId: number, body: unknown, provenance: Provenance): Promise<void> {
      const tree = await checked(async () => {
        const parsed = await parseRouteTree(body);
        validateRouteFields(parsed);
        return parsed;
      });
      const current = await stored(orgId);
      if (current) checkProvenance(current.provenance, provenance);
      const names = new Set(await deps.receiverNames(orgId));
      const intervals = new Set(await deps.timeIntervalNames(orgId));
      await checked(() =>
        validateRouteReferences(
          tree,
          (name) => names.has(name),
          (name) => intervals.has(name),
        ),
      );
      await store.save(orgId, JSON.stringify(tree), provenance, clock.now());
    },

    /**
     * Back to the default tree (and its default contact point). `provenance` null: the server
     * itself initializes the org, no provenance rule applies.
     */
    async reset(orgId: number, provenance: Provenance | null): Promise<Route> {
      const current = await stored(orgId);
      if (current && provenance !== null) checkProvenance(current.provenance, provenance);
      const receiver = await deps.ensureDefaultReceiver(orgId);
      const tree = defaultRoute(receiver);
      try {
        await store.save(orgId, JSON.stringify(tree), '', clock.now());
      } catch (err) {
        // Another instance initialized the org at the same moment.
        if (!(provenance === null && isUniqueViolation(err))) throw err;
      }
      return tree;
    },

    /** Names of the time intervals the org's tree references. */
    async timeIntervalsInUse(orgId: number): Promise<Set<string>> {
      return timeIntervalUsage((await stored(orgId))?.tree);
    },

    /**
     * A mute timing was renamed: the tree follows, its provenance unchanged (joins the caller's
     * unit). A tree provisioned otherwise than the rename is refused, as a change of the tree would be.
     */
    async renameTimeInterval(orgId: number, from: string, to: string, provenance: Provenance): Promise<void> {
      const current = await stored(orgId);
      if (!current || !timeIntervalUsage(current.tree).has(from)) return;
      checkProvenance(current.provenance, provenance);
      const tree = renameTimeInterval(current.tree, from, to);
      await store.save(orgId, JSON.stringify(tree), current.provenance, clock.now());
    },

    /** How many routes name each receiver (0 for an org without a saved tree's receivers). */
    async usage(orgId: number): Promise<Map<string, number>> {
      return receiverUsage((await stored(orgId))?.tree);
    },
  };
  return service;
}

/** Runs a check of the tree, its RouteError as Grafana's 400 naming the field. */
async function checked<T>(check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof RouteError) throw invalidObject(err.message);
    throw err;
  }
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
