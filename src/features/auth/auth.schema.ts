import { Type } from '@fastify/type-provider-typebox';
import { Id, LIMITS, Text } from '../../lib/limits.js';

export const LoginBody = Type.Object({
  // a login or email; failed attempts are recorded under it
  user: Text(LIMITS.loginAttempt.username, { minLength: 1 }),
  // hashed, never stored as sent: only the body limit bounds it
  password: Type.String({ minLength: 1 }),
});

export const RevokeTokenBody = Type.Object({ authTokenId: Id() });
