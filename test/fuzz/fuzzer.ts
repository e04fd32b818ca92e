import { request as httpRequest } from 'node:http';
import type { Schema } from '../helpers/schema-fields.js';
import { bodyFor, junkHeaders, paramValue, queryFor } from './inputs.js';
import type { Rng } from './rng.js';
import type { World } from './world.js';

/** An operation of the OpenAPI document, as the fuzzer needs it. */
interface Operation {
  method: string;
  path: string;
  query?: Schema;
  body?: Schema;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: { 'application/json'?: { schema: Schema } } };
}

/** Every operation of the document (methods OpenAPI names; the proxy's others are skipped). */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method.startsWith('x-') || method === 'head' || method === 'options' || method === 'trace')
        continue;
      const operation = value as OpenApiOperation;
      const query = operation.parameters?.filter((p) => p.in === 'query') ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        query: query.length
          ? { type: 'object', properties: Object.fromEntries(query.map((p) => [p.name, p.schema])) }
          : undefined,
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/**
 * One request on a connection of its own (node:http, no keep-alive): what one request leaves on a
 * socket cannot touch the next, and a hang is the server's.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface FuzzOptions {
  baseUrl: string;
  operations: Operation[];
  world: World;
  rng: Rng;
  /** stop sending once this much time went by */
  budgetMs: number;
  /** per request */
  timeoutMs?: number;
  /** the database's fingerprint: must not change across refused requests */
  fingerprint: () => Promise<string>;
  /** progress lines */
  log?: (line: string) => void;
}

export interface FuzzResult {
  requests: number;
  operations: number;
  refused: number;
  statuses: Record<string, number>;
  fingerprintChecks: number;
  failures: string[];
}

const MAX_FAILURES = 40;
/** a request this slow is reported even when it is answered: the event loop was blocked, or a query ran away */
const SLOW_MS = 3_000;

/**
 * Answers that break the rules below on purpose, by operation (`<METHOD> <path template>`): kept
 * short, each with its reason.
 */
const EXCEPTIONS: {
  operations: RegExp;
  allows: (status: number, text: string, sent: string) => boolean;
  reason: string;
}[] = [
  {
    operations: /^POST \/api\/alertmanager\/[a-z]+\/config\/api\/v1\/receivers\/test$/,
    allows: (status, text) => status === 400 && text.includes('"receivers"'),
    reason: "Grafana's receivers test answers its per-integration results, also when one failed (400)",
  },
  {
    operations: /^GET \/api\/search$/,
    allows: (status, text) => status === 500 && text.includes('"search.failed"'),
    reason: 'SPEC G12: an unknown type fails the search with 500 "Search failed", as in Grafana',
  },
  {
    operations: /^[A-Z]+ \/api\/(datasources|ds)\//,
    allows: (status, text) => status >= 502 && status <= 504 && text.includes('"message"'),
    reason: 'a data source upstream that is down (the seeded one points at a closed port) is 502 {message}',
  },
  {
    operations: /^GET \/api\/(prometheus\/[a-z]+\/api\/v1\/(rules|alerts)|v1\/rules\/history)$/,
    allows: (status, text) => status === 400 && text.includes('"errorType":"bad_data"'),
    reason: "Prometheus-compatible APIs answer Prometheus' error shape {status, errorType, error}",
  },
  {
    operations: /^GET \/api\/v1\/provisioning\/alert-rules\/\{uid\}$/,
    allows: (status, text) => status === 404 && text === '',
    reason: "Grafana's provisioning API answers an unknown rule with an empty 404",
  },
];

/**
 * Sends generated requests, one at a time, until the budget is spent: every operation in turn (in
 * a seeded order), with a seeded auth variant, path parameters, query, junk headers and body. A
 * failure names the seed and the request's index so it can be replayed.
 */
export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const { rng, world } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const result: FuzzResult = {
    requests: 0,
    operations: 0,
    refused: 0,
    statuses: {},
    fingerprintChecks: 0,
    failures: [],
  };
  const covered = new Set<string>();
  const fail = (text: string) => {
    if (result.failures.length < MAX_FAILURES) result.failures.push(`[seed ${rng.seed}] ${text}`);
  };
  const deadline = Date.now() + options.budgetMs;
  let before = await options.fingerprint();
  let allRefusedSince = true;
  let previous = '';
  const order = [...options.operations];

  while (Date.now() < deadline && result.failures.length < MAX_FAILURES) {
    // a fresh seeded order each pass
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const operation of order) {
      if (Date.now() >= deadline || result.failures.length >= MAX_FAILURES) break;
      const index = result.requests++;
      const auth = rng.pick(world.auth);
      const path = operation.path.replace(/\{([^}]+)\}/g, () =>
        encodeURIComponent(paramValue(world.known, rng)),
      );
      const query = rng.chance(0.5) ? queryFor(operation.query, rng) : '';
      const headers: Record<string, string> = { ...auth.headers };
      let body: string | undefined;
      let kind = 'no body';
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        const generated = bodyFor(operation.body, rng);
        kind = generated.kind;
        body = generated.raw ?? JSON.stringify(generated.json);
        headers['content-type'] = 'application/json';
      }
      if (rng.chance(0.3)) Object.assign(headers, junkHeaders(rng));
      const what = `#${index} ${operation.method} ${path.slice(0, 200)}${query.slice(0, 200)} as ${auth.name}, body ${kind}, headers ${Object.keys(headers).join(',')}`;
      let status: number;
      let text: string;
      const sent = Date.now();
      try {
        ({ status, text } = await send(
          options.baseUrl + path + query,
          operation.method,
          headers,
          body,
          timeoutMs,
        ));
      } catch (error) {
        fail(`${what}: ${(error as Error).message}; before it: ${previous}`);
        continue;
      }
      previous = `${what} -> ${status}`;
      const took = Date.now() - sent;
      if (took > SLOW_MS) fail(`${what}: answered after ${took} ms`);
      covered.add(`${operation.method} ${operation.path}`);
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status >= 400) result.refused++;
      const key = `${operation.method} ${operation.path}`;
      const sentText = `${path}${query}${body ?? ''}`;
      const excepted = EXCEPTIONS.some((e) => e.operations.test(key) && e.allows(status, text, sentText));
      if (status >= 500 && !excepted) fail(`${what}: ${status} ${text.slice(0, 300)}`);
      if (status >= 400 && status < 500 && !excepted) {
        let message: unknown;
        try {
          message = (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string')
          fail(`${what}: ${status} without a {message} body: ${text.slice(0, 200)}`);
      }
      // Exports with decrypt=true show secrets on purpose (Grafana's, for holders of the secrets
      // read permission); only the server admin variant gets them.
      const decrypting = /\/export$/.test(operation.path) && /[?&]decrypt=true/.test(query);
      if (!decrypting)
        for (const secret of world.secrets)
          if (text.includes(secret)) fail(`${what}: ${status} shows the secret ${secret.slice(0, 12)}…`);
      if (status < 400) allRefusedSince = false;
      // After a write (or every 10 requests): refused requests since the last look changed nothing.
      if (operation.method !== 'GET' || index % 10 === 9) {
        const after = await options.fingerprint();
        if (allRefusedSince) {
          result.fingerprintChecks++;
          if (after !== before) fail(`${what}: refused, yet stored rows changed:\n  ${before}\n  ${after}`);
        }
        before = after;
        allRefusedSince = true;
      }
      if (index % 500 === 499) {
        options.log?.(
          `${index + 1} requests, ${covered.size} operations, statuses ${JSON.stringify(result.statuses)}`,
        );
      }
    }
  }
  result.operations = covered.size;
  const health = await fetch(`${options.baseUrl}/api/health`, {
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: Error) => error);
  if (health instanceof Error || health.status !== 200)
    fail(`the server is unhealthy afterwards: ${health instanceof Error ? health.message : health.status}`);
  return result;
}
