/**
 * The HTML and text bodies of an alert email (Grafana's ng_alert_notification): the rendered
 * message when the integration has one, else a summary and the firing and resolved alerts.
 */

import { htmlEscape } from '../../../lib/gotemplate/index.js';
import type { NotificationAlert, NotificationData } from '../templates/index.js';
import { joinUrl, productVersion } from './notifier.js';

interface EmailContent {
  title: string;
  /** The rendered `message` setting; empty means the default layout. */
  message: string;
}

export function emailBodies(data: NotificationData, content: EmailContent): { html: string; text: string } {
  const alertPageUrl = `${joinUrl(data.ExternalURL, '/alerting/list')}?alertState=firing&view=state`;
  return { html: html(data, content, alertPageUrl), text: text(data, content, alertPageUrl) };
}

function summary(data: NotificationData): string {
  const firing = data.Alerts.Firing().length;
  const resolved = data.Alerts.Resolved().length;
  return `You have ${firing} firing alert(s), and ${resolved} resolved alert(s) for ${data.GroupLabels.String()}`;
}

function text(data: NotificationData, content: EmailContent, alertPageUrl: string): string {
  const lines: string[] = [content.title, ''];
  if (content.message) {
    lines.push(content.message, '');
  } else {
    lines.push(summary(data), '');
    for (const [label, alerts] of sections(data)) {
      lines.push(`(${alerts.length}) ${label}`, '-----------');
      for (const alert of alerts) lines.push(...alertText(alert), '');
    }
  }
  lines.push(`Go to the Alerts page: ${alertPageUrl}`, '', `Sent by ${productVersion(data)}`, '');
  return lines.join('\n');
}

function alertText(alert: NotificationAlert): string[] {
  const lines = [`Alertname: ${alert.Labels.get('alertname') ?? ''}`];
  if (alert.ValueString) lines.push(`Value: ${alert.ValueString}`);
  lines.push('Labels:');
  for (const pair of alert.Labels.SortedPairs()) lines.push(` - ${pair.Name} = ${pair.Value}`);
  lines.push('Annotations:');
  for (const pair of alert.Annotations.SortedPairs()) lines.push(` - ${pair.Name} = ${pair.Value}`);
  for (const [name, url] of links(alert)) lines.push(`${name}: ${url}`);
  return lines;
}

function sections(data: NotificationData): Array<[string, NotificationAlert[]]> {
  const out: Array<[string, NotificationAlert[]]> = [];
  const firing = data.Alerts.Firing();
  const resolved = data.Alerts.Resolved();
  if (firing.length > 0) out.push(['FIRING', firing]);
  if (resolved.length > 0) out.push(['RESOLVED', resolved]);
  return out;
}

function links(alert: NotificationAlert): Array<[string, string]> {
  const candidates: Array<[string, string]> = [
    ['Source', alert.GeneratorURL],
    ['Silence', alert.SilenceURL],
    ['Dashboard', alert.DashboardURL],
    ['Panel', alert.PanelURL],
  ];
  return candidates.filter(([, url]) => url !== '');
}

const e = htmlEscape;

function html(data: NotificationData, content: EmailContent, alertPageUrl: string): string {
  const color = data.Status === 'firing' ? '#D63232' : '#36a64f';
  const parts: string[] = [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(content.title)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #24292e; background: #f4f5f5; margin: 0; padding: 16px;">',
    '<div style="max-width: 640px; margin: 0 auto; background: #ffffff; padding: 24px; border-radius: 4px;">',
    `<h1 style="font-size: 20px; border-left: 4px solid ${color}; padding-left: 8px;">${e(content.title)}</h1>`,
  ];
  if (content.message) {
    parts.push(`<pre style="white-space: pre-wrap; font-family: inherit;">${e(content.message)}</pre>`);
  } else {
    parts.push(`<p>${e(summary(data))}</p>`);
    for (const [label, alerts] of sections(data)) {
      parts.push(`<h2 style="font-size: 16px;">(${alerts.length}) ${label}</h2>`);
      for (const alert of alerts) parts.push(alertHtml(alert));
    }
  }
  parts.push(
    `<p><a href="${e(alertPageUrl)}" style="display: inline-block; padding: 8px 16px; background: #3d71d9; color: #ffffff; text-decoration: none; border-radius: 2px;">View your alerts</a></p>`,
    `<p style="font-size: 12px; color: #6a737d;">Sent by ${e(productVersion(data))}</p>`,
    '</div></body></html>',
  );
  return parts.join('\n');
}

function alertHtml(alert: NotificationAlert): string {
  const rows = (title: string, pairs: Array<{ Name: string; Value: string }>): string =>
    `<p style="margin: 8px 0 4px;"><strong>${title}</strong></p><ul style="margin: 0;">${pairs
      .map((p) => `<li>${e(p.Name)} = ${e(p.Value)}</li>`)
      .join('')}</ul>`;
  const linkHtml = links(alert)
    .map(([name, url]) => `<a href="${e(url)}">${name}</a>`)
    .join(' | ');
  return [
    '<div style="border: 1px solid #e1e4e8; padding: 12px; margin: 8px 0; border-radius: 4px;">',
    `<p style="margin: 0;"><strong>${e(alert.Labels.get('alertname') ?? '')}</strong></p>`,
    alert.ValueString ? `<p style="margin: 4px 0;">Value: ${e(alert.ValueString)}</p>` : '',
    rows('Labels', alert.Labels.SortedPairs()),
    rows('Annotations', alert.Annotations.SortedPairs()),
    linkHtml ? `<p style="margin: 8px 0 0;">${linkHtml}</p>` : '',
    '</div>',
  ].join('\n');
}
