import { createHash } from 'node:crypto';

/** How long a data source's pool may sit unused before it is closed. */
const POOL_IDLE_CLOSE_MS = 5 * 60_000;

interface Entry<P> {
  key: string;
  pool: Promise<P>;
  timer: NodeJS.Timeout;
}

/**
 * One connection pool per data source uid, so health checks and panel queries reuse
 * connections. The entry is keyed by a hash of the connection settings: after the data source is
 * edited the old pool is closed and a new one made. Unused pools close after `idleMs`.
 */
export class PoolCache<P> {
  private readonly entries = new Map<string, Entry<P>>();

  constructor(
    private readonly close: (pool: P) => Promise<void>,
    private readonly idleMs = POOL_IDLE_CLOSE_MS,
  ) {}

  get(uid: string, settings: unknown, create: () => Promise<P>): Promise<P> {
    const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex');
    const existing = this.entries.get(uid);
    if (existing && existing.key === key) {
      existing.timer.refresh();
      return existing.pool;
    }
    if (existing) void this.evict(uid, existing);
    const pool = create();
    const timer = setTimeout(() => {
      const entry = this.entries.get(uid);
      if (entry?.pool === pool) void this.evict(uid, entry);
    }, this.idleMs);
    timer.unref();
    this.entries.set(uid, { key, pool, timer });
    // A pool that failed to be created (e.g. unreadable certificate) must not be cached.
    pool.catch(() => {
      if (this.entries.get(uid)?.pool === pool) void this.evict(uid, this.entries.get(uid)!);
    });
    return pool;
  }

  /** Closes the pool of one data source (e.g. after it was deleted). */
  async drop(uid: string): Promise<void> {
    const entry = this.entries.get(uid);
    if (entry) await this.evict(uid, entry);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries].map(([uid, entry]) => this.evict(uid, entry)));
  }

  get size(): number {
    return this.entries.size;
  }

  private async evict(uid: string, entry: Entry<P>): Promise<void> {
    clearTimeout(entry.timer);
    if (this.entries.get(uid) === entry) this.entries.delete(uid);
    try {
      await this.close(await entry.pool);
    } catch {
      // Closing is best effort: a pool that never opened has nothing to close.
    }
  }
}
