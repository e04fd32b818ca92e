import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { TemplateError, type TemplateSet } from '../../lib/gotemplate/index.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import {
  invalidObject,
  templateInvalid,
  templateNotFound,
  templateVersionConflict,
} from './alerting.errors.js';
import { checkProvenance, type Provenance } from './provenance.js';
import { createNotificationTemplates, type TemplateGroup } from './templates/index.js';
import type { TemplateRow, TemplatesStore } from './templates.store.js';

interface NotificationTemplate {
  name: string;
  template: string;
  provenance: string;
  /** changes whenever the content changes (Grafana's resource version) */
  version: string;
}

const MAX_NAME_LENGTH = 190;

const versionOf = (template: string) => createHash('sha256').update(template).digest('hex').slice(0, 16);

function presentTemplate(row: TemplateRow): NotificationTemplate {
  return {
    name: row.name,
    template: row.template,
    provenance: row.provenance,
    version: versionOf(row.template),
  };
}

/** Named template groups of an organization, usable from contact point fields. */
export function createTemplatesService(deps: { store: TemplatesStore; clock: Clock }) {
  const { store, clock } = deps;
  const parsedSets = new Map<number, { key: string; set: TemplateSet }>();

  return {
    async list(orgId: number): Promise<NotificationTemplate[]> {
      return (await store.list(orgId)).map(presentTemplate);
    },

    async get(orgId: number, name: string): Promise<NotificationTemplate> {
      const row = await store.byName(orgId, name);
      if (!row) throw templateNotFound();
      return presentTemplate(row);
    },

    /** Validates the group together with the others (it may call them) and saves it. */
    async save(
      orgId: number,
      name: string,
      input: { template: string; version?: string },
      provenance: Provenance,
    ): Promise<NotificationTemplate> {
      if (name.trim() === '') throw invalidObject('template must have a name');
      const template = input.template.trim();
      if (template === '') throw invalidObject('template must have content');
      if (Array.from(name).length > MAX_NAME_LENGTH)
        throw invalidObject(`template name is longer than ${MAX_NAME_LENGTH} characters`);
      const existing = await store.byName(orgId, name);
      if (existing) checkProvenance(existing.provenance, provenance);
      // Optimistic concurrency: a version, when given, must be the one stored.
      const current = existing ? versionOf(existing.template) : '';
      if (input.version !== undefined && input.version !== '' && input.version !== current) {
        throw templateVersionConflict(input.version, name, current);
      }
      const others = (await store.list(orgId)).filter((row) => row.name !== name);
      try {
        createNotificationTemplates([...others.map(groupOf), { name, template }]);
      } catch (err) {
        if (err instanceof TemplateError) throw templateInvalid(err.message);
        throw err;
      }
      const now = clock.now();
      await store.save(orgId, name, template, provenance, now).catch(async (err: unknown) => {
        // A concurrent save created the group between our read and our insert: ours replaces it,
        // as a PUT that came a moment later would.
        if (!isUniqueViolation(err)) throw err;
        await store.save(orgId, name, template, provenance, now);
      });
      return { name, template, provenance, version: versionOf(template) };
    },

    async delete(orgId: number, name: string, provenance: Provenance): Promise<void> {
      const existing = await store.byName(orgId, name);
      if (!existing) return;
      checkProvenance(existing.provenance, provenance);
      await store.delete(orgId, name);
    },

    /**
     * The organization's template set: defaults plus its groups. Parsing the defaults costs more
     * than a notification's rendering, so a set is kept per org while its groups are unchanged.
     */
    async templateSet(orgId: number): Promise<TemplateSet> {
      const groups = (await store.list(orgId)).map(groupOf);
      const key = JSON.stringify(groups);
      const cached = parsedSets.get(orgId);
      if (cached?.key === key) return cached.set;
      const set = createNotificationTemplates(groups);
      if (parsedSets.size >= MAX_PARSED_SETS) parsedSets.delete(parsedSets.keys().next().value!);
      parsedSets.set(orgId, { key, set });
      return set;
    },
  };
}

/** parsed template sets kept (one per org) */
const MAX_PARSED_SETS = 1_000;

const groupOf = (row: TemplateRow): TemplateGroup => ({ name: row.name, template: row.template });

export type TemplatesService = ReturnType<typeof createTemplatesService>;
