import { LRUCache } from 'lru-cache';

/**
 * An LRU cache whose storage is allocated at its first write. lru-cache allocates its arrays for
 * all `max` entries when it is constructed: the server's caches, about 190 000 entries in all,
 * cost 9 MB of resident memory and 34 ms of start-up while still empty, and some of them (a
 * sign-in method that is not configured) are never written. Keys and values are, as lru-cache
 * requires, anything but null and undefined.
 */
export class LazyLruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  #cache: LRUCache<K, V> | undefined;
  readonly #options: LRUCache.Options<K, V, unknown>;

  constructor(options: LRUCache.Options<K, V, unknown>) {
    this.#options = options;
  }

  get(key: K): V | undefined {
    return this.#cache?.get(key);
  }

  set(key: K, value: V): void {
    (this.#cache ??= new LRUCache(this.#options)).set(key, value);
  }

  delete(key: K): void {
    this.#cache?.delete(key);
  }

  clear(): void {
    this.#cache?.clear();
  }
}
