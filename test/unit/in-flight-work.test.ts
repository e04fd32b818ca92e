import { describe, expect, it } from 'vitest';
import { InFlightWork } from '../../src/http/in-flight-work.js';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('InFlightWork', () => {
  it('is idle at once when nothing runs', async () => {
    const started = Date.now();
    await new InFlightWork().idle(10_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('turns idle when the last tracked work settles, fulfilled or rejected', async () => {
    const work = new InFlightWork();
    const first = deferred();
    const second = deferred();
    expect(work.track(first.promise)).toBe(first.promise);
    work.track(second.promise).catch(() => {});
    let idle = false;
    const waiting = work.idle(10_000).then(() => (idle = true));
    first.resolve();
    await first.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    second.reject(new Error('refused'));
    await waiting;
    expect(idle).toBe(true);
  });

  it('stops waiting after the timeout when work never settles', async () => {
    const work = new InFlightWork();
    void work.track(new Promise(() => {}));
    const started = Date.now();
    await work.idle(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
