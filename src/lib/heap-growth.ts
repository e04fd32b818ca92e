import { setFlagsFromString } from 'node:v8';

/** Old-generation growth V8 allows over the live heap before its next full collection. */
const GROWING_PERCENT = 30;

/**
 * Bounds how far the heap grows past what is live during a burst of work.
 *
 * After each full collection V8 sets the next limit at the live size times a factor of up to 4
 * (1.1 to 4, from its estimate of collection and allocation speed). Seeding 100 000 dashboards
 * through the API left 327 MB peak and 231 MB RSS the moment it ended; with growth capped at 30 %
 * the same run peaked at 270 MB and ended at 217 MB, with no figure of the scale study slower
 * (docs/PERFORMANCE.md, "Memory"). V8 reads the flag at every collection, so setting it once the
 * process runs takes effect as the command-line flag would. Process-wide: main.ts calls it.
 */
export function boundHeapGrowth(percent = GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
