import type { GenericOAuthConfig } from '../../../config/config.js';

export type Claims = Record<string, unknown>;

/** A JSON answer of the provider's API, with the next page its `Link` header names. */
export interface ApiAnswer {
  body: unknown;
  next?: string;
}

/** What a provider reads after the code exchange, with the user's access token. */
export interface ProviderContext {
  settings: GenericOAuthConfig;
  /** GET `url` with the access token; 401 refusal or 502 as for every provider call */
  getJson(url: string): Promise<ApiAnswer>;
}

/**
 * One sign-in provider: generic OAuth or a named preset (`[auth.github]`, …). A preset says only
 * how it differs from the generic flow, which runs the authorization-code exchange for all of them.
 */
export interface OAuthProvider {
  /** `/login/<key>`, `[auth.<key>]`, auth module `oauth_<key>` */
  key: string;
  /** Grafana's label of the auth module in user views (`authLabels`) */
  label: string;
  /** the login page's icon for the button */
  icon: string;
  /** the endpoints the operator left empty, derived from the others (Azure's keys from its tenant) */
  resolve?(settings: GenericOAuthConfig): GenericOAuthConfig;
  /** false: the provider's userinfo is read by `claims` itself (api_url is not the userinfo URL) */
  userinfo?: boolean;
  /** the claims the mapping reads, from the validated id_token and userinfo; refusals are AppErrors */
  claims?(claims: Claims, context: ProviderContext): Promise<Claims>;
  /** the mapping settings the preset fixes (Grafana reads these attributes, not the *_attribute_path keys) */
  mapping?: Partial<
    Pick<
      GenericOAuthConfig,
      | 'emailAttributePath'
      | 'loginAttributePath'
      | 'nameAttributePath'
      | 'roleAttributePath'
      | 'groupsAttributePath'
    >
  >;
  /** the provider's stable id of the user; default `sub`, else a numeric `id` */
  subject?(claims: Claims): unknown;
}

/** Every page of a paginated list (GitHub and GitLab name the next page in `Link: <…>; rel="next"`). */
export async function allPages(context: ProviderContext, url: string, limit = 20): Promise<unknown[]> {
  const items: unknown[] = [];
  let next: string | undefined = url;
  for (let page = 0; next && page < limit; page++) {
    const answer: ApiAnswer = await context.getJson(next);
    if (Array.isArray(answer.body)) items.push(...(answer.body as unknown[]));
    next = answer.next;
  }
  return items;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** `base` + `/path`, whatever slashes the operator wrote. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
