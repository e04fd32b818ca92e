import { createHash } from 'node:crypto';

/** Grafana's avatar link: /avatar/<md5 of the lower-cased email> (served locally by svc). */
export function avatarUrl(emailOrName: string): string {
  return `/avatar/${createHash('md5').update(emailOrName.trim().toLowerCase()).digest('hex')}`;
}
