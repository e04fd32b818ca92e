import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'yaml';

/**
 * Sends an export document as Grafana does: JSON when `format=json` or, without `format`, when
 * the Accept header asks for JSON; YAML otherwise. `download` adds the attachment header.
 */
export function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  document: unknown,
  query: { format?: 'yaml' | 'json'; download?: boolean },
) {
  const json =
    query.format === 'json' || (!query.format && /application\/json/.test(request.headers.accept ?? ''));
  if (query.download)
    void reply.header('content-disposition', `attachment;filename=export.${json ? 'json' : 'yaml'}`);
  if (json) return reply.type('application/json; charset=utf-8').send(JSON.stringify(document, null, 2));
  return reply.type('text/yaml').send(stringify(document));
}
