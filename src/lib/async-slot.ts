import { AsyncLocalStorage } from 'node:async_hooks';

/** The values of every slot set around the running code, one property per slot. */
type Frame = Record<symbol, unknown>;

/** The one AsyncLocalStorage behind every slot. */
const frames = new AsyncLocalStorage<Frame>();

/**
 * A value that follows the async context, like an AsyncLocalStorage, with `run` and `getStore`.
 * On Node 20 each AsyncLocalStorage in use hooks every promise the process creates (a dashboard
 * save creates hundreds): slots share one, so that cost is paid once however many there are.
 */
export class AsyncSlot<T> {
  readonly #key = Symbol('async slot');

  /** Runs `work` with this slot set to `value`; the other slots keep the values around it. */
  run<R>(value: T, work: () => R): R {
    return frames.run({ ...frames.getStore(), [this.#key]: value }, work);
  }

  /** This slot's value where the caller runs, if it was set around it. */
  getStore(): T | undefined {
    return frames.getStore()?.[this.#key] as T | undefined;
  }
}
