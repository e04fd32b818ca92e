import { accessDenied } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { CallerAccess, DashboardRef } from '../dashboards/dashboard-access.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import { can } from '../../access/evaluator.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { joinTag, parseTags, validTags } from './annotation-tags.js';
import { annotationNotFound, dashboardNotFound, emptyText } from './annotations.errors.js';
import type {
  AnnotationFilter,
  AnnotationRow,
  AnnotationsStore,
  DashboardSet,
  Visibility,
} from './annotations.store.js';

type AnnotationAction =
  'annotations:read' | 'annotations:create' | 'annotations:write' | 'annotations:delete';

interface FindQuery extends Omit<AnnotationFilter, 'tags'> {
  dashboardUid?: string;
  tags: string[];
}

interface CreateInput {
  dashboardUid?: string;
  dashboardId?: number;
  panelId?: number;
  time?: number;
  timeEnd?: number;
  text: string;
  tags?: string[];
  data?: Record<string, unknown>;
}

export interface UpdateInput {
  time?: number;
  timeEnd?: number;
  text?: string;
  tags?: string[];
  data?: Record<string, unknown>;
}

/** Grafana's ItemDTO. */
interface AnnotationDto {
  id: number;
  alertId: number;
  alertName: string;
  dashboardId: number;
  dashboardUID: string | null;
  panelId: number;
  userId: number;
  newState: string;
  prevState: string;
  created: number;
  updated: number;
  time: number;
  timeEnd: number;
  text: string;
  tags: string[];
  login: string;
  email: string;
  avatarUrl: string;
  data: unknown;
}

const ORGANIZATION = 'annotations:type:organization';
const DASHBOARD = 'annotations:type:dashboard';

/** Grafana's time range rules: a missing end is the start, a reversed span is turned around. */
function span(epoch: number, epochEnd: number): { epoch: number; epoch_end: number } {
  const end = epochEnd === 0 ? epoch : epochEnd;
  return end < epoch ? { epoch: end, epoch_end: epoch } : { epoch, epoch_end: end };
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/**
 * Annotations of an organization (no dashboard) and of dashboards. As in Grafana with
 * annotationPermissionUpdate: organization annotations need the action on
 * `annotations:type:organization`; dashboard annotations need it on `annotations:type:dashboard`
 * or on the dashboard (its uid or a folder above it), and reading them needs the dashboard to be
 * readable as well.
 */
export function createAnnotationsService(deps: {
  store: AnnotationsStore;
  dashboards: DashboardsLookup;
  clock: Clock;
}) {
  const { store, dashboards, clock } = deps;

  /** The dashboard of an annotation as permission checks need it (null: an organization annotation). */
  function dashboardOf(row: AnnotationRow): DashboardRef | null {
    if (row.dashboard_uid === null) return null;
    return {
      uid: row.dashboard_uid,
      folder_uid: row.folder_uid ?? '',
      created_by: row.dashboard_created_by ?? 0,
      default_creator_admin: row.default_creator_admin ?? 0,
      default_role_grants: row.default_role_grants ?? 0,
    };
  }

  async function allowedOn(
    access: CallerAccess,
    action: AnnotationAction,
    dashboard: DashboardRef | null,
  ): Promise<boolean> {
    if (dashboard === null) return access.has(action, [ORGANIZATION]);
    if (!access.has(action, [DASHBOARD]) && !(await access.onDashboard(action, dashboard))) return false;
    return action !== 'annotations:read' || access.onDashboard('dashboards:read', dashboard);
  }

  function denied(action: AnnotationAction, dashboard: DashboardRef | null) {
    return accessDenied(
      dashboard === null
        ? can(action, ORGANIZATION)
        : can(action, DASHBOARD, `dashboards:uid:${dashboard.uid}`),
    );
  }

  /** An annotation the caller may read and then act on: 404 when it cannot be read, 403 when it cannot be changed. */
  async function load(identity: Identity, id: number, action: AnnotationAction): Promise<AnnotationRow> {
    const [row, access] = await Promise.all([store.byId(identity.orgId, id), dashboards.access(identity)]);
    // Grafana compat: one the caller cannot read is as missing as one in another org.
    if (!row || !(await allowedOn(access, 'annotations:read', dashboardOf(row)))) throw annotationNotFound();
    const dashboard = dashboardOf(row);
    if (action !== 'annotations:read' && !(await allowedOn(access, action, dashboard)))
      throw denied(action, dashboard);
    return row;
  }

  async function visibility(access: CallerAccess): Promise<Visibility> {
    const organization = access.has('annotations:read', [ORGANIZATION]);
    const readable: DashboardSet = await access.readableDashboards('dashboards:read');
    const annotated: DashboardSet = access.has('annotations:read', [DASHBOARD])
      ? {
          all: true,
          folderUids: new Set(),
          dashboardUids: new Set(),
          byDefault: { roleGrants: false, creatorId: undefined },
        }
      : await access.readableDashboards('annotations:read');
    const none = (set: DashboardSet) =>
      !set.all &&
      set.folderUids.size === 0 &&
      set.dashboardUids.size === 0 &&
      !set.byDefault.roleGrants &&
      set.byDefault.creatorId === undefined;
    return {
      organization,
      dashboards: none(readable) || none(annotated) ? undefined : [readable, annotated],
    };
  }

  async function present(rows: AnnotationRow[]): Promise<AnnotationDto[]> {
    const tags = await store.tagsOf(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      alertId: row.alert_id,
      alertName: '',
      dashboardId: row.dashboard_id ?? 0,
      dashboardUID: row.dashboard_uid,
      panelId: row.panel_id,
      userId: row.user_id,
      newState: row.new_state,
      prevState: row.prev_state,
      created: row.created,
      updated: row.updated,
      time: row.epoch,
      timeEnd: row.epoch_end,
      text: row.text,
      tags: (tags.get(row.id) ?? []).map(joinTag),
      login: row.login ?? '',
      email: row.email ?? '',
      avatarUrl: row.email ? avatarUrl(row.email) : '',
      data: parseData(row.data),
    }));
  }

  return {
    async find(identity: Identity, query: FindQuery): Promise<AnnotationDto[]> {
      let dashboardId = query.dashboardId;
      if (query.dashboardUid !== undefined && query.dashboardUid !== '') {
        const head = await dashboards.headByUid(identity.orgId, query.dashboardUid);
        // Grafana compat: the annotations of an unknown dashboard are none.
        if (!head) return [];
        dashboardId = head.id;
      }
      const access = await dashboards.access(identity);
      const rows = await store.find(
        identity.orgId,
        { ...query, dashboardId, tags: parseTags(query.tags) },
        await visibility(access),
      );
      return present(rows);
    },

    async get(identity: Identity, id: number): Promise<AnnotationDto> {
      const row = await load(identity, id, 'annotations:read');
      return (await present([row]))[0]!;
    },

    async create(identity: Identity, input: CreateInput): Promise<number> {
      if (input.text.trim() === '') throw emptyText();
      const orgId = identity.orgId;
      let head: (DashboardRef & { id: number }) | undefined;
      if (input.dashboardUid) {
        head = await dashboards.headByUid(orgId, input.dashboardUid);
        if (!head) throw dashboardNotFound();
      } else if (input.dashboardId) {
        head = await dashboards.headById(orgId, input.dashboardId);
        if (!head) throw dashboardNotFound();
      }
      const access = await dashboards.access(identity);
      if (!(await allowedOn(access, 'annotations:create', head ?? null)))
        throw denied('annotations:create', head ?? null);
      const tags = validTags(input.tags ?? []);
      const now = clock.now();
      const time = input.time || now;
      return store.transaction(async (trx) => {
        const id = await trx.insert(
          orgId,
          {
            dashboard_id: head?.id ?? null,
            panel_id: input.panelId ?? 0,
            user_id: identity.userId,
            text: input.text,
            data: JSON.stringify(input.data ?? {}),
            ...span(time, input.timeEnd ?? 0),
          },
          now,
        );
        await trx.setTags(orgId, id, tags);
        return id;
      });
    },

    /**
     * PUT replaces the text (required) and, when given, the tags and data; PATCH changes only what
     * it carries (an empty text keeps the old one). A time or end of 0 keeps the stored one.
     */
    async update(
      identity: Identity,
      id: number,
      input: UpdateInput,
      mode: 'replace' | 'patch',
    ): Promise<void> {
      if (mode === 'replace' && (input.text ?? '').trim() === '') throw emptyText();
      const row = await load(identity, id, 'annotations:write');
      const tags = input.tags === undefined ? undefined : validTags(input.tags);
      const text = mode === 'patch' && !input.text ? row.text : (input.text ?? row.text);
      await store.transaction(async (trx) => {
        await trx.update(
          identity.orgId,
          id,
          {
            text,
            data: input.data === undefined ? row.data : JSON.stringify(input.data),
            ...span(input.time || row.epoch, input.timeEnd || row.epoch_end),
          },
          clock.now(),
        );
        if (tags) await trx.setTags(identity.orgId, id, tags);
      });
    },

    async delete(identity: Identity, id: number): Promise<void> {
      await load(identity, id, 'annotations:delete');
      await store.delete(identity.orgId, id);
    },

    async tags(identity: Identity, query: { tag: string; limit: number }) {
      const rows = await store.tagCounts(identity.orgId, query.tag.trim(), query.limit);
      return {
        result: {
          tags: rows.map((r) => ({ tag: joinTag({ key: r.tag_key, value: r.tag_value }), count: r.count })),
        },
      };
    },
  };
}

export type AnnotationsService = ReturnType<typeof createAnnotationsService>;
