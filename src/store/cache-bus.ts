import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/config.js';

/**
 * Invalidation messages between the instances that share a database. In-process always; through
 * Redis pub/sub when `[remote_cache] type = redis`. `crossInstance` says whether other instances
 * hear them: caches that must stay exact across instances stay off when they cannot.
 */
export interface CacheBus {
  readonly crossInstance: boolean;
  /** `detail` (no spaces in `topic`) says what changed, e.g. which cache key */
  publish(topic: string, detail?: string): void;
  subscribe(topic: string, listener: (detail: string) => void): void;
  close(): Promise<void>;
}

export function createCacheBus(config: Config, logger: FastifyBaseLogger): CacheBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (config.remoteCache.type !== 'redis') {
    return {
      crossInstance: false,
      publish: (topic, detail = '') => void local.emit(topic, detail),
      subscribe: (topic, listener) => void local.on(topic, listener),
      close: () => Promise.resolve(),
    };
  }

  const options = parseRedisConnstr(config.remoteCache.connstr);
  const channel = `${config.remoteCache.prefix}invalidate`;
  const instance = randomUUID();
  const publisher = new Redis({ ...options, lazyConnect: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis({ ...options, lazyConnect: false });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: Error) => logger.warn({ err }, 'redis cache bus error'));
  }
  void subscriber.subscribe(channel).catch((err: unknown) => logger.error({ err }, 'redis subscribe failed'));
  subscriber.on('message', (_channel: string, message: string) => {
    // `<instance> <topic> <detail>`
    const [from, topic, ...detail] = message.split(' ');
    if (from !== instance && topic) local.emit(topic, detail.join(' '));
  });
  return {
    crossInstance: true,
    publish(topic, detail = '') {
      local.emit(topic, detail);
      publisher
        .publish(channel, `${instance} ${topic} ${detail}`)
        .catch((err: unknown) => logger.warn({ err }, 'redis publish failed'));
    },
    subscribe: (topic, listener) => void local.on(topic, listener),
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => undefined);
    },
  };
}

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
