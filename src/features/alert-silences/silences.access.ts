import { accessDenied, type Authorizer } from '../../access/authorizer.js';
import { allOf, anyOf, can, type Evaluator } from '../../access/evaluator.js';
import type { Identity } from '../../access/identity.js';
import type { Silence } from './silence.js';

/** The label Grafana puts on a rule's alerts; a silence matching it by equality is that rule's. */
const RULE_UID_LABEL = '__alert_rule_uid__';

const folderScope = (folderUid: string) => `folders:uid:${folderUid}`;

// Grafana's silence access (ngalert accesscontrol): alert.instances:* covers every silence;
// alert.silences:* on a folder covers the silences of that folder's rules. General silences
// (no rule) are readable with any silence read permission and written with the instance actions.
const readAll = anyOf(can('alert.instances:read'), can('alert.silences:read', 'folders:*'));
const readSome = anyOf(can('alert.instances:read'), can('alert.silences:read'));
const readRule = (folderUid: string) =>
  anyOf(can('alert.instances:read'), can('alert.silences:read', folderScope(folderUid)));

type WriteKind = 'create' | 'write';
const INSTANCE_ACTION: Record<WriteKind, string> = {
  create: 'alert.instances:create',
  write: 'alert.instances:write',
};
const writeAny = (kind: WriteKind) => allOf(can(INSTANCE_ACTION[kind]), readAll);
const writeGeneral = (kind: WriteKind) => allOf(can(INSTANCE_ACTION[kind]), readSome);
const writeRule = (kind: WriteKind, folderUid: string) =>
  allOf(
    anyOf(can(INSTANCE_ACTION[kind]), can(`alert.silences:${kind}`, folderScope(folderUid))),
    readRule(folderUid),
  );

/** The rule a silence belongs to: its `__alert_rule_uid__="<uid>"` matcher, if any. */
export function ruleUidOf(silence: Pick<Silence, 'matchers'>): string | undefined {
  return silence.matchers.find((m) => m.name === RULE_UID_LABEL && m.isEqual && !m.isRegex)?.value;
}

/** Which silences a caller may see and change (beyond the route's coarse check). */
export function createSilenceAccess(deps: {
  authorizer: Authorizer;
  /** a rule of the org, undefined for an unknown one */
  ruleOf: (orgId: number, ruleUid: string) => Promise<{ title: string; folderUid: string } | undefined>;
}) {
  const { authorizer } = deps;

  /** undefined: a general silence; '' : a rule svc does not know (nobody but the all-powerful may touch it) */
  const folderOf = async (identity: Identity, silence: Pick<Silence, 'matchers'>) => {
    const ruleUid = ruleUidOf(silence);
    if (ruleUid === undefined) return undefined;
    return (await deps.ruleOf(identity.orgId, ruleUid))?.folderUid ?? '';
  };

  const check = async (identity: Identity, evaluator: Evaluator) => {
    if (!(await authorizer.can(identity, evaluator))) throw accessDenied(evaluator);
  };

  const canRead = async (identity: Identity, silence: Silence): Promise<boolean> => {
    const folderUid = await folderOf(identity, silence);
    if (folderUid === undefined) return true;
    return folderUid !== '' && authorizer.can(identity, readRule(folderUid));
  };

  const checkRead = async (identity: Identity, silence: Silence): Promise<void> => {
    if (await authorizer.can(identity, readAll)) return;
    if (!(await canRead(identity, silence))) throw accessDenied(readAll);
  };

  /** `create` for a new silence, `write` for changing or expiring one. */
  const checkWrite = async (
    identity: Identity,
    silence: Pick<Silence, 'matchers'>,
    kind: WriteKind,
  ): Promise<void> => {
    if (await authorizer.can(identity, writeAny(kind))) return;
    const folderUid = await folderOf(identity, silence);
    if (folderUid === undefined) return check(identity, writeGeneral(kind));
    if (folderUid === '') throw accessDenied(writeAny(kind));
    return check(identity, writeRule(kind, folderUid));
  };

  const allowed = (work: Promise<void>) =>
    work.then(
      () => true,
      () => false,
    );

  return {
    async readable(identity: Identity, silences: Silence[]): Promise<Silence[]> {
      if (await authorizer.can(identity, readAll)) return silences;
      const visible: Silence[] = [];
      for (const silence of silences) if (await canRead(identity, silence)) visible.push(silence);
      return visible;
    },
    checkRead,
    checkWrite,

    /** Grafana's `accessControl` of a silence (`?accesscontrol=true`): what the caller may do with it. */
    async permissionsOf(identity: Identity, silence: Silence): Promise<Record<WriteKind | 'read', boolean>> {
      return {
        create: await allowed(checkWrite(identity, silence, 'create')),
        read: await allowed(checkRead(identity, silence)),
        write: await allowed(checkWrite(identity, silence, 'write')),
      };
    },
  };
}

export type SilenceAccess = ReturnType<typeof createSilenceAccess>;
