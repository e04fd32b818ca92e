import { isDeepStrictEqual } from 'node:util';
import { generateUid } from '../../lib/uid.js';
import type { AlertRule } from './alert-rule.js';
import { titleTaken, uidTaken } from './alert-rules.errors.js';
import type { RuleDraft } from './rule-draft.js';

/**
 * What writing a rule group means, computed without the database: which rules are created,
 * changed, moved here or deleted, and each rule's next state. The service stores the result.
 */

export interface Place {
  folderUid: string;
  group: string;
}

/** What a write is about to do, for the caller to authorize before anything is stored. */
export interface WritePlan {
  folderUid: string;
  created: RuleDraft[];
  /** rules whose own content, place or provenance changes (a new position alone is not) */
  updated: { before: AlertRule; after: RuleDraft }[];
  deleted: AlertRule[];
}

/** Refuses a planned write (403) before anything is stored. */
export type Authorize = (plan: WritePlan) => Promise<void>;

export interface Desired {
  draft: RuleDraft;
  /** a rule the request is about; others of the group (bystanders) keep their content and provenance */
  subject: boolean;
  /** the request creates it: its uid must not name a stored rule (a concurrent create may have taken it) */
  create?: boolean;
}

/** One rule of the group after the write; `before` is absent for a new rule. */
export interface NextRule {
  before?: AlertRule;
  after: AlertRule;
  /** anything of the row differs (a bystander's new position included) */
  changed: boolean;
}

export const draftOf = (rule: AlertRule): RuleDraft => ({
  uid: rule.uid,
  title: rule.title,
  condition: rule.condition,
  data: rule.data,
  noDataState: rule.noDataState,
  execErrState: rule.execErrState,
  forSeconds: rule.forSeconds,
  keepFiringForSeconds: rule.keepFiringForSeconds,
  labels: rule.labels,
  annotations: rule.annotations,
  isPaused: rule.isPaused,
  notificationSettings: rule.notificationSettings,
  record: rule.record,
  missingSeriesEvalsToResolve: rule.missingSeriesEvalsToResolve,
});

/**
 * The group holding `desired` in that order. `stored` are the group's rules, `elsewhere` rules of
 * other groups whose uids are desired here (they move). New rules get a uid, version 1 and
 * `provenance`; the version of every rule is bumped by the writer, not here.
 */
export function planGroup(input: {
  orgId: number;
  place: Place;
  intervalSeconds: number;
  desired: Desired[];
  stored: AlertRule[];
  elsewhere: AlertRule[];
  deleteMissing: boolean;
  provenance: AlertRule['provenance'];
  now: number;
  userId: number | null;
}): { plan: WritePlan; next: NextRule[] } {
  const titles = new Set<string>();
  for (const { draft } of input.desired) {
    if (titles.has(draft.title)) throw titleTaken();
    titles.add(draft.title);
  }
  const wanted = new Set(input.desired.map((d) => d.draft.uid).filter((uid) => uid !== ''));
  const deleted = input.deleteMissing ? input.stored.filter((r) => !wanted.has(r.uid)) : [];
  const known = new Map([...input.stored, ...input.elsewhere].map((r) => [r.uid, r]));
  const plan: WritePlan = { folderUid: input.place.folderUid, created: [], updated: [], deleted };

  const next = input.desired.map(({ draft, subject, create }, i): NextRule => {
    const placed = {
      folderUid: input.place.folderUid,
      ruleGroup: input.place.group,
      ruleGroupIndex: i + 1,
      intervalSeconds: input.intervalSeconds,
    };
    const before = draft.uid ? known.get(draft.uid) : undefined;
    if (before && create) throw uidTaken(draft.uid);
    if (!before) {
      const uid = draft.uid || generateUid();
      plan.created.push({ ...draft, uid });
      const after: AlertRule = {
        ...draft,
        ...placed,
        uid,
        id: 0,
        orgId: input.orgId,
        provenance: input.provenance,
        version: 1,
        updated: input.now,
        updatedBy: input.userId,
      };
      return { after, changed: true };
    }
    const content = subject ? draft : draftOf(before);
    const after: AlertRule = {
      ...before,
      ...content,
      ...placed,
      provenance: subject ? input.provenance : before.provenance,
    };
    const changed = !isDeepStrictEqual(after, before);
    const ownChange = !isDeepStrictEqual({ ...after, ruleGroupIndex: 0 }, { ...before, ruleGroupIndex: 0 });
    if (subject && ownChange) plan.updated.push({ before, after: content });
    return { before, after, changed };
  });
  return { plan, next };
}
