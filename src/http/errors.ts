import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { charLength } from '../lib/limits.js';

/**
 * An error with a public message. Features declare theirs once (in <feature>.errors.ts) with
 * defineError; the mapper below turns them into `{message, messageId?}` responses.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageId?: string,
    /** extra fields merged into the response body, e.g. Grafana's `status: "version-mismatch"` */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The same error inside a route's own envelope (e.g. k8s `Status`); the error's own fields win. */
  withEnvelope(envelope: Record<string, unknown>): AppError {
    return new AppError(this.status, this.message, this.messageId, { ...envelope, ...this.extra });
  }

  body(): Record<string, unknown> {
    return { ...this.extra, message: this.message, ...(this.messageId ? { messageId: this.messageId } : {}) };
  }
}

/**
 * The id every declared error carries, Grafana's errutil convention `component.error-brief`:
 * dotted lower-case segments with kebab-case words (`user.already-exists`,
 * `alerting.notifications.receivers.exists`). Grafana compat: ids Grafana itself sends in another
 * casing (`folder.notFound`, `serviceaccounts.ErrNotFound`) are kept verbatim; they are listed in
 * GRAFANA_VERBATIM_MESSAGE_IDS.
 */
export const MESSAGE_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)+$/;

/** Grafana's own messageIds that break its `component.error-brief` rule, sent as Grafana does. */
export const GRAFANA_VERBATIM_MESSAGE_IDS: ReadonlySet<string> = new Set([
  'alerting.notifications.contact-points.notFound',
  'alerting.notifications.contact-points.uidInUse',
  'alerting.notifications.receivers.notFound',
  'alerting.notifications.templates.invalidFormat',
  'alerting.notifications.templates.notFound',
  'alerting.notifications.time-intervals.invalidFormat',
  'alerting.notifications.time-intervals.nameExists',
  'alerting.notifications.time-intervals.notFound',
  'datasource.nameInvalid',
  'datasource.uidInvalid',
  'datasource.urlInvalid',
  'folder.notFound',
  'serviceaccounts.ErrAlreadyExists',
  'serviceaccounts.ErrInvalidInput',
  'serviceaccounts.ErrInvalidRoleSpecified',
  'serviceaccounts.ErrNameRequired',
  'serviceaccounts.ErrNotFound',
  'serviceaccounts.ErrTokenAlreadyExists',
  'serviceaccounts.ErrTokenNotFound',
]);

/** A declared error kind: call it to build the error, optionally with a more specific message. */
interface ErrorKind {
  (overrideMessage?: string, extra?: Record<string, unknown>): AppError;
  readonly status: number;
  readonly messageId: string;
  readonly message: string;
}

/**
 * Declares an error kind once, at module level in the feature's `<feature>.errors.ts`:
 * `export const userNotFound = defineError(404, 'user.not-found', 'User not found')`. Messages
 * that vary are a function over one declared kind: `(name: string) => nameTaken(\`… ${name}\`)`.
 */
export function defineError(
  status: number,
  messageId: string,
  message: string,
  extra?: Record<string, unknown>,
): ErrorKind {
  const build = (overrideMessage?: string, more?: Record<string, unknown>): AppError =>
    new AppError(
      status,
      overrideMessage ?? message,
      messageId,
      extra || more ? { ...extra, ...more } : undefined,
    );
  return Object.assign(build, { status, messageId, message });
}

/**
 * A string longer than its column or limit, found by validation code rather than by a schema
 * (fields inside models and files): the same message as the schema's, e.g.
 * `bad request data: dashboard.tags.0 must NOT have more than 190 characters`.
 */
function fieldTooLong(field: string, max: number): AppError {
  return new AppError(400, `bad request data: ${field} must NOT have more than ${max} characters`);
}

/** Throws fieldTooLong when `value` has more than `max` characters. */
export function checkMaxLength(field: string, value: string | undefined | null, max: number): void {
  if (typeof value === 'string' && value.length > max && charLength(value) > max) {
    throw fieldTooLong(field, max);
  }
}

/**
 * What a route declares about its schema errors, in its Fastify `config`: Grafana's own answer
 * for a field whose check fails, instead of the generic `bad request data: …` message. Keys are
 * `<part>.<field>` for any failed check of that field (`'params.id'`), or with a keyword after a
 * space for that check only (`'body.message maxLength'`).
 */
interface SchemaErrorsConfig {
  schemaErrors?: Record<string, () => AppError>;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface FastifyContextConfig extends SchemaErrorsConfig {}
}

/** The one place that turns thrown errors into responses; 5xx never carry internals. */
export function registerErrorMapping(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.body());
    if (error.validation) {
      const declared = declaredSchemaError(request, error);
      if (declared) return reply.status(declared.status).send(declared.body());
      const where = error.validationContext ?? 'request';
      return reply.status(400).send({ message: `bad request data: ${where}${formatValidation(error)}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ message: `request body is larger than the limit of ${app.initialConfig.bodyLimit} bytes` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'bad request data: the body is not valid JSON' });
    }
    // PostgreSQL stores no U+0000 in text (22021; 22P05 in JSON): the statement failed, its unit
    // of work rolled back, and the request's own text is what cannot be stored.
    if (error.code === '22021' || error.code === '22P05') {
      return reply
        .status(400)
        .send({ message: 'bad request data: text must not contain the NUL character (U+0000)' });
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
}

function formatValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return ' is invalid';
  const detail =
    typeof first.params.missingProperty === 'string' ? 'is required' : (first.message ?? 'is invalid');
  return `${fieldOf(first)} ${detail}`;
}

/** `.name`, `.tags.0`, or '' for the part as a whole. */
function fieldOf(failure: NonNullable<FastifyError['validation']>[number]): string {
  const missing = failure.params.missingProperty;
  const path =
    typeof missing === 'string' ? `${failure.instancePath}/${missing}` : failure.instancePath || '';
  return path.replace(/\//g, '.');
}

function declaredSchemaError(request: FastifyRequest, error: FastifyError): AppError | undefined {
  const declared = request.routeOptions.config.schemaErrors;
  const first = error.validation?.[0];
  if (!declared || !first) return undefined;
  const field = `${error.validationContext ?? 'request'}${fieldOf(first)}`;
  return (declared[`${field} ${first.keyword}`] ?? declared[field])?.();
}
