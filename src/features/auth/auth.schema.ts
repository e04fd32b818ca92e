import { Type } from '@fastify/type-provider-typebox';

export const LoginBody = Type.Object({
  user: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
});

export const RevokeTokenBody = Type.Object({ authTokenId: Type.Integer() });
