import { Type, type Static } from 'typebox';

/** What the login page needs to know before anyone signs in (a subset of Grafana's frontend settings). */
export const FrontendSettings = Type.Object({
  /** the enabled providers by key (`generic_oauth`), with the button's name */
  oauth: Type.Record(Type.String(), Type.Object({ name: Type.String(), icon: Type.String() })),
  /** the login page goes straight to the provider */
  oauthAutoLogin: Type.Boolean(),
  disableLoginForm: Type.Boolean(),
});
export type FrontendSettings = Static<typeof FrontendSettings>;

export const OAuthQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  redirectTo: Type.Optional(Type.String()),
});
