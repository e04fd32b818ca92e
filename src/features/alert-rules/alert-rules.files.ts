/**
 * File provisioning of alert rules: `groups` and `deleteRules` of
 * `<[paths] provisioning>/alerting/*.yaml|yml|json` (the files the alerting feature reads for
 * contact points), in Grafana's export format. A group's rules are created or updated by uid
 * with provenance `file`; rules of the group the file does not name stay (`deleteRules` removes
 * rules). Applied at start-up, before /readyz; a bad file or group is logged and skipped.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../alerting/provisioning/expand-values.js';
import { readAlertingFiles } from '../alerting/provisioning/read-files.js';
import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import { folderNotFound, invalidRule } from './alert-rules.errors.js';
import type { AlertQueryBody } from './alert-rules.schema.js';
import type { AlertRulesService } from './alert-rules.service.js';
import { parseSeconds } from './rule-durations.js';
import { parseDraft, type RawRule } from './rule-draft.js';
import type { ReferenceCheck } from './rule-references.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const orgOf = (v: unknown): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
const stringMap = (v: unknown): Record<string, string> =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x) ?? ''])) : {};

interface FileGroup {
  orgId: number;
  name: string;
  folder: string;
  interval: number | undefined;
  rules: RawRule[];
}

/** One rule of a file (the export format), with the names Grafana's files use. */
function rawRule(item: unknown, group: string): RawRule {
  if (!isObject(item)) throw new Error(`group ${group}: a rule is not a mapping`);
  const title = text(item.title) ?? '';
  const uid = text(item.uid) ?? '';
  if (uid === '') throw new Error(`group ${group}: rule '${title}' has no uid`);
  return {
    uid,
    title,
    condition: text(item.condition),
    data: list(item.data).filter(isObject) as unknown as AlertQueryBody[],
    noDataState: text(item.noDataState),
    execErrState: text(item.execErrState),
    for: text(item.for),
    keepFiringFor: text(item.keepFiringFor ?? item.keep_firing_for),
    labels: stringMap(item.labels),
    annotations: stringMap(item.annotations),
    isPaused: item.isPaused === true,
    notificationSettings: isObject(item.notification_settings)
      ? (item.notification_settings as unknown as RawRule['notificationSettings'])
      : null,
    record: isObject(item.record) ? (item.record as unknown as RawRule['record']) : null,
    missingSeriesEvalsToResolve:
      typeof item.missing_series_evals_to_resolve === 'number' ? item.missing_series_evals_to_resolve : null,
  };
}

function readGroups(raw: Loose): FileGroup[] {
  return list(raw.groups).map((g) => {
    if (!isObject(g)) throw new Error('a group is not a mapping');
    const name = text(g.name) ?? '';
    if (name === '') throw new Error('a group has no name');
    const folder = text(g.folderUid) ?? text(g.folder) ?? '';
    if (folder === '') throw new Error(`group ${name}: no folder is set`);
    const intervalText = text(g.interval);
    const interval = intervalText === undefined ? undefined : parseSeconds(intervalText);
    if (interval === 'negative' || (intervalText !== undefined && interval === undefined))
      throw new Error(`group ${name}: invalid interval '${intervalText}'`);
    return {
      orgId: orgOf(g.orgId),
      name,
      folder,
      interval,
      rules: list(g.rules).map((r) => rawRule(r, name)),
    };
  });
}

export async function provisionAlertRuleFiles(deps: {
  directory: string;
  env: Env;
  logger: FastifyBaseLogger;
  service: AlertRulesService;
  references: ReferenceCheck;
  dashboards: Pick<DashboardsLookup, 'folderByUid' | 'rootFolderByTitle'>;
}): Promise<void> {
  const { logger } = deps;
  const attempt = async (path: string, what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      logger.error(
        { path, item: what, error: (err as Error).message },
        'alert rule provisioning: item failed',
      );
    }
  };

  for (const file of await readAlertingFiles(deps.directory, deps.env)) {
    const { path } = file;
    let document: Loose;
    let groups: FileGroup[];
    try {
      if ('error' in file) throw file.error;
      if (!isObject(file.raw)) throw new Error('the file is not a YAML mapping');
      document = file.raw;
      groups = readGroups(file.raw);
    } catch (err) {
      logger.error({ path, error: (err as Error).message }, 'alert rule provisioning: cannot read file');
      continue;
    }
    for (const group of groups) {
      await attempt(path, `rule group ${group.name}`, async () => {
        // A folder named by uid, or by the title of a folder at the root.
        const found =
          (await deps.dashboards.folderByUid(group.orgId, group.folder)) ??
          (await deps.dashboards.rootFolderByTitle(group.orgId, group.folder));
        if (!found) throw folderNotFound();
        const drafts = group.rules.map(parseDraft);
        await deps.references(group.orgId, found.uid, drafts, () => invalidRule('folder does not exist'));
        await deps.service.upsertGroup(
          { orgId: group.orgId, userId: null },
          { folderUid: found.uid, group: group.name },
          group.interval,
          drafts,
        );
      });
    }
    for (const item of list(document.deleteRules).filter(isObject)) {
      const uid = text(item.uid) ?? '';
      const orgId = orgOf(item.orgId);
      await attempt(path, `delete rule ${uid}`, async () => {
        if (await deps.service.get(orgId, uid))
          await deps.service.delete({ orgId, userId: null }, uid, { api: 'file' });
      });
    }
  }
}
