import { createHash } from 'node:crypto';

/**
 * Grafana compat: service accounts have no email of their own, so Grafana derives the avatar from
 * the name: md5 of `<name without non-alphanumerics>@localhost`, lower-cased (served by /avatar).
 */
export function serviceAccountAvatarUrl(name: string): string {
  const text = `${name.replace(/[^a-zA-Z0-9]+/g, '')}@localhost`.toLowerCase();
  return `/avatar/${createHash('md5').update(text).digest('hex')}`;
}
