import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../../../src/features/alert-rules/alert-rule.js';
import { draftOf, planGroup } from '../../../src/features/alert-rules/group-plan.js';
import { formatDuration, parseSeconds } from '../../../src/features/alert-rules/rule-durations.js';

const rule = (uid: string, index: number, extra: Partial<AlertRule> = {}): AlertRule => ({
  id: index,
  orgId: 1,
  uid,
  title: `Rule ${uid}`,
  folderUid: 'f',
  ruleGroup: 'g',
  ruleGroupIndex: index,
  intervalSeconds: 60,
  condition: 'A',
  data: [{ refId: 'A', relativeTimeRange: { from: 600, to: 0 }, datasourceUid: 'ds', model: {} }],
  noDataState: 'NoData',
  execErrState: 'Error',
  forSeconds: 0,
  keepFiringForSeconds: 0,
  labels: {},
  annotations: {},
  isPaused: false,
  notificationSettings: null,
  record: null,
  missingSeriesEvalsToResolve: null,
  provenance: '',
  version: 3,
  updated: 1000,
  updatedBy: 7,
  ...extra,
});

const base = { orgId: 1, place: { folderUid: 'f', group: 'g' }, intervalSeconds: 60, now: 5000, userId: 9 };

describe('group plan', () => {
  it('nothing changes when the group is sent as stored', () => {
    const stored = [rule('a', 1), rule('b', 2)];
    const { plan, next } = planGroup({
      ...base,
      desired: stored.map((r) => ({ draft: draftOf(r), subject: true })),
      stored,
      elsewhere: [],
      deleteMissing: true,
      provenance: '',
    });
    expect(next.every((n) => !n.changed)).toBe(true);
    expect(plan).toEqual({ folderUid: 'f', created: [], updated: [], deleted: [] });
  });

  it('a removed rule shifts the others: they change position, not content', () => {
    const stored = [rule('a', 1), rule('b', 2), rule('c', 3)];
    const { plan, next } = planGroup({
      ...base,
      desired: [{ draft: draftOf(stored[2]!), subject: true }],
      stored,
      elsewhere: [],
      deleteMissing: true,
      provenance: '',
    });
    expect(plan.deleted.map((r) => r.uid)).toEqual(['a', 'b']);
    expect(plan.updated).toEqual([]);
    expect(next[0]).toMatchObject({ changed: true, after: { uid: 'c', ruleGroupIndex: 1 } });
  });

  it('bystanders keep content and provenance; subjects take the new provenance', () => {
    const stored = [rule('a', 1, { provenance: 'api' })];
    const { plan, next } = planGroup({
      ...base,
      desired: [
        { draft: draftOf(stored[0]!), subject: false },
        { draft: { ...draftOf(stored[0]!), uid: '', title: 'New' }, subject: true },
      ],
      stored,
      elsewhere: [],
      deleteMissing: false,
      provenance: '',
    });
    expect(next[0]!.changed).toBe(false);
    expect(next[1]!.after).toMatchObject({
      title: 'New',
      provenance: '',
      version: 1,
      updatedBy: 9,
      ruleGroupIndex: 2,
    });
    expect(next[1]!.after.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    expect(plan.created.map((d) => d.title)).toEqual(['New']);
  });

  it('a rule of another group moves here as an update; two rules of one title are refused', () => {
    const moving = rule('m', 1, { ruleGroup: 'other' });
    const { plan } = planGroup({
      ...base,
      desired: [{ draft: draftOf(moving), subject: true }],
      stored: [],
      elsewhere: [moving],
      deleteMissing: true,
      provenance: '',
    });
    expect(plan.updated.map((u) => u.before.uid)).toEqual(['m']);
    expect(() =>
      planGroup({
        ...base,
        desired: [
          { draft: { ...draftOf(moving), uid: '' }, subject: true },
          { draft: { ...draftOf(moving), uid: '' }, subject: true },
        ],
        stored: [],
        elsewhere: [],
        deleteMissing: true,
        provenance: '',
      }),
    ).toThrow('rule title under the same organisation and folder should be unique');
  });
});

describe('group plan: creates', () => {
  it('a create whose uid a stored rule holds is refused, not turned into an update', () => {
    const stored = [rule('a', 1)];
    expect(() =>
      planGroup({
        ...base,
        desired: [{ draft: draftOf(stored[0]!), subject: true, create: true }],
        stored,
        elsewhere: [],
        deleteMissing: false,
        provenance: 'api',
      }),
    ).toThrow("an alert rule with uid 'a' already exists");
  });
});

describe('rule durations', () => {
  it('prints Prometheus-style durations and reads Go-style ones', () => {
    expect([0, 10, 60, 90, 5400, 86_400, 604_800 + 3_600].map(formatDuration)).toEqual([
      '0s',
      '10s',
      '1m',
      '1m30s',
      '1h30m',
      '1d',
      '1w1h',
    ]);
    expect(parseSeconds('1h30m')).toBe(5400);
    expect(parseSeconds('90s')).toBe(90);
    expect(parseSeconds('0')).toBe(0);
    expect(parseSeconds('-5m')).toBe('negative');
    expect(parseSeconds('-x')).toBeUndefined();
    expect(parseSeconds('soon')).toBeUndefined();
  });
});
