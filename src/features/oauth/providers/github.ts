import { missingOrganization, missingTeam } from '../oauth.errors.js';
import { allPages, joinUrl, text, type Claims, type OAuthProvider } from './provider.js';

interface GithubTeam {
  id?: number;
  slug?: string;
  html_url?: string;
  organization?: { login?: string };
}

interface GithubEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

/**
 * `[auth.github]` (GitHub is OAuth2 without OpenID Connect): the user from `api_url`, its teams
 * from `<api_url>/teams` (groups: the team's URL and `@org/slug`; `team_ids` must name one), its
 * organizations from `<api_url>/orgs` (`allowed_organizations` must name one, case-insensitive) and,
 * when the profile's email is private, the primary verified one from `<api_url>/emails`.
 */
export const githubProvider: OAuthProvider = {
  key: 'github',
  label: 'GitHub',
  icon: 'github',
  // api_url is the profile, not an OpenID userinfo endpoint (no `sub`): read here.
  userinfo: false,
  mapping: {
    loginAttributePath: 'login',
    emailAttributePath: 'email',
    nameAttributePath: '',
    groupsAttributePath: 'groups',
  },
  async claims(_idClaims, context) {
    const { settings } = context;
    const user = ((await context.getJson(settings.apiUrl)).body ?? {}) as Claims;
    const teams = (await allPages(context, joinUrl(settings.apiUrl, 'teams?per_page=100'))) as GithubTeam[];
    if (settings.teamIds.length && !teams.some((t) => settings.teamIds.includes(Number(t.id)))) {
      throw missingTeam();
    }
    if (settings.allowedOrganizations.length) {
      const orgs = (await allPages(context, joinUrl(settings.apiUrl, 'orgs?per_page=100'))) as Claims[];
      const allowed = settings.allowedOrganizations.map((o) => o.toLowerCase());
      if (!orgs.some((o) => allowed.includes(text(o.login).toLowerCase()))) throw missingOrganization();
    }
    const groups: string[] = [];
    for (const team of teams) {
      if (team.html_url) groups.push(team.html_url);
      if (team.organization?.login && team.slug) groups.push(`@${team.organization.login}/${team.slug}`);
    }
    let email = text(user.email);
    if (!email) {
      const emails = (await context.getJson(joinUrl(settings.apiUrl, 'emails'))).body;
      const primary = Array.isArray(emails)
        ? (emails as GithubEmail[]).find((e) => e.primary && e.verified)
        : undefined;
      email = text(primary?.email);
    }
    // The name falls back to the login (mapUserInfo); the id is GitHub's numeric user id.
    return { ...user, email, name: text(user.name) || text(user.login), groups };
  },
  subject: (claims) => claims.id,
};
