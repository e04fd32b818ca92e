/**
 * File provisioning of alerting resources: `<[paths] provisioning>/alerting/*.yaml|yml|json` with
 * `apiVersion`, `templates`, `contactPoints`, `muteTimes`, `policies`, `deleteContactPoints`,
 * `deleteTemplates`, `deleteMuteTimes`, `resetPolicies`. Every file is parsed and expanded first;
 * then each kind is applied across all files (templates before the contact points that use them,
 * contact points and mute timings before the policies that name them, deletions last). A bad file
 * or item is logged with its path and skipped; start-up goes on.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { ContactPointsService } from '../contact-points.service.js';
import type { PoliciesService } from '../policies.service.js';
import type { Route } from '../routing/route.js';
import type { TemplatesService } from '../templates.service.js';
import type { Env } from './expand-values.js';
import { readAlertingFiles } from './read-files.js';

interface FileDocument {
  path: string;
  templates: { orgId: number; name: string; template: string }[];
  deleteTemplates: { orgId: number; name: string }[];
  contactPoints: {
    orgId: number;
    name: string;
    receivers: {
      uid: string;
      type: string;
      settings: Record<string, unknown>;
      disableResolveMessage: boolean;
    }[];
  }[];
  deleteContactPoints: { orgId: number; uid: string }[];
  policies: { orgId: number; tree: Route }[];
  resetPolicies: number[];
  /** mute timings, validated by their own feature */
  muteTimes: { orgId: number; name: string; item: Loose }[];
  deleteMuteTimes: { orgId: number; name: string }[];
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const orgOf = (v: unknown): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** Parses one file's document, with Grafana's messages for malformed contact points. */
function readDocument(path: string, raw: unknown): FileDocument {
  if (!isObject(raw)) throw new Error('the file is not a YAML mapping');
  const contactPoints = list(raw.contactPoints).map((item) => {
    if (!isObject(item)) throw new Error('failure parsing contact points: not a mapping');
    const name = text(item.name);
    const fail = (why: string) => new Error(`failure parsing contact points: ${name}: ${why}`);
    if (name === '') throw new Error('failure parsing contact points: no name is set');
    const receivers = list(item.receivers).map((r) => {
      if (!isObject(r)) throw fail('receiver is not a mapping');
      const uid = text(r.uid);
      if (uid === '') throw fail('no uid is set');
      const type = text(r.type);
      if (type === '') throw fail('no type is set');
      if (!isObject(r.settings) || Object.keys(r.settings).length === 0) throw fail('no settings are set');
      return { uid, type, settings: r.settings, disableResolveMessage: r.disableResolveMessage === true };
    });
    return { orgId: orgOf(item.orgId), name, receivers };
  });
  return {
    path,
    contactPoints,
    templates: list(raw.templates)
      .filter(isObject)
      .map((t) => ({
        orgId: orgOf(t.orgId),
        name: text(t.name),
        template: typeof t.template === 'string' ? t.template : '',
      })),
    deleteTemplates: list(raw.deleteTemplates)
      .filter(isObject)
      .map((t) => ({ orgId: orgOf(t.orgId), name: text(t.name) })),
    deleteContactPoints: list(raw.deleteContactPoints)
      .filter(isObject)
      .map((d) => ({ orgId: orgOf(d.orgId), uid: text(d.uid) })),
    policies: list(raw.policies)
      .filter(isObject)
      .map((p) => {
        const { orgId, ...tree } = p;
        return { orgId: orgOf(orgId), tree };
      }),
    resetPolicies: list(raw.resetPolicies).map(orgOf),
    muteTimes: list(raw.muteTimes)
      .filter(isObject)
      .map((m) => {
        const { orgId, ...item } = m;
        return { orgId: orgOf(orgId), name: text(m.name), item };
      }),
    deleteMuteTimes: list(raw.deleteMuteTimes)
      .filter(isObject)
      .map((d) => ({ orgId: orgOf(d.orgId), name: text(d.name) })),
  };
}

export async function provisionAlertingFiles(deps: {
  directory: string;
  env: Env;
  logger: FastifyBaseLogger;
  contactPoints: ContactPointsService;
  templates: TemplatesService;
  policies: PoliciesService;
  /** the mute timings feature's file items (absent when it is not registered) */
  muteTimings?: () =>
    | {
        applyFile(orgId: number, item: Loose): Promise<void>;
        deleteFile(orgId: number, name: string): Promise<void>;
      }
    | undefined;
}): Promise<void> {
  const { logger } = deps;
  const documents: FileDocument[] = [];
  for (const file of await readAlertingFiles(deps.directory, deps.env)) {
    try {
      if ('error' in file) throw file.error;
      documents.push(readDocument(file.path, file.raw));
    } catch (err) {
      logger.error(
        { path: file.path, error: (err as Error).message },
        'alerting provisioning: cannot read file',
      );
    }
  }

  const attempt = async (path: string, what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      logger.error({ path, item: what, error: (err as Error).message }, 'alerting provisioning: item failed');
    }
  };

  for (const doc of documents) {
    for (const t of doc.templates) {
      await attempt(doc.path, `template ${t.name}`, () =>
        deps.templates.save(t.orgId, t.name, { template: t.template }, 'file'),
      );
    }
  }
  // A contact point is applied whole (its integrations together, or none of them).
  for (const doc of documents) {
    for (const point of doc.contactPoints) {
      await attempt(doc.path, `contact point ${point.name}`, () =>
        deps.contactPoints.applyFile(point.orgId, point.name, point.receivers),
      );
    }
  }
  const muteTimings = deps.muteTimings?.();
  for (const doc of documents) {
    for (const m of muteTimings ? doc.muteTimes : []) {
      await attempt(doc.path, `mute timing ${m.name}`, () => muteTimings!.applyFile(m.orgId, m.item));
    }
  }
  for (const doc of documents) {
    for (const policy of doc.policies) {
      await attempt(doc.path, `policies of org ${policy.orgId}`, () =>
        deps.policies.save(policy.orgId, policy.tree, 'file'),
      );
    }
    for (const orgId of doc.resetPolicies) {
      await attempt(doc.path, `reset policies of org ${orgId}`, () => deps.policies.reset(orgId, 'file'));
    }
  }
  for (const doc of documents) {
    for (const d of doc.deleteContactPoints) {
      await attempt(doc.path, `delete contact point ${d.uid}`, () =>
        deps.contactPoints.deleteIn(d.orgId, d.uid, 'file'),
      );
    }
    for (const d of doc.deleteTemplates) {
      await attempt(doc.path, `delete template ${d.name}`, () =>
        deps.templates.delete(d.orgId, d.name, 'file'),
      );
    }
    for (const d of muteTimings ? doc.deleteMuteTimes : []) {
      await attempt(doc.path, `delete mute timing ${d.name}`, () => muteTimings!.deleteFile(d.orgId, d.name));
    }
  }
}
