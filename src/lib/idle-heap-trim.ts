import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleHeapTrimOptions {
  intervalMs?: number;
  /** the event loop's utilization (0..1) below which a window counts as quiet */
  quietBelow?: number;
  /** committed heap growth since the last collection that makes one worth its pause */
  growthBytes?: number;
  /** told after each collection (for the log) */
  onTrim?: (trim: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

const DEFAULTS = { intervalMs: 5_000, quietBelow: 0.05, growthBytes: 32 * 1024 * 1024 };

/** V8's `gc()` without starting node with --expose-gc: the flag applies to contexts made after it. */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Gives the heap a busy spell grew back to the system once the process goes quiet.
 *
 * V8 collects garbage when allocation asks it to, not when the program rests. After a burst of
 * writes (seeding 20 000 dashboards through the API) the old space held 157 MB of which about
 * 30 MB was live, and nothing more allocated to make V8 collect: the process kept ~300 MB RSS for
 * good. A full collection then brought it to ~170 MB (docs/PERFORMANCE.md, "Memory"). Chrome runs
 * such collections in idle time; Node has no idle signal, so this watches the event loop itself.
 *
 * Every `intervalMs` it looks at how busy the event loop was since the last look. When it was
 * nearly idle and the committed heap has grown by `growthBytes` since the last collection, it
 * runs one full collection (two passes; in the measurements the second also shrank the young
 * generation when the process was at rest).
 * Busy processes are never paused; a quiet one pays one collection per growth step.
 */
export function createIdleHeapTrim(options: IdleHeapTrimOptions = {}) {
  const { intervalMs, quietBelow, growthBytes } = { ...DEFAULTS, ...options };
  let collect: (() => void) | undefined;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let baseline = getHeapStatistics().total_heap_size;

  /** Looks at the window since the last check; true when it collected. */
  function check(): boolean {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const before = getHeapStatistics().total_heap_size;
    // a heap that shrank on its own moves the baseline down, so growth counts from its low point
    if (before < baseline) baseline = before;
    if (busy >= quietBelow || before - baseline < growthBytes) return false;
    const started = performance.now();
    collect ??= fullCollection();
    collect();
    collect();
    baseline = getHeapStatistics().total_heap_size;
    options.onTrim?.({ beforeBytes: before, afterBytes: baseline, ms: performance.now() - started });
    // the collection itself is not the program's work: the next window starts after it
    last = performance.eventLoopUtilization();
    return true;
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    check,
    start(): void {
      timer ??= setInterval(check, intervalMs).unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
