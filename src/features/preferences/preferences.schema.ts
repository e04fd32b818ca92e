import { Type, type Static } from '@fastify/type-provider-typebox';

export const COOKIE_TYPES = ['analytics', 'performance', 'functional'] as const;

const QueryHistory = Type.Object({ homeTab: Type.Optional(Type.String()) });
const Navbar = Type.Object({ bookmarkUrls: Type.Optional(Type.Array(Type.String())) });
const CookiePreferences = Type.Array(Type.Union(COOKIE_TYPES.map((c) => Type.Literal(c))));

/** PUT and PATCH bodies: every field optional; PUT resets what is missing, PATCH keeps it. */
export const PreferencesBody = Type.Object({
  theme: Type.Optional(Type.String()),
  homeDashboardId: Type.Optional(Type.Integer()),
  homeDashboardUID: Type.Optional(Type.String()),
  timezone: Type.Optional(Type.String()),
  weekStart: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  regionalFormat: Type.Optional(Type.String()),
  queryHistory: Type.Optional(QueryHistory),
  navbar: Type.Optional(Navbar),
  cookiePreferences: Type.Optional(CookiePreferences),
});
export type PreferencesBody = Static<typeof PreferencesBody>;

export const PreferencesDto = Type.Object({
  theme: Type.String(),
  homeDashboardId: Type.Integer(),
  homeDashboardUID: Type.String(),
  timezone: Type.String(),
  weekStart: Type.String(),
  language: Type.String(),
  regionalFormat: Type.String(),
  queryHistory: Type.Optional(Type.Object({ homeTab: Type.String() })),
  navbar: Type.Optional(Type.Object({ bookmarkUrls: Type.Array(Type.String()) })),
  cookiePreferences: Type.Optional(Type.Record(Type.String(), Type.Object({}))),
});
export type PreferencesDto = Static<typeof PreferencesDto>;

export const TeamIdParams = Type.Object({ id: Type.String() });
