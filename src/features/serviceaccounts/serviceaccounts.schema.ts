import { Type, type Static } from '@fastify/type-provider-typebox';
import { Count, Id, LIMITS, Text } from '../../lib/limits.js';

// A service account's name is a user's name; a token's the api key's.
const Name = Text(LIMITS.user.name, { minLength: 1 });
const TokenName = Text(LIMITS.apiKey.name, { minLength: 1 });
/** Viewer, Editor, Admin or None; Grafana also accepts them lower-cased. */
const Role = Text(LIMITS.orgUser.role);
/** Ten thousand years: expiry dates stay within what a date can show. */
const MAX_SECONDS_TO_LIVE = 315_360_000_000;

export const ServiceAccountParams = Type.Object({ serviceAccountId: Id() });
export const TokenParams = Type.Object({ serviceAccountId: Id(), tokenId: Id() });
export const ApiKeyParams = Type.Object({ id: Id() });

export const CreateServiceAccountBody = Type.Object({
  name: Name,
  role: Type.Optional(Role),
  isDisabled: Type.Optional(Type.Boolean()),
});
export type CreateServiceAccountBody = Static<typeof CreateServiceAccountBody>;

export const UpdateServiceAccountBody = Type.Object({
  name: Type.Optional(Name),
  role: Type.Optional(Role),
  isDisabled: Type.Optional(Type.Boolean()),
});
export type UpdateServiceAccountBody = Static<typeof UpdateServiceAccountBody>;

export const SearchQuery = Type.Object({
  query: Type.Optional(Type.String()),
  perpage: Type.Optional(Count()),
  page: Type.Optional(Count()),
  disabled: Type.Optional(Type.Boolean()),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const CreateTokenBody = Type.Object({
  name: TokenName,
  secondsToLive: Type.Optional(Type.Integer({ maximum: MAX_SECONDS_TO_LIVE })),
});
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const ListApiKeysQuery = Type.Object({ includeExpired: Type.Optional(Type.Boolean()) });
