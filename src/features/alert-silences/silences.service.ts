import { randomUUID } from 'node:crypto';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { UnitOfWork } from '../../store/transaction.js';
import { MatcherError, parseMatcher, type Matcher } from '../alerting/routing/matchers.js';
import { badFilter, invalidSilence, silenceNotFound } from './silences.errors.js';
import { ruleUidOf, type SilenceAccess } from './silences.access.js';
import type { PostableSilence } from './silences.schema.js';
import type { SilencesStore } from './silences.store.js';
import {
  canUpdateInPlace,
  matchesFilter,
  presentSilence,
  SilenceError,
  sortSilences,
  stateAt,
  validateSilence,
  type Silence,
} from './silence.js';

/** Grafana's optional parts of a listed silence. */
interface Extras {
  ruleMetadata?: boolean;
  accesscontrol?: boolean;
}

/** Alertmanager API v2 silences of each organization. */
export function createSilencesService(deps: {
  store: SilencesStore;
  access: SilenceAccess;
  /** for `?ruleMetadata`: the rule a silence names */
  ruleOf: (orgId: number, ruleUid: string) => Promise<{ title: string; folderUid: string } | undefined>;
  clock: Clock;
  unitOfWork: UnitOfWork;
  /** after a write committed: the org's silences changed (drops caches here and elsewhere) */
  changed: (orgId: number) => void;
}) {
  const { store, access, clock } = deps;

  const parseFilters = (filter: string | string[] | undefined): Matcher[] => {
    const texts = filter === undefined ? [] : Array.isArray(filter) ? filter : [filter];
    try {
      return texts.filter((t) => t.trim() !== '').map(parseMatcher);
    } catch (err) {
      if (err instanceof MatcherError) throw badFilter(err.message);
      throw err;
    }
  };

  return {
    async list(identity: Identity, filter: string | string[] | undefined, extras: Extras) {
      const filters = parseFilters(filter);
      const now = clock.now();
      const matching = (await store.list(identity.orgId)).filter((s) => matchesFilter(s, filters));
      const silences = sortSilences(await access.readable(identity, matching), now);
      return Promise.all(silences.map((s) => present(identity, s, now, extras)));
    },

    async get(identity: Identity, id: string, extras: Extras) {
      const silence = await store.byId(identity.orgId, id);
      if (!silence) throw silenceNotFound();
      await access.checkRead(identity, silence);
      return present(identity, silence, clock.now(), extras);
    },

    /**
     * Creates a silence, or with an id changes it: in place when Alertmanager's rules allow,
     * otherwise the old one is expired and a new one (new id) replaces it, in one unit of work.
     */
    async post(identity: Identity, body: PostableSilence): Promise<string> {
      const orgId = identity.orgId;
      const now = clock.now();
      const draft = {
        matchers: (body.matchers ?? []).map((m) => ({
          name: m.name,
          value: m.value,
          isRegex: m.isRegex ?? false,
          isEqual: m.isEqual ?? true,
        })),
        startsAt: body.startsAt ? Date.parse(body.startsAt) : 0,
        endsAt: body.endsAt ? Date.parse(body.endsAt) : 0,
        createdBy: body.createdBy ?? '',
        comment: body.comment ?? '',
      };
      try {
        validateSilence(draft, now);
      } catch (err) {
        if (err instanceof SilenceError) throw invalidSilence(err.message);
        throw err;
      }
      // Access checks read other tables (rules, permissions): before the unit of work.
      if (body.id) {
        const current = await store.byId(orgId, body.id);
        if (!current) throw silenceNotFound();
        await access.checkWrite(identity, current, 'write');
        await access.checkWrite(identity, draft, 'write');
      } else {
        await access.checkWrite(identity, draft, 'create');
      }
      return deps.unitOfWork(async (afterCommit) => {
        afterCommit(() => deps.changed(orgId));
        const stored = body.id ? await store.byId(orgId, body.id) : undefined;
        if (body.id && !stored) throw silenceNotFound();
        if (stored && canUpdateInPlace(stored, draft, now)) {
          await store.update(orgId, { ...draft, id: stored.id, updatedAt: now });
          return stored.id;
        }
        // A new silence never starts in the past (Alertmanager clamps the start to now).
        const created: Silence = {
          ...draft,
          id: randomUUID(),
          startsAt: Math.max(draft.startsAt, now),
          updatedAt: now,
        };
        await store.insert(orgId, created);
        if (stored) await expire(orgId, stored, now);
        return created.id;
      });
    },

    /** Expires a silence: an active one ends now, a pending one starts and ends now; an expired one stays. */
    async expire(identity: Identity, id: string): Promise<void> {
      const orgId = identity.orgId;
      const current = await store.byId(orgId, id);
      if (!current) throw silenceNotFound();
      await access.checkWrite(identity, current, 'write');
      const now = clock.now();
      await deps.unitOfWork(async (afterCommit) => {
        const stored = await store.byId(orgId, id);
        if (!stored) throw silenceNotFound();
        if (await expire(orgId, stored, now)) afterCommit(() => deps.changed(orgId));
      });
    },
  };

  /** GettableGrafanaSilence: the Alertmanager's shape, plus rule metadata and access when asked. */
  async function present(identity: Identity, silence: Silence, now: number, extras: Extras) {
    const ruleUid = extras.ruleMetadata ? ruleUidOf(silence) : undefined;
    const rule = ruleUid === undefined ? undefined : await deps.ruleOf(identity.orgId, ruleUid);
    return {
      ...presentSilence(silence, now),
      ...(ruleUid === undefined
        ? {}
        : {
            metadata: {
              rule_uid: ruleUid,
              ...(rule ? { rule_title: rule.title, folder_uid: rule.folderUid } : {}),
            },
          }),
      ...(extras.accesscontrol ? { accessControl: await access.permissionsOf(identity, silence) } : {}),
    };
  }

  async function expire(orgId: number, silence: Silence, now: number): Promise<boolean> {
    const state = stateAt(silence, now);
    if (state === 'expired') return false;
    const startsAt = state === 'pending' ? now : silence.startsAt;
    await store.update(orgId, { ...silence, startsAt, endsAt: now, updatedAt: now });
    return true;
  }
}
