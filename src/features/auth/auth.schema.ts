import { Type } from 'typebox';
import { Id, LIMITS, Text } from '../../lib/limits.js';

export const LoginBody = Type.Object({
  // a login or email; failed attempts are recorded under it
  user: Text(LIMITS.loginAttempt.username, { minLength: 1 }),
  // hashed, never stored as sent: only the body limit bounds it
  password: Type.String({ minLength: 1 }),
});

export const RevokeTokenBody = Type.Object({ authTokenId: Id() });

// Responses. A response schema is also the serializer: a field it does not name is dropped.

/** `{message}`: sign-in, sign-out, ping and revocations. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** SPEC's auth token (a session), as sessions.present.ts answers it: never the token itself. */
export const SessionDto = Type.Object({
  id: Type.Integer(),
  /** the token of the calling session */
  isActive: Type.Boolean(),
  clientIp: Type.String(),
  browser: Type.String(),
  browserVersion: Type.String(),
  os: Type.String(),
  osVersion: Type.String(),
  device: Type.String(),
  authModule: Type.String(),
  /** ISO 8601 */
  createdAt: Type.String(),
  seenAt: Type.String(),
});

/**
 * POST /api/user/auth-tokens/rotate (SPEC `{message, token}`): the new session token, handed out
 * once by the rotation that made it (also set as the session cookie).
 */
export const RotatedTokenResponse = Type.Object({ message: Type.String(), token: Type.String() });
