import { open, type FileHandle } from 'node:fs/promises';

/** Puts what SQLite has written to its write-ahead log on disk; see createWalSync. */
export interface WalSync {
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `[database] sqlite_synchronous = full` without stalling the event loop or queueing writers on
 * the disk. SQLite's own FULL mode fsyncs the write-ahead log inside COMMIT, on the thread that
 * serves every request (a third of a dashboard save's time, profiled), one commit after another.
 * Instead the connection runs with synchronous = NORMAL (commits write their frames to the log;
 * SQLite syncs it at checkpoints, so the file stays consistent) and this fsyncs the log on libuv's
 * thread pool. The driver (store/retrying-driver.ts) waits for it after each commit, once the
 * connection is free for the next one: no write is answered before it is on disk, and the commits
 * made while one fsync runs share the next (group commit). As with InnoDB's group commit, a read
 * may see a commit up to one fsync before it is durable.
 */
export function createWalSync(databasePath: string): WalSync {
  let log: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  async function fsyncLog(): Promise<void> {
    // The log exists from the connection's first write; SQLite deletes it only when it closes.
    log ??= open(`${databasePath}-wal`, 'r+');
    try {
      // fdatasync, as SQLite's FULL: the log's size and contents, not its times.
      await (await log).datasync();
    } catch (err) {
      const failed = log;
      log = undefined;
      void failed?.then((handle) => handle.close()).catch(() => {});
      // No log yet: nothing was committed through it (a statement that only looked).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
  }

  function sync(): Promise<void> {
    if (!running) {
      running = fsyncLog().finally(() => (running = undefined));
      return running;
    }
    // The fsync under way may have started before the caller's commit: wait for the one after it.
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  }

  return {
    sync,
    async close() {
      const closing = log;
      log = undefined;
      if (closing) await (await closing).close();
    },
  };
}
