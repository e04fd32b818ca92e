import { describe, expect, it } from 'vitest';
import type { PromGroup, PromRule } from '../../../web/src/api/alert-rules.js';
import { indexAlerts } from '../../../web/src/pages/alerting/alertIndex.js';
import {
  matchesLabels,
  matcherText,
  newSilenceUrl,
  parseMatcher,
  parseMatchers,
} from '../../../web/src/pages/alerting/labelMatchers.js';
import { fromForm, intervalSummary, toForm } from '../../../web/src/pages/alerting/muteTimingForm.js';
import { instanceState, ruleStateName } from '../../../web/src/pages/alerting/ruleState.js';
import {
  byFolder,
  filterFromSearch,
  filterGroups,
  NO_FILTER,
  searchOfFilter,
} from '../../../web/src/pages/alerting/rulesFilter.js';

// The pure parts of the alert rule pages: state names, matchers, filters, the mute timing form.

function rule(overrides: Partial<PromRule>): PromRule {
  return {
    state: 'inactive',
    name: 'r',
    uid: 'u',
    folderUid: 'f',
    labels: {},
    health: 'ok',
    totals: {},
    alerts: [],
    lastEvaluation: '0001-01-01T00:00:00Z',
    ...overrides,
  } as PromRule;
}

describe('rule and instance states', () => {
  it('names a rule by its worst instance, then by its health', () => {
    expect(ruleStateName(rule({ totals: { alerting: 1, pending: 2, error: 1 } }))).toBe('Firing');
    expect(ruleStateName(rule({ totals: { recovering: 1, pending: 1 } }))).toBe('Recovering');
    expect(ruleStateName(rule({ totals: { pending: 1, nodata: 1 } }))).toBe('Pending');
    expect(ruleStateName(rule({ health: 'error', totals: { normal: 2 } }))).toBe('Error');
    expect(ruleStateName(rule({ totals: { nodata: 1 } }))).toBe('NoData');
    expect(ruleStateName(rule({ health: 'nodata' }))).toBe('NoData');
    expect(ruleStateName(rule({ totals: { normal: 3 } }))).toBe('Normal');
  });

  it("reads the API's instance states with their reasons", () => {
    expect(instanceState('Alerting')).toEqual({ state: 'Firing', reason: '' });
    expect(instanceState('Alerting (NoData)')).toEqual({ state: 'Firing', reason: 'NoData' });
    expect(instanceState('Normal (MissingSeries)')).toEqual({ state: 'Normal', reason: 'MissingSeries' });
    expect(instanceState('Recovering')).toEqual({ state: 'Recovering', reason: '' });
    expect(instanceState('Error')).toEqual({ state: 'Error', reason: '' });
  });
});

describe('label matchers', () => {
  it('parses a filter of several matchers and tests label sets with Alertmanager semantics', () => {
    const matchers = parseMatchers('team=ops, env!~dev.*, severity=~"crit|warn"')!;
    expect(matchers.map(matcherText)).toEqual(['team="ops"', 'env!~"dev.*"', 'severity=~"crit|warn"']);
    expect(matchesLabels({ team: 'ops', env: 'prod', severity: 'crit' }, matchers)).toBe(true);
    expect(matchesLabels({ team: 'ops', env: 'dev-1', severity: 'crit' }, matchers)).toBe(false);
    // anchored: "critical" is not "crit"
    expect(matchesLabels({ team: 'ops', severity: 'critical' }, matchers)).toBe(false);
    // a missing label is the empty string
    expect(matchesLabels({}, parseMatchers('team!=ops')!)).toBe(true);
    expect(parseMatchers('')).toEqual([]);
    expect(parseMatchers('team')).toBeUndefined();
    expect(parseMatcher('alertname=Hot rooms')).toEqual({
      name: 'alertname',
      value: 'Hot rooms',
      isRegex: false,
      isEqual: true,
    });
  });

  it('links a new silence with one = matcher per label', () => {
    const url = newSilenceUrl({ room: 'lab', alertname: 'Hot, rooms' });
    const search = new URL(url, 'http://x').searchParams;
    expect(new URL(url, 'http://x').pathname).toBe('/alerting/silence/new');
    expect(search.getAll('matcher').map(parseMatcher)).toEqual([
      { name: 'alertname', value: 'Hot, rooms', isRegex: false, isEqual: true },
      { name: 'room', value: 'lab', isRegex: false, isEqual: true },
    ]);
  });
});

describe('rule list filters', () => {
  const hot = rule({
    name: 'Hot rooms',
    uid: 'hot',
    labels: { team: 'ops' },
    totals: { alerting: 1 },
    alerts: [{ labels: { room: 'lab' }, annotations: {}, state: 'Alerting', activeAt: '', value: '' }],
  });
  const quiet = rule({ name: 'Quiet', uid: 'quiet', labels: { team: 'dev' }, totals: { normal: 1 } });
  const groups: PromGroup[] = [
    { name: 'g', file: 'Rooms', folderUid: 'f1', interval: 10, lastEvaluation: '', rules: [hot, quiet] },
    { name: 'h', file: 'Rooms', folderUid: 'f1', interval: 60, lastEvaluation: '', rules: [quiet] },
    { name: 'g', file: 'Other', folderUid: 'f2', interval: 10, lastEvaluation: '', rules: [hot] },
  ];
  const index = indexAlerts([
    {
      labels: { __alert_rule_uid__: 'hot', room: 'lab' },
      receivers: [{ name: 'ops-hook' }],
      status: { state: 'active', silencedBy: [], inhibitedBy: [] },
    } as never,
  ]);
  const routing = (uid: string) => index.routingOf(uid, uid === 'quiet' ? 'dev-hook' : undefined);
  const names = (shown: PromGroup[]) =>
    shown.flatMap((g) => g.rules.map((r) => `${g.file}/${g.name}/${r.name}`));

  it('filters by state, rule or instance labels, contact point and search text; drops emptied groups', () => {
    expect(names(filterGroups(groups, { ...NO_FILTER, state: 'Firing' }, routing))).toEqual([
      'Rooms/g/Hot rooms',
      'Other/g/Hot rooms',
    ]);
    expect(
      names(filterGroups(groups, { ...NO_FILTER, labels: parseMatchers('room=lab')! }, routing)),
    ).toEqual(['Rooms/g/Hot rooms', 'Other/g/Hot rooms']);
    expect(
      names(filterGroups(groups, { ...NO_FILTER, labels: parseMatchers('team=dev')! }, routing)),
    ).toEqual(['Rooms/g/Quiet', 'Rooms/h/Quiet']);
    expect(names(filterGroups(groups, { ...NO_FILTER, contactPoint: 'ops-hook' }, routing))).toEqual([
      'Rooms/g/Hot rooms',
      'Other/g/Hot rooms',
    ]);
    expect(names(filterGroups(groups, { ...NO_FILTER, contactPoint: 'dev-hook' }, routing))).toEqual([
      'Rooms/g/Quiet',
      'Rooms/h/Quiet',
    ]);
    expect(names(filterGroups(groups, { ...NO_FILTER, search: 'QUI' }, routing))).toEqual([
      'Rooms/g/Quiet',
      'Rooms/h/Quiet',
    ]);
    expect(byFolder(groups).map((f) => [f.folder, f.groups.map((g) => g.name)])).toEqual([
      ['Rooms', ['g', 'h']],
      ['Other', ['g']],
    ]);
  });

  it('carries a filter in the query string and back; an unknown state or bad matcher is no filter', () => {
    const filter = {
      search: 'hot',
      state: 'Firing' as const,
      labels: parseMatchers('team=ops, env!~dev')!,
      contactPoint: 'ops-hook',
    };
    const search = searchOfFilter(filter);
    expect(search.toString()).toBe(
      'search=hot&state=Firing&labels=team%3D%22ops%22%2C+env%21%7E%22dev%22&contactPoint=ops-hook',
    );
    expect(filterFromSearch(search)).toEqual(filter);
    expect(searchOfFilter(NO_FILTER).toString()).toBe('');
    expect(filterFromSearch(new URLSearchParams('state=Burning&labels=team'))).toEqual(NO_FILTER);
  });

  it('finds the Alertmanager alert of an instance whatever its internal labels', () => {
    expect(index.find({ room: 'lab' })?.receivers).toEqual([{ name: 'ops-hook' }]);
    expect(index.find({ room: 'lab', __alert_rule_namespace_uid__: 'f1' })).toBeDefined();
    expect(index.find({ room: 'hall' })).toBeUndefined();
  });
});

describe('mute timing form', () => {
  it('splits the text fields into the API interval and back, empty parts omitted', () => {
    const interval = fromForm({
      times: '09:00-17:00, 18:00 - 20:00',
      weekdays: 'monday:friday,  sunday',
      days_of_month: '',
      months: 'december',
      years: '',
      location: ' Europe/Berlin ',
    });
    expect(interval).toEqual({
      times: [
        { start_time: '09:00', end_time: '17:00' },
        { start_time: '18:00', end_time: '20:00' },
      ],
      weekdays: ['monday:friday', 'sunday'],
      months: ['december'],
      location: 'Europe/Berlin',
    });
    expect(fromForm(toForm(interval))).toEqual(interval);
    expect(intervalSummary(interval)).toBe(
      '09:00-17:00, 18:00-20:00 · monday:friday, sunday · december · Europe/Berlin',
    );
    expect(intervalSummary({})).toBe('Always');
  });
});
