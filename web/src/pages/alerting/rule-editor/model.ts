import type { AlertQuery, ProvisionedRule, RuleBody } from '../../../api/rule-editor.js';

/** Grafana's data source uid of server-side expressions. */
export const EXPR_UID = '__expr__';

export type ExpressionType = 'reduce' | 'math' | 'threshold' | 'classic_conditions' | 'resample';

export const EXPRESSION_TYPES: { value: ExpressionType; label: string }[] = [
  { value: 'reduce', label: 'Reduce' },
  { value: 'math', label: 'Math' },
  { value: 'threshold', label: 'Threshold' },
  { value: 'classic_conditions', label: 'Classic condition' },
  { value: 'resample', label: 'Resample' },
];

export interface KeyValue {
  key: string;
  value: string;
}

/** The editor's state: the rule in the shape its fields edit. */
export interface RuleForm {
  title: string;
  folderUid: string;
  group: string;
  /** the group is typed in (not one of the folder's groups) */
  newGroup: boolean;
  /** the group's evaluation interval (`1m`) */
  interval: string;
  /** queries and expressions, in order */
  data: AlertQuery[];
  condition: string;
  pending: string;
  keepFiringFor: string;
  noDataState: string;
  execErrState: string;
  labels: KeyValue[];
  summary: string;
  description: string;
  runbookUrl: string;
  dashboardUid: string;
  panelId: string;
  /** annotations the editor has no field for, kept as they are */
  otherAnnotations: Record<string, string>;
  routing: 'policy' | 'contact';
  receiver: string;
  /** notification settings besides the receiver, kept as they are */
  otherSettings: Record<string, unknown>;
  isPaused: boolean;
}

/** What "Create alert rule from this panel" hands the editor. */
export interface RulePrefill {
  title: string;
  dashboardUid: string;
  panelId: number;
  queries: { refId: string; datasourceUid: string; model: Record<string, unknown> }[];
}

const KNOWN_ANNOTATIONS = ['summary', 'description', 'runbook_url', '__dashboardUid__', '__panelId__'];

export const isExpression = (query: AlertQuery) => query.datasourceUid === EXPR_UID;

/** The default relative range of a query: the last 10 minutes, as Grafana starts it. */
const QUERY_RANGE = { from: 600, to: 0 };

export function dataQuery(refId: string, datasourceUid: string, model: Record<string, unknown>): AlertQuery {
  return {
    refId,
    datasourceUid,
    relativeTimeRange: { ...QUERY_RANGE },
    model: { ...model, refId, intervalMs: 1000, maxDataPoints: 43200 },
  };
}

/** An expression with the model Grafana's editor starts it with. */
export function expression(refId: string, type: ExpressionType, input: string): AlertQuery {
  const base = { refId, type, datasource: { type: EXPR_UID, uid: EXPR_UID } };
  const models: Record<ExpressionType, Record<string, unknown>> = {
    reduce: { expression: input, reducer: 'last', settings: { mode: 'strict' } },
    math: { expression: `$${input} > 0` },
    threshold: { expression: input, conditions: [{ evaluator: { type: 'gt', params: [0] } }] },
    resample: { expression: input, window: '1m', downsampler: 'mean', upsampler: 'fillna' },
    classic_conditions: {
      conditions: [
        {
          type: 'query',
          query: { params: [input] },
          reducer: { type: 'avg', params: [] },
          evaluator: { type: 'gt', params: [0] },
          operator: { type: 'and' },
        },
      ],
    },
  };
  return {
    refId,
    datasourceUid: EXPR_UID,
    relativeTimeRange: { from: 0, to: 0 },
    model: { ...base, ...models[type] },
  };
}

/** The next free letter for a query or expression. */
export function nextRefId(data: AlertQuery[]): string {
  const used = new Set(data.map((q) => q.refId));
  for (let round = 0; ; round++) {
    for (let i = 0; i < 26; i++) {
      const id = String.fromCharCode(65 + i) + (round ? String(round) : '');
      if (!used.has(id)) return id;
    }
  }
}

/** Grafana's starting point: query A on the default data source, B = last(A), C = B > 0. */
export function defaultData(datasource: { uid: string; model: Record<string, unknown> } | undefined) {
  if (!datasource) return [expression('A', 'math', 'A')];
  return [dataQuery('A', datasource.uid, datasource.model), ...defaultExpressions('A', ['A'])];
}

/** A reduce of `input` and a threshold over it, with refIds free beside `used`. */
function defaultExpressions(input: string, used: string[]): AlertQuery[] {
  const taken = used.map((refId) => ({ refId }) as AlertQuery);
  const reduce = expression(nextRefId(taken), 'reduce', input);
  const threshold = expression(nextRefId([...taken, reduce]), 'threshold', reduce.refId);
  return [reduce, threshold];
}

export function emptyForm(): RuleForm {
  return {
    title: '',
    folderUid: '',
    group: '',
    newGroup: false,
    interval: '1m',
    data: [],
    condition: '',
    pending: '1m',
    keepFiringFor: '0s',
    noDataState: 'NoData',
    execErrState: 'Error',
    labels: [],
    summary: '',
    description: '',
    runbookUrl: '',
    dashboardUid: '',
    panelId: '',
    otherAnnotations: {},
    routing: 'policy',
    receiver: '',
    otherSettings: {},
    isPaused: false,
  };
}

/** A new rule's form from a panel's queries: its queries, then last() and a threshold. */
export function formFromPrefill(prefill: RulePrefill): RuleForm {
  const queries = prefill.queries.map((q) => dataQuery(q.refId, q.datasourceUid, q.model));
  // a panel without a query the rule can run gives none: the editor asks for one
  const data = queries.length
    ? [
        ...queries,
        ...defaultExpressions(
          queries[0]!.refId,
          queries.map((q) => q.refId),
        ),
      ]
    : [];
  return {
    ...emptyForm(),
    title: prefill.title,
    data,
    condition: data[data.length - 1]?.refId ?? '',
    dashboardUid: prefill.dashboardUid,
    panelId: String(prefill.panelId),
  };
}

export function formFromRule(rule: ProvisionedRule, interval: string): RuleForm {
  const annotations = rule.annotations ?? {};
  const { receiver, ...otherSettings } = rule.notification_settings ?? { receiver: '' };
  return {
    title: rule.title,
    folderUid: rule.folderUID,
    group: rule.ruleGroup,
    newGroup: false,
    interval,
    data: rule.data.map((q) => ({
      ...q,
      relativeTimeRange: q.relativeTimeRange ?? { from: 0, to: 0 },
      model: q.model ?? {},
    })),
    condition: rule.condition,
    pending: rule.for,
    keepFiringFor: rule.keep_firing_for,
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    labels: Object.entries(rule.labels ?? {}).map(([key, value]) => ({ key, value })),
    summary: annotations.summary ?? '',
    description: annotations.description ?? '',
    runbookUrl: annotations.runbook_url ?? '',
    dashboardUid: annotations.__dashboardUid__ ?? '',
    panelId: annotations.__panelId__ ?? '',
    otherAnnotations: Object.fromEntries(
      Object.entries(annotations).filter(([key]) => !KNOWN_ANNOTATIONS.includes(key)),
    ),
    routing: rule.notification_settings ? 'contact' : 'policy',
    receiver,
    otherSettings,
    isPaused: rule.isPaused,
  };
}

/** The provisioning API's body of the form (folder and group included). */
export function ruleBody(form: RuleForm, uid?: string): RuleBody {
  const annotations: Record<string, string> = { ...form.otherAnnotations };
  const put = (key: string, value: string) => {
    if (value.trim() !== '') annotations[key] = value.trim();
  };
  put('summary', form.summary);
  put('description', form.description);
  put('runbook_url', form.runbookUrl);
  put('__dashboardUid__', form.dashboardUid);
  put('__panelId__', form.panelId);
  return {
    ...(uid ? { uid } : {}),
    title: form.title.trim(),
    folderUID: form.folderUid,
    ruleGroup: form.group.trim(),
    condition: form.condition,
    data: form.data,
    for: form.pending.trim() || '0s',
    keep_firing_for: form.keepFiringFor.trim() || '0s',
    noDataState: form.noDataState,
    execErrState: form.execErrState,
    labels: Object.fromEntries(
      form.labels.filter((l) => l.key.trim() !== '').map((l) => [l.key.trim(), l.value]),
    ),
    annotations,
    isPaused: form.isPaused,
    notification_settings:
      form.routing === 'contact' ? { ...form.otherSettings, receiver: form.receiver } : null,
  };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800, y: 31536000 };

/** Seconds of a Prometheus duration (`1m30s`), undefined when it is not one. */
export function durationSeconds(text: string): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (value === '0') return 0;
  if (!/^(\d+(ms|s|m|h|d|w|y))+$/.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)) {
    total += unit === 'ms' ? Number(amount) / 1000 : Number(amount) * UNIT_SECONDS[unit!]!;
  }
  return total;
}

/** Field errors keyed by field: `title`, `folder`, `group`, `interval`, `query.<refId>`, ... */
export type FieldErrors = Record<string, string>;

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/** The scheduler's base interval: every group interval is a multiple of it. */
const BASE_INTERVAL_SECONDS = 10;

function expressionProblem(query: AlertQuery, refIds: Set<string>): string | undefined {
  const model = query.model ?? {};
  const type = model.type;
  const input = typeof model.expression === 'string' ? model.expression.replace(/^\$\{?|\}$/g, '') : '';
  if (type === 'math') {
    return typeof model.expression === 'string' && model.expression.trim() !== ''
      ? undefined
      : 'Math expression is required';
  }
  if (type === 'classic_conditions') {
    const conditions = Array.isArray(model.conditions) ? (model.conditions as ClassicCondition[]) : [];
    if (conditions.length === 0) return 'Add a condition';
    for (const c of conditions) {
      const ref = c.query?.params?.[0] ?? '';
      if (!refIds.has(ref)) return `Condition query "${ref}" is not a query of the rule`;
      if ((c.evaluator?.params ?? []).some((p) => !Number.isFinite(Number(p))))
        return 'Threshold values must be numbers';
    }
    return undefined;
  }
  if (input === '') return 'Input is required';
  if (!refIds.has(input)) return `Input "${input}" is not a query or expression of the rule`;
  if (input === query.refId) return 'An expression cannot take itself as input';
  if (type === 'threshold') {
    const conditions = Array.isArray(model.conditions) ? (model.conditions as ClassicCondition[]) : [];
    const params = conditions[0]?.evaluator?.params ?? [];
    if (params.some((p) => !Number.isFinite(Number(p)))) return 'Threshold values must be numbers';
  }
  if (
    type === 'resample' &&
    durationSeconds(typeof model.window === 'string' ? model.window : '') === undefined
  )
    return 'Window must be a duration such as 1m';
  return undefined;
}

export interface ClassicCondition {
  type?: string;
  query?: { params?: string[] };
  reducer?: { type?: string; params?: unknown[] };
  evaluator?: { type?: string; params?: unknown[] };
  operator?: { type?: string };
}

/** What the browser can check before it asks the server; empty when nothing is wrong. */
export function validate(form: RuleForm): FieldErrors {
  const errors: FieldErrors = {};
  if (form.title.trim() === '') errors.title = 'Name is required';
  if (form.folderUid === '') errors.folder = 'Folder is required';
  if (form.group.trim() === '') errors.group = 'Evaluation group is required';
  const interval = durationSeconds(form.interval);
  if (interval === undefined || interval <= 0 || interval % BASE_INTERVAL_SECONDS !== 0)
    errors.interval = `Interval must be a positive multiple of ${BASE_INTERVAL_SECONDS}s, such as 1m`;
  if (form.data.length === 0) errors.data = 'Add a query';
  const refIds = new Set(form.data.map((q) => q.refId));
  for (const query of form.data) {
    const key = `query.${query.refId}`;
    if (query.refId.trim() === '') errors.data = 'Every query needs a name';
    else if (isExpression(query)) {
      const problem = expressionProblem(query, refIds);
      if (problem) errors[key] = problem;
    } else if (query.datasourceUid === '') errors[key] = 'Choose a data source';
  }
  if (form.condition === '' || !refIds.has(form.condition)) errors.condition = 'Choose the alert condition';
  if (durationSeconds(form.pending || '0s') === undefined)
    errors.pending = 'Pending period must be a duration such as 5m';
  if (durationSeconds(form.keepFiringFor || '0s') === undefined)
    errors.keepFiringFor = 'Keep firing for must be a duration such as 5m';
  const names = form.labels.map((l) => l.key.trim()).filter((key) => key !== '');
  const badLabel = names.find((key) => !LABEL_NAME.test(key));
  if (badLabel !== undefined) errors.labels = `Invalid label name "${badLabel}"`;
  else if (new Set(names).size !== names.length) errors.labels = 'Label names must be unique';
  if ((form.dashboardUid === '') !== (form.panelId === ''))
    errors.dashboard = 'Set both the dashboard UID and the panel ID, or neither';
  else if (form.panelId !== '' && !/^\d+$/.test(form.panelId)) errors.dashboard = 'Panel ID must be a number';
  if (form.routing === 'contact' && form.receiver === '') errors.receiver = 'Choose a contact point';
  return errors;
}

/**
 * The field a server's 400 message is about (the provisioning API's `invalid alert rule: …`
 * messages, Grafana's wording), or `form` when it names none.
 */
export function fieldOfMessage(message: string, refIds: string[]): string {
  const detail = message.replace(/^invalid alert rule: /, '');
  const ref = (id: string | undefined) =>
    id !== undefined && refIds.includes(id) ? `query.${id}` : undefined;
  const patterns: [RegExp, (match: RegExpExecArray) => string | undefined][] = [
    [/^title is empty|rule title under the same/, () => 'title'],
    [/^folder does not exist/, () => 'folder'],
    [/^interval \(/, () => 'interval'],
    [/^condition /, () => 'condition'],
    [/field `for`/, () => 'pending'],
    [/field `keep_firing_for`/, () => 'keepFiringFor'],
    [/NoData state/, () => 'noDataState'],
    [/Error state/, () => 'execErrState'],
    [/label name|reserved label/, () => 'labels'],
    [/Panel ID|Dashboard UID|__panelId__/, () => 'dashboard'],
    [/^notification settings: receiver/, () => 'receiver'],
    [/^failed to validate query (\S+):/, (m) => ref(m[1])],
    [/^query (\S+) has no/, (m) => ref(m[1])],
    [/^refId '([^']+)'|^duplicate refId "([^"]+)"/, (m) => ref(m[1] ?? m[2])],
    [/^expression (\S+) refers/, (m) => ref(m[1])],
    [/ in (\S+)$/, (m) => ref(m[1])],
    [/^([^:\s]+): /, (m) => ref(m[1])],
  ];
  for (const [pattern, field] of patterns) {
    const match = pattern.exec(detail);
    if (match) {
      const found = field(match);
      if (found) return found;
    }
  }
  return 'form';
}
