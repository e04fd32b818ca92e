import type { FastifyError, FastifyInstance } from 'fastify';

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

  body(): Record<string, unknown> {
    return { ...this.extra, message: this.message, ...(this.messageId ? { messageId: this.messageId } : {}) };
  }
}

/** Declares an error kind: `const NotFound = defineError(404, 'user.not-found', 'User not found')`. */
export function defineError(status: number, messageId: string | undefined, message: string) {
  return (overrideMessage?: string, extra?: Record<string, unknown>): AppError =>
    new AppError(status, overrideMessage ?? message, messageId, extra);
}

export const notFound = defineError(404, undefined, 'Not found');

/** The one place that turns thrown errors into responses; 5xx never carry internals. */
export function registerErrorMapping(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.body());
    if (error.validation) {
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
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
}

function formatValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return ' is invalid';
  const params = first.params;
  const field =
    typeof params.missingProperty === 'string'
      ? `${first.instancePath}/${params.missingProperty}`
      : first.instancePath || '';
  const detail = typeof params.missingProperty === 'string' ? 'is required' : (first.message ?? 'is invalid');
  return `${field.replace(/^\//, '.').replace(/\//g, '.')} ${detail}`;
}
