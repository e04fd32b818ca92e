import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the log's new pages into the database file. */
const INTERVAL_MS = 200;
/** SQLite's own default, restored on the serving connection if the worker stops. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * The worker: its own connection to the file, and a passive checkpoint on a timer. A passive
 * checkpoint takes no lock a reader or writer waits for: it copies what it can and leaves the
 * rest for the next tick. Its connection keeps SQLite's default synchronous = FULL, so the log is
 * on disk before its pages are copied and the database file after.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path, { timeout: 0 });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // another connection recovering or checkpointing the log: the next tick copies what is left
    if (!/^SQLITE_(BUSY|LOCKED)/.test(err.code)) throw err;
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface SqliteCheckpointer {
  /** Stops the worker; it closes its connection first. */
  close(): void;
}

/**
 * Moves SQLite's checkpoints off the thread that serves requests. With SQLite's automatic
 * checkpoint, the commit that takes the log past 1 000 pages copies them into the database file
 * and fsyncs it before it returns: on the event loop, 10 to 20 ms during which no request is
 * served, every few dozen saves, and half of a write's time on the loop (measured in a loop of
 * two 3 KB inserts per transaction: 0.16 ms a commit on average with it, 0.08 without). The
 * serving connection stops checkpointing; a worker thread checkpoints every INTERVAL_MS. If the
 * worker fails, the serving connection checkpoints by itself again, so the log never grows
 * without bound.
 */
export function startSqliteCheckpointer(
  path: string,
  serving: SQLite.Database,
  onError: (err: Error) => void,
): SqliteCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      path,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: INTERVAL_MS,
    },
  });
  // the server's own shutdown stops it; it must not keep a finished process alive
  worker.unref();
  serving.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const fallBack = (err: Error) => {
    if (stopped) return;
    stopped = true;
    onError(err);
    if (serving.open) serving.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', (code) => fallBack(new Error(`the SQLite checkpoint worker exited with ${code}`)));
  return {
    close() {
      stopped = true;
      worker.postMessage('close');
    },
  };
}
