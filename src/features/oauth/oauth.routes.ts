import type { Static } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { Config, GenericOAuthConfig } from '../../config/config.js';
import type { Api } from '../../http/api.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { clientInfo } from '../auth/request-authenticator.js';
import type { ClientInfo } from '../auth/sessions.service.js';
import type { SessionCookie } from '../auth/session-cookie.js';
import { oauthDisabled, providerDenied, stateMismatch } from './oauth.errors.js';
import { FrontendSettings, OAuthQuery } from './oauth.schema.js';
import type { OAuthService } from './oauth.service.js';
import type { createStateSealer } from './oauth-state.js';
import type { OidcClient } from './oidc-client.js';
import type { OAuthProvider } from './providers/provider.js';

/** One provider's sign-in: its preset, settings in effect, flow and service. */
export interface SignInProvider {
  provider: OAuthProvider;
  settings: GenericOAuthConfig;
  client: OidcClient;
  oauth: OAuthService;
}

/** A sign-in started and not finished within this time is refused. */
const PENDING_TTL_MS = 10 * 60_000;

type CallbackQuery = Static<typeof OAuthQuery>;

/** Only a path of this site: never an absolute URL someone put in a link. */
function safeRedirect(target: string | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

/**
 * GET /login/<provider> (generic_oauth, github, gitlab, google, azuread, okta) starts a sign-in
 * (redirect to the provider with state, nonce and PKCE) and, with `code` and `state`, finishes it
 * (Grafana uses one path for both). Every refusal redirects to /login?error=<message>.
 * GET /api/frontend/settings tells the login page about the enabled providers.
 */
export function registerOAuthRoutes(
  api: Api,
  deps: {
    config: Config;
    clock: Clock;
    providers: SignInProvider[];
    sealer: ReturnType<typeof createStateSealer>;
    sessionCookie: SessionCookie;
    startSession: (
      userId: number,
      client: ClientInfo,
    ) => Promise<{ token: string; session: { rotated_at: number } }>;
    log: { error(obj: object, msg: string): void };
  },
): void {
  const { config, clock, sealer, sessionCookie } = deps;
  const stateCookie = `${config.auth.loginCookieName}_oauth_state`;
  const cookieOptions = {
    path: '/login',
    httpOnly: true,
    secure: config.security.cookieSecure,
    // The provider sends the browser back with a top-level GET: Lax cookies come along.
    sameSite: 'lax' as const,
  };

  async function begin({ settings, client }: SignInProvider, query: CallbackQuery, reply: FastifyReply) {
    const pending = {
      state: randomState(),
      nonce: randomNonce(),
      verifier: settings.usePkce ? randomPKCECodeVerifier() : '',
      redirectTo: safeRedirect(query.redirectTo),
      expiresAt: clock.now() + PENDING_TTL_MS,
    };
    const url = await client.authorizationUrl(pending);
    reply.setCookie(stateCookie, sealer.seal(pending), { ...cookieOptions, maxAge: PENDING_TTL_MS / 1000 });
    return reply.redirect(url);
  }

  async function finish(
    { provider, oauth }: SignInProvider,
    query: CallbackQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const pending = sealer.open(request.cookies[stateCookie], clock.now());
    reply.clearCookie(stateCookie, cookieOptions);
    if (!pending || pending.state !== query.state) throw stateMismatch();
    const callbackUrl = new URL(redirectUri(config, provider.key));
    callbackUrl.search = request.url.slice(request.url.indexOf('?'));
    const userId = await oauth.signIn(callbackUrl, pending);
    const { token, session } = await deps.startSession(userId, clientInfo(request));
    sessionCookie.write(reply, token, session.rotated_at);
    return reply.redirect(safeRedirect(pending.redirectTo));
  }

  for (const signIn of deps.providers) {
    api.get(
      `/login/${signIn.provider.key}`,
      { config: { public: true }, schema: { querystring: OAuthQuery } },
      async (request, reply) => {
        try {
          if (!signIn.settings.enabled) throw oauthDisabled();
          if (request.query.error) throw providerDenied();
          const { query } = request;
          return await (query.code === undefined
            ? begin(signIn, query, reply)
            : finish(signIn, query, request, reply));
        } catch (err) {
          // Grafana compat: the browser lands on the login page, which shows the message.
          if (!(err instanceof AppError)) deps.log.error({ err }, 'OAuth sign-in failed');
          const message = err instanceof AppError ? err.message : 'Login failed';
          return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
        }
      },
    );
  }

  api.get(
    '/api/frontend/settings',
    { config: { public: true }, schema: { response: { 200: FrontendSettings } } },
    (): FrontendSettings => {
      const oauth: FrontendSettings['oauth'] = {};
      for (const { provider, settings } of deps.providers)
        if (settings.enabled) oauth[provider.key] = { name: settings.name, icon: provider.icon };
      return {
        oauth,
        oauthAutoLogin: deps.providers.some(({ settings }) => settings.enabled && settings.autoLogin),
        disableLoginForm: config.auth.disableLoginForm,
      };
    },
  );
}

/** Where the provider sends the browser back: `<root_url>login/<provider>`. */
export function redirectUri(config: Config, key: string): string {
  const root =
    config.server.rootUrl || `${config.server.protocol}://${config.server.domain}:${config.server.httpPort}/`;
  return `${root.endsWith('/') ? root : `${root}/`}login/${key}`;
}
