import * as client from 'openid-client';
import type { GenericOAuthConfig } from '../../config/config.js';
import { AppError } from '../../http/errors.js';
import { missingSubject, providerUnreachable, tokenRejected } from './oauth.errors.js';
import type { OAuthProvider } from './providers/provider.js';

/** What the provider said about a completed sign-in. */
export interface ProviderAnswer {
  /** the provider's stable identifier of the user (`sub`) */
  subject: string;
  /** the validated id_token's claims merged over the userinfo answer */
  claims: Record<string, unknown>;
  tokens: ProviderTokens;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  tokenType: string;
  /** epoch ms, 0 when the provider did not say */
  expiresAt: number;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

const TIMEOUT_SECONDS = 10;

/**
 * The provider side of the authorization-code flow, through openid-client: discovery or explicit
 * endpoints, the authorization URL, the code exchange (state, PKCE, nonce) with the id_token
 * validated (JWKS signature, issuer, audience, expiry, nonce) and the userinfo request.
 *
 * With `token_url` empty, `auth_url` is the issuer and everything comes from its discovery document.
 * With explicit endpoints, an id_token is accepted only when `jwk_set_url` (and `issuer`) say how to
 * check it; plain OAuth2 providers without id_tokens are read through `api_url` alone.
 * Plain http URLs are used only when the operator configured them so (a provider on loopback).
 */
export function createOidcClient(
  configured: GenericOAuthConfig,
  provider: OAuthProvider,
  redirectUri: string,
  log: Logger,
) {
  const settings = provider.resolve ? provider.resolve(configured) : configured;
  const readUserinfo = provider.userinfo !== false;
  const openid = settings.scopes.includes('openid');
  const discovered = settings.tokenUrl === '';
  const signaturesChecked = discovered || settings.jwkSetUrl !== '';
  let loading: Promise<client.Configuration> | undefined;

  function clientAuth(supported: string[] | undefined): client.ClientAuth {
    if (!settings.clientSecret) return client.None();
    // Grafana compat (auth_style AutoDetect): HTTP Basic unless the provider only takes the body.
    return !supported || supported.includes('client_secret_basic')
      ? client.ClientSecretBasic(settings.clientSecret)
      : client.ClientSecretPost(settings.clientSecret);
  }

  async function load(): Promise<client.Configuration> {
    const urls = [settings.authUrl, settings.tokenUrl, settings.apiUrl, settings.jwkSetUrl];
    const execute = urls.some((u) => u.startsWith('http:')) ? [client.allowInsecureRequests] : [];
    let config: client.Configuration;
    if (discovered) {
      const issuer = new URL(settings.authUrl);
      const metadata = (
        await client.discovery(issuer, settings.clientId, undefined, undefined, {
          execute,
          timeout: TIMEOUT_SECONDS,
        })
      ).serverMetadata();
      config = new client.Configuration(
        metadata,
        settings.clientId,
        undefined,
        clientAuth(metadata.token_endpoint_auth_methods_supported),
      );
    } else {
      config = new client.Configuration(
        {
          issuer: settings.issuer || new URL(settings.authUrl).origin,
          authorization_endpoint: settings.authUrl,
          token_endpoint: settings.tokenUrl,
          ...(settings.apiUrl && readUserinfo ? { userinfo_endpoint: settings.apiUrl } : {}),
          ...(settings.jwkSetUrl ? { jwks_uri: settings.jwkSetUrl } : {}),
        },
        settings.clientId,
        undefined,
        clientAuth(undefined),
      );
    }
    for (const step of execute) step(config);
    config.timeout = TIMEOUT_SECONDS;
    if (signaturesChecked) client.enableNonRepudiationChecks(config);
    return config;
  }

  /** Loaded once; a failed discovery is retried by the next sign-in. */
  function configuration(): Promise<client.Configuration> {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  }

  /** Network failures are the provider's (502); anything else it answered is refused (401). */
  function refusal(err: unknown, step: string): Error {
    if (err instanceof AppError) return err;
    const unreachable =
      err instanceof TypeError ||
      (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) ||
      (err instanceof client.ClientError && err.cause instanceof TypeError);
    const code = err instanceof Error && 'code' in err ? String(err.code) : undefined;
    // Only the library's message and code: never a token, the claims or the client secret.
    log.warn(
      { step, code, reason: err instanceof Error ? err.message : String(err) },
      'OAuth sign-in refused',
    );
    return unreachable ? providerUnreachable() : tokenRejected();
  }

  return {
    /** The provider's authorization URL for a new sign-in. */
    async authorizationUrl(pending: { state: string; nonce: string; verifier: string }): Promise<string> {
      const config = await configuration().catch((err: unknown) => {
        throw refusal(err, 'discovery');
      });
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: settings.scopes.join(' '),
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
      };
      if (pending.verifier) {
        params.code_challenge = await client.calculatePKCECodeChallenge(pending.verifier);
        params.code_challenge_method = 'S256';
      }
      // Grafana compat: use_refresh_token asks Google-style providers for a refresh token too.
      if (settings.useRefreshToken) params.access_type = 'offline';
      return client.buildAuthorizationUrl(config, params).href;
    },

    /** Exchanges the callback's code; `callbackUrl` is the full URL the browser came back to. */
    async complete(
      callbackUrl: URL,
      pending: { state: string; nonce: string; verifier: string },
      now: number,
    ): Promise<ProviderAnswer> {
      const config = await configuration().catch((err: unknown) => {
        throw refusal(err, 'discovery');
      });
      let grant: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        grant = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: pending.state,
          // Without the openid scope there is no id_token (GitHub, GitLab's API scopes) to carry it.
          ...(openid ? { expectedNonce: pending.nonce } : {}),
          ...(pending.verifier ? { pkceCodeVerifier: pending.verifier } : {}),
        });
      } catch (err) {
        throw refusal(err, 'token');
      }
      if (grant.id_token && !signaturesChecked) {
        throw refusal(new Error('id_token received but jwk_set_url is not configured'), 'id_token');
      }
      const idClaims = (grant.claims() ?? {}) as Record<string, unknown>;
      let userinfo: Record<string, unknown> = {};
      if (readUserinfo && config.serverMetadata().userinfo_endpoint) {
        const sub = typeof idClaims.sub === 'string' ? idClaims.sub : client.skipSubjectCheck;
        try {
          userinfo = await client.fetchUserInfo(config, grant.access_token, sub);
        } catch (err) {
          throw refusal(err, 'userinfo');
        }
      }
      let claims: Record<string, unknown> = { ...userinfo, ...idClaims };
      if (provider.claims) {
        const getJson = async (url: string) => {
          let response: Response;
          try {
            response = await client.fetchProtectedResource(config, grant.access_token, new URL(url), 'GET');
          } catch (err) {
            throw refusal(err, 'api');
          }
          if (!response.ok) throw refusal(new Error(`${url} answered ${response.status}`), 'api');
          const body: unknown = await response.json().catch(() => undefined);
          const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
          return { body, next };
        };
        claims = await provider.claims(claims, { settings, getJson });
      }
      // Grafana compat: providers without OIDC (GitHub-style) identify users by a numeric `id`.
      const subject = provider.subject
        ? provider.subject(claims)
        : [claims.sub, claims.id].find((v) => typeof v === 'string' || typeof v === 'number');
      if ((typeof subject !== 'string' && typeof subject !== 'number') || subject === '')
        throw missingSubject();
      return {
        subject: String(subject),
        claims,
        tokens: tokensOf(grant, settings.useRefreshToken, now),
      };
    },

    /**
     * New tokens for a refresh token (grant_type=refresh_token). The provider refusing it is a
     * 401 AppError, an unreachable provider a 502. A provider that sends no new refresh token lets
     * the old one be kept (`refreshToken` is then the one given).
     */
    async refresh(refreshToken: string, now: number): Promise<ProviderTokens> {
      const config = await configuration().catch((err: unknown) => {
        throw refusal(err, 'discovery');
      });
      let grant: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
      try {
        grant = await client.refreshTokenGrant(config, refreshToken);
      } catch (err) {
        throw refusal(err, 'refresh');
      }
      const tokens = tokensOf(grant, true, now);
      return { ...tokens, refreshToken: tokens.refreshToken || refreshToken };
    },

    /** the settings in effect (a preset's derived endpoints filled in) */
    settings,
  };
}

function tokensOf(
  grant: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  keepRefreshToken: boolean,
  now: number,
): ProviderTokens {
  const expiresIn = grant.expiresIn();
  return {
    accessToken: grant.access_token,
    refreshToken: keepRefreshToken ? (grant.refresh_token ?? '') : '',
    idToken: grant.id_token ?? '',
    tokenType: grant.token_type,
    expiresAt: expiresIn === undefined ? 0 : now + expiresIn * 1000,
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
