import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { Config } from '../config/config.js';

/** How often an instance sends itself a message through Redis to prove delivery works. */
const HEARTBEAT_MS = 250;
/** Without one of its own heartbeats back within this, an instance stops trusting its caches. */
const HEARD_WITHIN_MS = 1_000;
/**
 * How long a request that published waits for Redis to accept its messages. Longer than
 * HEARD_WITHIN_MS + HEARTBEAT_MS: when delivery stopped, every other instance has noticed (and
 * bypasses its caches) before the writer answers.
 */
const PUBLISH_WAIT_MS = 1_500;
/** Control topic: everything may have been missed, drop every cache. */
const RESYNC_TOPIC = '*resync';

/**
 * Invalidation messages between the instances that share a database. In-process always; through
 * Redis pub/sub when `[remote_cache] type = redis`.
 *
 * - `crossInstance`: other instances hear this bus (Redis is configured).
 * - `coherent`: a cache whose entries must be exact on every instance may serve them now. True for
 *   a single instance; false in HA without Redis; with Redis, true only while both connections
 *   are up, subscribed, and this instance's own heartbeat came back through Redis within 1 s.
 * - `onResync`: called when the bus becomes coherent again after a time messages may have been
 *   lost (and when another instance says it lost some): drop everything cached.
 *
 * So a cache needs no logic of its own for Redis failures: check `coherent` before serving (treat
 * false as a miss and do not keep what was loaded) and clear on `onResync`.
 */
export interface CacheBus {
  readonly crossInstance: boolean;
  readonly coherent: boolean;
  /** `detail` (no spaces in `topic`) says what changed, e.g. which cache key */
  publish(topic: string, detail?: string): void;
  subscribe(topic: string, listener: (detail: string) => void): void;
  onResync(listener: () => void): void;
  /**
   * Resolves once the messages published so far reached Redis, or gave up (at most 1.5 s); never
   * rejects. A response waits for it, so the other instances know of its writes before it leaves.
   */
  settled(): Promise<void> | undefined;
  close(): Promise<void>;
}

export function createCacheBus(config: Config, logger: FastifyBaseLogger): CacheBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const resyncListeners: (() => void)[] = [];
  const resync = () => {
    for (const listener of resyncListeners) listener();
  };
  if (config.remoteCache.type !== 'redis') {
    const coherent = !config.database.highAvailability;
    return {
      crossInstance: false,
      coherent,
      publish: (topic, detail = '') => void local.emit(topic, detail),
      subscribe: (topic, listener) => void local.on(topic, listener),
      onResync: (listener) => void resyncListeners.push(listener),
      settled: () => undefined,
      close: () => Promise.resolve(),
    };
  }

  const options = parseRedisConnstr(config.remoteCache.connstr);
  const channel = `${config.remoteCache.prefix}invalidate`;
  const instance = randomUUID();
  // No offline queue: a message that cannot be sent now is lost (and announced by a resync when
  // the connection is back), never delivered late out of order.
  // loaded only when Redis is configured: importing it cost start-up time on every server
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const publisher = new Redis({ ...options, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis({ ...options, autoResubscribe: false });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: Error) => logger.warn({ err }, 'redis cache bus error'));
  }

  let subscribed = false;
  let heardAt = Number.NEGATIVE_INFINITY;
  /** what `check` last found; caches are served only once it has seen (and resynced) the return */
  let coherent = false;
  /** a message of ours may not have reached the others: tell them to resync once we can */
  let outgoingLost = false;
  let closing = false;
  const heard = () => performance.now() - heardAt < HEARD_WITHIN_MS;
  const isCoherent = () => subscribed && publisher.status === 'ready' && heard();

  /** Tracks coherence; on its return, drops every local cache (and the others' if we lost one). */
  function check(): void {
    if (closing) return;
    const now = isCoherent();
    if (now !== coherent) {
      coherent = now;
      if (!now) {
        logger.warn('redis cache bus: delivery not confirmed; caches bypassed until it is');
        return;
      }
      logger.info('redis cache bus: delivery confirmed; caches cleared');
      resync();
    }
    if (now && outgoingLost) {
      outgoingLost = false;
      void send(RESYNC_TOPIC, '');
    }
  }

  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        heartbeat();
      },
      (err: unknown) => logger.error({ err }, 'redis subscribe failed'),
    );
  });
  for (const event of ['close', 'end', 'reconnecting']) {
    subscriber.on(event, () => {
      subscribed = false;
      check();
    });
  }
  publisher.on('close', check);
  publisher.on('ready', heartbeat);
  subscriber.on('message', (_channel: string, message: string) => {
    // `<instance> <topic> <detail>`
    const [from, topic, ...detail] = message.split(' ');
    if (from === instance) {
      if (topic === HEARTBEAT_TOPIC) {
        heardAt = performance.now();
        check();
      }
      return;
    }
    if (topic === RESYNC_TOPIC) resync();
    else if (topic && topic !== HEARTBEAT_TOPIC) local.emit(topic, detail.join(' '));
  });

  const pending = new Set<Promise<void>>();
  function send(topic: string, detail: string): Promise<void> {
    if (publisher.status !== 'ready') {
      outgoingLost = true;
      return Promise.resolve();
    }
    return publisher.publish(channel, `${instance} ${topic} ${detail}`).then(
      () => undefined,
      (err: unknown) => {
        outgoingLost = true;
        logger.warn({ err }, 'redis publish failed');
      },
    );
  }
  function heartbeat(): void {
    check();
    if (subscribed) void send(HEARTBEAT_TOPIC, '');
  }
  const timer = setInterval(heartbeat, HEARTBEAT_MS);
  timer.unref();

  return {
    crossInstance: true,
    get coherent() {
      return coherent && isCoherent();
    },
    publish(topic, detail = '') {
      local.emit(topic, detail);
      let timeout: NodeJS.Timeout | undefined;
      const sent = Promise.race([
        send(topic, detail),
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, PUBLISH_WAIT_MS))),
      ]).finally(() => {
        clearTimeout(timeout);
        pending.delete(sent);
      });
      pending.add(sent);
    },
    subscribe: (topic, listener) => void local.on(topic, listener),
    onResync: (listener) => void resyncListeners.push(listener),
    settled: () => (pending.size ? Promise.all(pending).then(() => undefined) : undefined),
    async close() {
      closing = true;
      clearInterval(timer);
      subscriber.disconnect();
      await publisher.quit().catch(() => undefined);
    },
  };
}

const HEARTBEAT_TOPIC = '*heartbeat';

/** Grafana's connstr: `addr=127.0.0.1:6379,pool_size=100,db=0,password=secret`. */
function parseRedisConnstr(connstr: string): {
  host: string;
  port: number;
  db: number;
  password?: string;
} {
  const fields = new Map(
    connstr
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const eq = part.indexOf('=');
        return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
      }),
  );
  const [host = '127.0.0.1', port = '6379'] = (fields.get('addr') ?? '127.0.0.1:6379').split(':');
  return {
    host,
    port: Number(port),
    db: Number(fields.get('db') ?? 0),
    ...(fields.get('password') ? { password: fields.get('password') } : {}),
  };
}
