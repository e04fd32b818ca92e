import { AsyncLocalStorage } from 'node:async_hooks';

/** The values of every slot set around the running code, one property per slot. */
type Frame = Record<symbol, unknown>;

/** The one AsyncLocalStorage behind every slot. */
const frames = new AsyncLocalStorage<Frame>();

/** The slot runs whose work has not finished yet, in the whole process. */
let running = 0;

/**
 * Once the last run has finished, the storage is disabled: on Node 20 an enabled
 * AsyncLocalStorage hooks every promise the process creates, and slots are set only around
 * writes, so reads (most requests) would pay for nothing. The next `run` enables it again.
 * Work left running past its run (a stray promise) may then see no slot: by design it must not
 * use one (a unit of work's connection, say).
 */
function runFinished(): void {
  running -= 1;
  if (running === 0) frames.disable();
}

function runIn<R>(frame: Frame, work: () => R): R {
  running += 1;
  let result: R;
  try {
    result = frames.run(frame, work);
  } catch (err) {
    runFinished();
    throw err;
  }
  if (result instanceof Promise) result.then(runFinished, runFinished);
  else runFinished();
  return result;
}

/** What every slot holds where the caller runs, to run later work with it (runWithSlots). */
export type SlotValues = Frame | undefined;

export function currentSlots(): SlotValues {
  return frames.getStore();
}

/** Runs `work` with every slot as `values` held them, as though it ran where they were taken. */
export function runWithSlots<R>(values: SlotValues, work: () => R): R {
  if (values === undefined && frames.getStore() === undefined) return work();
  return runIn(values ?? {}, work);
}

/**
 * A value that follows the async context, like an AsyncLocalStorage, with `run` and `getStore`.
 * On Node 20 each AsyncLocalStorage in use hooks every promise the process creates (a dashboard
 * save creates hundreds): slots share one, so that cost is paid once however many there are, and
 * only while a run's work is under way.
 */
export class AsyncSlot<T> {
  readonly #key = Symbol('async slot');

  /** Runs `work` with this slot set to `value`; the other slots keep the values around it. */
  run<R>(value: T, work: () => R): R {
    return runIn({ ...frames.getStore(), [this.#key]: value }, work);
  }

  /** This slot's value where the caller runs, if it was set around it. */
  getStore(): T | undefined {
    return frames.getStore()?.[this.#key] as T | undefined;
  }
}
