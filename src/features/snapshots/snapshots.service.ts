import { accessDenied } from '../../access/authorizer.js';
import { can } from '../../access/evaluator.js';
import type { Identity } from '../../access/identity.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { LIMITS } from '../../lib/limits.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { onUniqueViolation } from '../../store/unique-violation.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import {
  externalSnapshotsDisabled,
  snapshotAccessDenied,
  snapshotKeyTaken,
  snapshotNotFound,
} from './snapshots.errors.js';
import type { SnapshotHead, SnapshotRow, SnapshotsStore } from './snapshots.store.js';

interface CreateInput {
  dashboard: Record<string, unknown>;
  name?: string;
  expires?: number;
  external?: boolean;
  key?: string;
  deleteKey?: string;
}

const KEY_LENGTH = 32;
// Grafana compat: a snapshot that never expires reports an expiry 50 years after its creation.
const NEVER_MS = 50 * 365 * 24 * 3600 * 1000;
const DELETED = "Snapshot deleted. It might take an hour before it's cleared from any CDN caches.";

/** The dashboard a snapshot was taken of, when its model names one by uid. */
const sourceUid = (model: Record<string, unknown>): string | undefined =>
  typeof model.uid === 'string' && isValidUid(model.uid) ? model.uid : undefined;

const truncated = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * Dashboard snapshots: a model with its data frozen, read by key without any data source. Keys
 * are links: unique across orgs, read and deleted within the caller's org.
 */
export function createSnapshotsService(deps: {
  store: SnapshotsStore;
  dashboards: Pick<DashboardsLookup, 'access' | 'headByUid'>;
  clock: Clock;
  /** `[server] root_url`, ending in `/`: links are absolute, as Grafana's are */
  appUrl: string;
}) {
  const { store, clock, dashboards } = deps;
  const expired = (row: SnapshotHead) => row.expires !== 0 && row.expires <= clock.now();
  const expiresIso = (row: SnapshotHead) => toIso(row.expires === 0 ? row.created + NEVER_MS : row.expires);

  async function live(orgId: number, key: string): Promise<SnapshotRow> {
    const row = await store.byKey(orgId, key);
    if (!row || expired(row)) throw snapshotNotFound();
    return row;
  }

  async function remove(row: SnapshotHead): Promise<{ message: string; id: number }> {
    if (!(await store.delete(row.org_id, row.id))) throw snapshotNotFound();
    return { message: DELETED, id: row.id };
  }

  return {
    async create(identity: Identity, input: CreateInput) {
      // Grafana compat: uploading to an external snapshot server; svc has none (no internet).
      if (input.external) throw externalSnapshotsDisabled();
      const model = input.dashboard;
      const uid = sourceUid(model);
      // A snapshot of a stored dashboard shows its data: only for who may read that dashboard.
      const source = uid === undefined ? undefined : await dashboards.headByUid(identity.orgId, uid);
      if (source && !(await (await dashboards.access(identity)).onDashboard('dashboards:read', source))) {
        throw accessDenied(can('dashboards:read', `dashboards:uid:${source.uid}`));
      }
      const now = clock.now();
      const key = input.key ?? generateUid(KEY_LENGTH);
      const deleteKey = input.deleteKey ?? generateUid(KEY_LENGTH);
      const title = typeof model.title === 'string' ? model.title : '';
      const id = await store
        .insert({
          org_id: identity.orgId,
          user_id: identity.userId,
          name: input.name ?? truncated(title, LIMITS.snapshot.name),
          snapshot_key: key,
          delete_key: deleteKey,
          dashboard: JSON.stringify(model),
          created: now,
          updated: now,
          expires: input.expires ? now + input.expires * 1000 : 0,
        })
        .catch(onUniqueViolation(snapshotKeyTaken));
      return {
        key,
        deleteKey,
        url: `${deps.appUrl}dashboard/snapshot/${key}`,
        deleteUrl: `${deps.appUrl}api/snapshots-delete/${deleteKey}`,
        id,
      };
    },

    /** Grafana's `{dashboard, meta}`, the model as stored (text, not re-encoded). */
    async getJson(identity: Identity, key: string): Promise<string> {
      const row = await live(identity.orgId, key);
      const meta = {
        type: 'snapshot',
        isSnapshot: true,
        canSave: false,
        canEdit: false,
        canAdmin: false,
        canStar: false,
        canDelete: false,
        slug: '',
        url: '',
        created: toIso(row.created),
        updated: toIso(row.updated),
        expires: expiresIso(row),
      };
      return `{"dashboard":${row.dashboard},"meta":${JSON.stringify(meta)}}`;
    },

    /** Grafana compat: an org Admin lists every snapshot of the org, anybody else their own. */
    async search(identity: Identity, filter: { query: string; limit: number }) {
      const rows = await store.list(identity.orgId, {
        userId: identity.orgRole === 'Admin' ? undefined : identity.userId,
        now: clock.now(),
      });
      const needle = filter.query.toLowerCase();
      return rows
        .filter((row) => row.name.toLowerCase().includes(needle))
        .slice(0, filter.limit)
        .map((row) => ({
          id: row.id,
          name: row.name,
          key: row.snapshot_key,
          orgId: row.org_id,
          userId: row.user_id,
          external: false,
          externalUrl: '',
          expires: expiresIso(row),
          created: toIso(row.created),
          updated: toIso(row.updated),
        }));
    },

    /**
     * Grafana compat: a snapshot of a stored dashboard is deleted by its creator or by who may
     * edit that dashboard; one of a deleted or unsaved dashboard by anyone holding snapshots:delete.
     */
    async deleteByKey(identity: Identity, key: string) {
      const row = await live(identity.orgId, key);
      const uid = sourceUid(JSON.parse(row.dashboard) as Record<string, unknown>);
      const source = uid === undefined ? undefined : await dashboards.headByUid(identity.orgId, uid);
      if (
        source &&
        row.user_id !== identity.userId &&
        !(await (await dashboards.access(identity)).onDashboard('dashboards:write', source))
      ) {
        throw snapshotAccessDenied();
      }
      return remove(row);
    },

    /** The delete key is the capability: whoever holds it (and snapshots:delete) may delete. */
    async deleteByDeleteKey(identity: Identity, deleteKey: string) {
      const row = await store.headByDeleteKey(identity.orgId, deleteKey);
      if (!row) throw snapshotNotFound();
      return remove(row);
    },

    /** The clean-up job: expired snapshots of every org. */
    deleteExpired: () => store.deleteExpired(clock.now()),
  };
}

export type SnapshotsService = ReturnType<typeof createSnapshotsService>;
