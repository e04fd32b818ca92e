/** A route's reply, as typed for its schema (a thenable: it settles once the answer is sent). */
interface JsonReply {
  type(contentType: string): {
    send(payload: never): { then(fulfilled: () => void, rejected: (err: Error) => void): void };
  };
}

/** A cache of JSON texts (store/table-cache.ts) as the hot routes use it. */
interface JsonTextCache<K> {
  peek(key: K): string | undefined;
  get(key: K, load: () => Promise<string>): Promise<string>;
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Answers the JSON text cached under `key`, or what `load` reads (and the cache keeps). A hit is
 * sent without a promise: the handler returns undefined, and Fastify awaits nothing
 * (docs/PERFORMANCE.md). A miss returns a promise that settles once the answer is sent: one
 * that resolved earlier would make Fastify send again while an onSend hook still holds the first
 * answer (the cache bus's wait).
 *
 * The text is sent as it is (a string with a JSON content type is not serialised again); the
 * cast only tells the type provider so.
 */
export function sendCachedJson<K>(
  reply: JsonReply,
  cache: JsonTextCache<K>,
  key: K,
  load: () => Promise<string>,
): Promise<void> | undefined {
  const cached = cache.peek(key);
  if (cached !== undefined) return void reply.type(JSON_UTF8).send(cached as never);
  return cache.get(key, load).then(
    (text) =>
      new Promise<void>((sent, failed) =>
        reply
          .type(JSON_UTF8)
          .send(text as never)
          .then(sent, failed),
      ),
  );
}
