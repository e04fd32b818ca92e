/**
 * Jira: one issue per alert group, found again by a dedup label (or custom field) carrying the
 * group's hash; firing creates or updates it (reopening a resolved one), resolution transitions it.
 */

import { DeliveryError } from '../errors.js';
import { struct, toJson } from '../json.js';
import {
  groupKeyHash,
  isHttpUrl,
  joinUrl,
  truncateRunes,
  type Delivery,
  type NotifierDefinition,
} from '../notifier.js';
import { isRecord, type Settings } from '../settings.js';
import type { HttpRequest, HttpResponse } from '../http-client.js';

const defaultSummary = '{{ template "jira.default.summary" . }}';
const defaultDescription = '{{ template "jira.default.description" . }}';
const defaultPriority = '{{ template "jira.default.priority" . }}';
const maxDescription = 32767;

/** Prometheus durations (`30m`, `1h30m`, `7d`), as Grafana parses reopen_duration. */
function parseDuration(text: string): number | undefined {
  const m = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(text);
  if (!m || text === '') return undefined;
  const units = [365 * 86400e3, 7 * 86400e3, 86400e3, 3600e3, 60e3, 1e3, 1];
  return units.reduce((sum, unit, i) => sum + Number(m[i + 1] ?? 0) * unit, 0);
}

function validate(s: Settings): string | undefined {
  if (s.string('api_url') === '') return 'could not find api_url property in settings';
  const reopen = s.string('reopen_duration');
  if (reopen !== '' && parseDuration(reopen) === undefined)
    return `field reopen_duration is not a valid duration: not a valid duration string: ${JSON.stringify(reopen)}`;
  if (s.string('project') === '') return 'missing project in jira_config';
  if (s.string('issue_type') === '') return 'missing issue_type in jira_config';
  const token = s.string('api_token');
  const user = s.string('user');
  const password = s.string('password');
  if (token === '' && (user === '' || password === ''))
    return 'either token or both user and password must be set';
  if (token !== '' && (user !== '' || password !== ''))
    return 'provided both token and user/password, only one is allowed at a time';
  const dedup = s.string('dedup_key_field');
  if (dedup !== '' && !/^[0-9]+$/.test(dedup)) return 'dedup_key_field must match the format [0-9]+';
  return undefined;
}

function validateUrls(s: Settings): string | undefined {
  const url = s.string('api_url');
  return isHttpUrl(url)
    ? undefined
    : `field api_url is not a valid URL: parse ${JSON.stringify(url)}: invalid URL`;
}

interface Issue {
  key: string;
  done: boolean;
  resolvedAt?: number;
}

class JiraClient {
  constructor(private readonly d: Delivery) {}

  private get s(): Settings {
    return this.d.settings;
  }

  async call(path: string, req: Omit<HttpRequest, 'url'> = {}): Promise<HttpResponse> {
    const token = this.s.string('api_token');
    return this.d.http.send({
      ...req,
      url: joinUrl(this.s.string('api_url'), path),
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...req.headers,
      },
      basicAuth: token ? undefined : { user: this.s.string('user'), password: this.s.string('password') },
    });
  }

  async find(project: string, dedupKey: string): Promise<Issue | undefined> {
    const field = this.s.string('dedup_key_field');
    const match = field
      ? `cf[${field}]~${JSON.stringify(dedupKey)}`
      : `labels=${JSON.stringify(`ALERT{${dedupKey}}`)}`;
    const res = await this.call('/search', {
      body: toJson(
        struct({
          jql: `project=${JSON.stringify(project)} and ${match} order by status ASC,resolutiondate DESC`,
          maxResults: 2,
          fields: ['status', 'resolutiondate'],
        }),
      ),
    });
    const issues = (parse(res.body).issues ?? []) as unknown[];
    const first = issues.find(isRecord);
    if (!first || typeof first.key !== 'string') return undefined;
    const fields = isRecord(first.fields) ? first.fields : {};
    const status = isRecord(fields.status) ? fields.status : {};
    const category = isRecord(status.statusCategory) ? status.statusCategory : {};
    const resolvedAt =
      typeof fields.resolutiondate === 'string' ? Date.parse(fields.resolutiondate) : undefined;
    return { key: first.key, done: category.key === 'done', resolvedAt };
  }

  async transition(issue: Issue, name: string): Promise<HttpResponse> {
    const res = await this.call(`/issue/${issue.key}/transitions`, { method: 'GET' });
    const transitions = (parse(res.body).transitions ?? []) as unknown[];
    const found = transitions.filter(isRecord).find((t) => t.name === name);
    if (!found || typeof found.id !== 'string')
      throw new DeliveryError(`can't find transition ${name} for issue ${issue.key}`);
    return this.call(`/issue/${issue.key}/transitions`, {
      body: toJson(struct({ transition: struct({ id: found.id }) })),
    });
  }
}

function parse(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** Jira Cloud's API v3 takes descriptions as Atlassian Document Format, v2 as plain text. */
function description(apiUrl: string, text: string): unknown {
  const cut = truncateRunes(text, maxDescription).text;
  if (!/\/3\/?$/.test(new URL(apiUrl).pathname)) return cut;
  return {
    type: 'doc',
    version: 1,
    content: [{ type: 'paragraph', content: cut ? [{ type: 'text', text: cut }] : [] }],
  };
}

function issueFields(d: Delivery, dedupKey: string, create: boolean): Record<string, unknown> {
  const s = d.settings;
  const fields: Record<string, unknown> = {
    summary: truncateRunes(d.render(s.text('summary', defaultSummary), 'summary'), 255).text,
    description: description(
      s.string('api_url'),
      d.render(s.text('description', defaultDescription), 'description'),
    ),
  };
  if (create) {
    fields.project = { key: s.string('project') };
    fields.issuetype = { name: s.string('issue_type') };
    const labels = s
      .list('labels')
      .filter((l): l is string => typeof l === 'string')
      .map((l, i) => d.render(l, `labels[${i}]`));
    const dedupField = s.string('dedup_key_field');
    if (dedupField) fields[`customfield_${dedupField}`] = dedupKey;
    else labels.push(`ALERT{${dedupKey}}`);
    fields.labels = labels;
    const priority = d.render(s.text('priority', defaultPriority), 'priority');
    if (priority) fields.priority = { name: priority };
    const custom = s.raw('fields');
    if (isRecord(custom)) Object.assign(fields, custom);
  }
  return fields;
}

async function send(d: Delivery) {
  const s = d.settings;
  const jira = new JiraClient(d);
  const dedupKey = groupKeyHash(d.data);
  const firing = d.data.Status === 'firing';
  let issue = await jira.find(s.string('project'), dedupKey);

  if (!firing) {
    const resolve = s.string('resolve_transition');
    if (!issue || issue.done || !resolve) return { skipped: true };
    return { statusCode: (await jira.transition(issue, resolve)).status };
  }

  // An issue resolved longer ago than reopen_duration is history: open a new one.
  const reopenWindow = parseDuration(s.string('reopen_duration'));
  if (issue?.done && reopenWindow !== undefined && issue.resolvedAt !== undefined) {
    if (Date.now() - issue.resolvedAt > reopenWindow) issue = undefined;
  }
  if (!issue) {
    const res = await jira.call('/issue', { body: toJson({ fields: issueFields(d, dedupKey, true) }) });
    return { statusCode: res.status };
  }
  const res = await jira.call(`/issue/${issue.key}`, {
    method: 'PUT',
    body: toJson({ fields: issueFields(d, dedupKey, false) }),
  });
  const reopen = s.string('reopen_transition');
  if (issue.done && reopen) return { statusCode: (await jira.transition(issue, reopen)).status };
  return { statusCode: res.status };
}

export const jira: NotifierDefinition = {
  type: 'jira',
  secure: ['user', 'password', 'api_token'],
  templated: ['summary', 'description', 'priority', 'labels[]'],
  defaults: { summary: defaultSummary, description: defaultDescription, priority: defaultPriority },
  validate,
  validateUrls,
  send,
};
