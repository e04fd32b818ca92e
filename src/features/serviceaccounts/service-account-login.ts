import { createHash } from 'node:crypto';

const LOGIN_MAX_LENGTH = 190;

/**
 * Grafana's service-account login, `sa-<orgId>-<slug of the name>`; the email is the same text.
 * Two names with the same slug ("My SA", "my-sa") get the same login, which Grafana reports as an
 * existing service account.
 */
export function serviceAccountLogin(orgId: number, name: string): string {
  const prefix = `sa-${orgId}-`;
  return (
    prefix +
    slugify(name)
      .slice(0, LOGIN_MAX_LENGTH - prefix.length)
      .replace(/-+$/, '')
  );
}

/** Lower-case ASCII letters and digits joined by single dashes; accents are dropped, not the letter. */
function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // A name without any latin letter or digit ("監視") still needs a stable, distinct login.
  return slug || createHash('sha1').update(text.trim()).digest('hex').slice(0, 16);
}
