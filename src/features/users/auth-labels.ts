// Grafana compat: the labels of the auth modules in user_auth (Grafana's GetAuthProviderLabel).
const AUTH_LABELS: Record<string, string> = {
  oauth_generic_oauth: 'Generic OAuth',
  oauth_github: 'GitHub',
  oauth_gitlab: 'GitLab',
  oauth_google: 'Google',
  oauth_azuread: 'AzureAD',
  oauth_okta: 'Okta',
  authproxy: 'Auth Proxy',
  jwt: 'JWT',
  ldap: 'LDAP',
};

/** The label user and team member views show for an auth module (the module itself when unknown). */
export const authModuleLabel = (authModule: string): string => AUTH_LABELS[authModule] ?? authModule;
