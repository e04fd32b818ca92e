/** Every integration type svc can create and send to, by identifier. */

import type { NotifierDefinition } from './notifier.js';
import { discord } from './notifiers/discord.js';
import { email } from './notifiers/email.js';
import { googlechat } from './notifiers/googlechat.js';
import { jira } from './notifiers/jira.js';
import { kafka } from './notifiers/kafka.js';
import { mqtt } from './notifiers/mqtt.js';
import { opsgenie } from './notifiers/opsgenie.js';
import { pagerduty } from './notifiers/pagerduty.js';
import { prometheusAlertmanager } from './notifiers/prometheus-alertmanager.js';
import { pushover } from './notifiers/pushover.js';
import { dingding, line, sensugo, threema, victorops, webex } from './notifiers/simple-chat.js';
import { slack } from './notifiers/slack.js';
import { sns } from './notifiers/sns.js';
import { teams } from './notifiers/teams.js';
import { telegram } from './notifiers/telegram.js';
import { wecom } from './notifiers/wecom.js';
import { oncall, webhook } from './notifiers/webhook.js';

const notifiers: readonly NotifierDefinition[] = [
  prometheusAlertmanager,
  dingding,
  discord,
  email,
  googlechat,
  jira,
  kafka,
  line,
  mqtt,
  oncall,
  opsgenie,
  pagerduty,
  pushover,
  sensugo,
  slack,
  sns,
  teams,
  telegram,
  threema,
  victorops,
  webex,
  webhook,
  wecom,
];

const byLowerType = new Map(notifiers.map((n) => [n.type.toLowerCase(), n]));

/** The identifiers in the catalogue's order (byte order: `LINE` first). */
export const integrationTypes: readonly string[] = notifiers
  .map((n) => n.type)
  .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Grafana compat: types match case-insensitively (`line` is `LINE`). */
export function notifierFor(type: string): NotifierDefinition | undefined {
  return byLowerType.get(type.toLowerCase());
}
