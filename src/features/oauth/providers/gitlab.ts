import { userInactive } from '../oauth.errors.js';
import { allPages, joinUrl, text, type Claims, type OAuthProvider } from './provider.js';

/**
 * `[auth.gitlab]`: the user from `<api_url>/user` (an inactive account is refused) and its groups'
 * full paths from `<api_url>/groups` (for `allowed_groups` and `role_attribute_path`). With the
 * `openid` scope GitLab's id_token is validated too; the API answer is what the mapping reads.
 */
export const gitlabProvider: OAuthProvider = {
  key: 'gitlab',
  label: 'GitLab',
  icon: 'gitlab',
  userinfo: false,
  mapping: {
    loginAttributePath: 'username',
    emailAttributePath: 'email',
    nameAttributePath: 'name',
    groupsAttributePath: 'groups',
  },
  async claims(_idClaims, context) {
    const { body } = await context.getJson(joinUrl(context.settings.apiUrl, 'user'));
    const user = (body ?? {}) as Claims;
    if (text(user.state) && text(user.state) !== 'active') throw userInactive();
    const groups = (await allPages(
      context,
      joinUrl(context.settings.apiUrl, 'groups?per_page=100'),
    )) as Claims[];
    return { ...user, groups: groups.map((g) => text(g.full_path)).filter(Boolean) };
  },
  subject: (claims) => claims.id,
};
