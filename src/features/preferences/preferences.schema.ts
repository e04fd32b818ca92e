import { Type, type Static } from 'typebox';
import { Id, LIMITS, SANE, Text } from '../../lib/limits.js';

export const COOKIE_TYPES = ['analytics', 'performance', 'functional'] as const;

// language, regionalFormat, queryHistory, navbar and cookiePreferences share the json_data column:
// each is limited here, their total by the service.
const JsonValue = Type.Optional(Text(SANE.preferenceValue));
const QueryHistory = Type.Object({ homeTab: JsonValue });
const Navbar = Type.Object({ bookmarkUrls: Type.Optional(Type.Array(Text(SANE.bookmarkUrl))) });
const CookiePreferences = Type.Array(Type.Union(COOKIE_TYPES.map((c) => Type.Literal(c))));
const { preferences } = LIMITS;

/** PUT and PATCH bodies: every field optional; PUT resets what is missing, PATCH keeps it. */
export const PreferencesBody = Type.Object({
  theme: Type.Optional(Text(preferences.theme)),
  homeDashboardId: Type.Optional(Id()),
  homeDashboardUID: Type.Optional(Text(preferences.homeDashboardUid)),
  timezone: Type.Optional(Text(preferences.timezone)),
  weekStart: Type.Optional(Text(preferences.weekStart)),
  language: JsonValue,
  regionalFormat: JsonValue,
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

/** PUT and PATCH answer `{message}`. */
export const MessageResponse = Type.Object({ message: Type.String() });

// 0 would name the organization's own preferences
export const TeamIdParams = Type.Object({ id: Id({ minimum: 1 }) });
