import { Type, type Static } from '@fastify/type-provider-typebox';

// Names are stored in VARCHAR(190) columns.
const Name = Type.String({ minLength: 1, maxLength: 190 });
/** Viewer, Editor, Admin or None; Grafana also accepts them lower-cased. */
const Role = Type.String({ maxLength: 20 });

export const ServiceAccountParams = Type.Object({ serviceAccountId: Type.Integer() });
export const TokenParams = Type.Object({ serviceAccountId: Type.Integer(), tokenId: Type.Integer() });
export const ApiKeyParams = Type.Object({ id: Type.Integer() });

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
  perpage: Type.Optional(Type.Integer()),
  page: Type.Optional(Type.Integer()),
  disabled: Type.Optional(Type.Boolean()),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const CreateTokenBody = Type.Object({
  name: Name,
  secondsToLive: Type.Optional(Type.Integer()),
});
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const ListApiKeysQuery = Type.Object({ includeExpired: Type.Optional(Type.Boolean()) });
