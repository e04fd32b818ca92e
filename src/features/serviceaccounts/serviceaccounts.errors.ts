import { defineError } from '../../http/errors.js';

// Grafana's errutil ids and public messages (pkg/services/serviceaccounts/models.go).
export const serviceAccountNotFound = defineError(
  404,
  'serviceaccounts.ErrNotFound',
  'service account not found',
);
export const serviceAccountAlreadyExists = defineError(
  409,
  'serviceaccounts.ErrAlreadyExists',
  'service account already exists',
);
export const serviceAccountNameRequired = defineError(
  400,
  'serviceaccounts.ErrNameRequired',
  'service account name is required',
);
export const invalidRole = defineError(
  400,
  'serviceaccounts.ErrInvalidRoleSpecified',
  'invalid role specified',
);
// Grafana's handler answers with a plain `{message}`; svc adds its own messageId.
export const roleHigherThanCaller = defineError(
  403,
  'org.role-too-high',
  "Cannot assign a role higher than user's role",
);

export const tokenNotFound = defineError(
  404,
  'serviceaccounts.ErrTokenNotFound',
  'service account token not found',
);
export const duplicateToken = defineError(
  400,
  'serviceaccounts.ErrTokenAlreadyExists',
  'service account token with given name already exists in the organization',
);
export const invalidSecondsToLive = defineError(
  400,
  'serviceaccounts.ErrInvalidInput',
  'invalid SecondsToLive value',
);
export const secondsToLiveRequired = defineError(
  400,
  'serviceaccounts.seconds-to-live-required',
  'Number of seconds before expiration should be set',
);
export const secondsToLiveTooLong = defineError(
  400,
  'serviceaccounts.seconds-to-live-too-long',
  'Number of seconds before expiration is greater than the global limit',
);

export const apiKeyNotFound = defineError(404, 'apikey.not-found', 'API key not found');
// Grafana compat: Grafana 12 removed API key creation (keys were migrated to service accounts);
// svc keeps the path and says what to do instead of answering a bare 404.
export const apiKeyCreationRemoved = defineError(
  410,
  'apikey.creation-removed',
  'API keys can no longer be created: create a service account and add a service account token to it instead (POST /api/serviceaccounts, then POST /api/serviceaccounts/{id}/tokens)',
);
