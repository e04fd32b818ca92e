import { LIMITS } from '../../lib/limits.js';
import { isValidUid } from '../../lib/uid.js';
import {
  emptyTitle,
  folderPayload,
  messageTooLong,
  tagTooLong,
  titleTooLong,
  uidIllegal,
  uidTooLong,
} from './dashboards.errors.js';

/** A dashboard model as clients send it: any JSON object; svc only reads a few fields. */
export type DashboardModel = Record<string, unknown>;

/** printable ASCII: nothing for NFKD to decompose */
const ASCII = /^[ -~]*$/;

/**
 * Grafana's slugify: lower case, runs of other characters become `-`, no `-` at either end. Cut to
 * the slug column: decomposition can make a slug longer than its title (`¼` becomes `1-4`).
 */
export function slugify(title: string): string {
  const lower = title.toLowerCase();
  // ASCII needs no decomposition (search slugs every hit: normalize was most of the cost)
  return (ASCII.test(lower) ? lower : lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, LIMITS.dashboard.slug)
    .replace(/^-+|-+$/g, '');
}

/** The indexed lower-case title prefix that search matches and sorts on. */
export const sortTitleOf = (title: string) => title.toLowerCase().slice(0, LIMITS.dashboard.sortTitle);

export const dashboardUrl = (uid: string, slug: string) => `/d/${uid}/${slug}`;

export function titleOf(model: DashboardModel): string {
  return typeof model.title === 'string' ? model.title.trim() : '';
}

/** The model's tags: strings only, trimmed, without duplicates or empty ones. */
export function tagsOf(model: DashboardModel): string[] {
  if (!Array.isArray(model.tags)) return [];
  const tags = model.tags.filter((t): t is string => typeof t === 'string').map((t) => t.trim());
  return [...new Set(tags.filter((t) => t !== ''))];
}

export function validateUid(uid: string): void {
  if (uid.length > LIMITS.uid) throw uidTooLong();
  if (!isValidUid(uid)) throw uidIllegal();
}

/** Grafana's save validation, in Grafana's order. */
export function validateModel(model: DashboardModel, message: string | undefined): void {
  if (model.isFolder === true) throw folderPayload();
  const title = titleOf(model);
  if (title === '') throw emptyTitle();
  if (title.length > LIMITS.dashboard.title) throw titleTooLong();
  if (typeof model.uid === 'string' && model.uid !== '') validateUid(model.uid);
  if (message !== undefined && message.length > LIMITS.dashboard.message) throw messageTooLong();
  // Grafana's limit, within the tag column's
  if (tagsOf(model).some((tag) => tag.length > 50)) throw tagTooLong();
}

/**
 * The stored text of a model: the client's JSON with the database's id, uid and version. Kept
 * as text so reads can send it without parsing it again.
 */
export function storedText(
  model: DashboardModel,
  fields: { id: number; uid: string; version: number },
): string {
  return JSON.stringify({ ...model, id: fields.id, uid: fields.uid, version: fields.version });
}
