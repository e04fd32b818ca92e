import { Type, type Static } from 'typebox';
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

// Responses. A response schema is also the serializer: a field it does not name is dropped, so
// each one lists every field serviceaccounts.present.ts (or the route) answers.

/** `{message}`: the answer of deletes. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** Grafana's ServiceAccountDTO (create, search, update). */
export const ServiceAccountDto = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  name: Type.String(),
  login: Type.String(),
  orgId: Type.Integer(),
  isDisabled: Type.Boolean(),
  role: Type.String(),
  /** how many tokens the account has */
  tokens: Type.Integer(),
  avatarUrl: Type.String(),
});

/** Grafana's ServiceAccountProfileDTO (GET /api/serviceaccounts/{id}). */
export const ServiceAccountProfileDto = Type.Object({
  ...ServiceAccountDto.properties,
  /** ISO 8601 */
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Grafana's team names; svc puts service accounts in no team */
  teams: Type.Array(Type.String()),
  /** the actions the caller may take on this account, each `true` */
  accessControl: Type.Record(Type.String(), Type.Boolean()),
});

export const ServiceAccountsPage = Type.Object({
  totalCount: Type.Integer(),
  serviceAccounts: Type.Array(ServiceAccountDto),
  page: Type.Integer(),
  perPage: Type.Integer(),
});

export const UpdatedServiceAccountResponse = Type.Object({
  message: Type.String(),
  id: Type.Integer(),
  name: Type.String(),
  serviceaccount: ServiceAccountDto,
});

const IsoTime = Type.String({ description: 'ISO 8601' });

/** Grafana's TokenDTO: never the key (only its hash is stored). */
export const TokenDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created: IsoTime,
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
  /** null: never expires */
  expiration: Type.Union([IsoTime, Type.Null()]),
  /** 0 when it never expires or has expired */
  secondsUntilExpiration: Type.Number(),
  hasExpired: Type.Boolean(),
  isRevoked: Type.Boolean(),
});

/** A new token: the one answer that holds its key, which is never shown again. */
export const NewTokenResponse = Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String() });

/** Grafana's ApiKeyDTO for legacy keys: absent times are left out (Grafana's omitempty). */
export const ApiKeyDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Type.String(),
  expiration: Type.Optional(IsoTime),
  lastUsedAt: Type.Optional(IsoTime),
});

/** POST /api/auth/keys always answers 410 with this: API keys can no longer be created. */
export const ApiKeyCreationRemovedResponse = Type.Object({
  message: Type.String(),
  messageId: Type.String(),
});
