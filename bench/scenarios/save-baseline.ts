// Issue #20's save and start-up targets, in one study on SQLite:
// - `POST /api/dashboards/db` (3 KB, overwrite, durable) against a bare better-sqlite3 loop doing
//   the same writes on the same database file (svc's schema and row): per save one IMMEDIATE
//   transaction that updates the dashboard row, inserts its version and prunes old versions, with
//   the model serialised each time; synchronous = FULL in WAL mode, as svc runs. Target ≥ 0.5.
// - start to /readyz 200 on an empty database (spawn to ready, node's own start included), ≤ 1 s,
//   and the idle server's RSS.
// Both are measured BENCH_ROUNDS times and the median kept, as for the rows. The study runs first
// of all: measured after the HA study, with the load average at 3, the save read 0.32 and the
// start-up 1 274 ms; minutes later, alone, 0.61 and 1 055 ms.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { measure, warmUp, type Measurement } from '../measure.js';
import { rssMb } from '../server.js';
import { adminApi } from './admin-api.js';
import { modelOfSize } from './dashboards.js';
import type { Figure, Study } from './types.js';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;
/** svc's default [dashboards] versions_to_keep */
const VERSIONS_TO_KEEP = 20;

/** Saves per second of the bare loop on `path`, overwriting the dashboard `uid` with `model`. */
function bareSavesPerSecond(path: string, uid: string, model: Record<string, unknown>): number {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    const head = db.prepare('SELECT id, version FROM dashboard WHERE uid = ?').get(uid) as {
      id: number;
      version: number;
    };
    const update = db.prepare(
      'UPDATE dashboard SET data = ?, updated = ?, updated_by = 1, version = version + 1 WHERE id = ? AND version = ?',
    );
    const insertVersion = db.prepare(
      'INSERT INTO dashboard_version (dashboard_id, version, parent_version, restored_from, created, created_by, message, data) VALUES (?, ?, ?, 0, ?, 1, ?, ?)',
    );
    const prune = db.prepare('DELETE FROM dashboard_version WHERE dashboard_id = ? AND version <= ?');
    let version = head.version;
    const save = db.transaction(() => {
      const data = JSON.stringify({ ...model, uid, version: version + 1 });
      const now = Date.now();
      if (update.run(data, now, head.id, version).changes !== 1)
        throw new Error('the dashboard changed under the loop');
      insertVersion.run(head.id, version + 1, version, now, '', data);
      if (version + 1 > VERSIONS_TO_KEEP) prune.run(head.id, version + 1 - VERSIONS_TO_KEEP);
      version += 1;
    });
    const started = performance.now();
    let saves = 0;
    while (performance.now() - started < DURATION_MS) {
      save.immediate();
      saves += 1;
    }
    return saves / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}

/** Measured this many times (BENCH_ROUNDS, as the rows), the median kept: the machine is shared. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/** The middle value (the lower of the two middle ones for an even count). */
function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
}

export const saveBaselineStudy: Study = {
  name: 'save vs bare better-sqlite3, start-up',
  async run({ startServer }) {
    if ((process.env.BENCH_DB ?? 'sqlite') !== 'sqlite') {
      return {
        rows: [],
        figures: [{ name: 'save baseline: SQLite only (BENCH_DB=sqlite)', value: null, unit: '' }],
      };
    }
    // Start-up: each time a new server on an empty database, spawn to /readyz 200.
    const startMs: number[] = [];
    let idleRss: number | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const server = await startServer(`start-up-${round}`);
      startMs.push(performance.now() - started);
      idleRss ??= rssMb(server.pid)?.rss ?? null;
      await server.stop();
    }
    const server = await startServer('save-baseline');
    try {
      const ctx = {
        url: server.url,
        adminAuth: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        dataDir: server.dataDir,
      };
      const model = modelOfSize(3_000, 'Bench save');
      const { uid } = await adminApi<{ uid: string }>(ctx, 'POST', '/api/dashboards/db', {
        dashboard: model,
        overwrite: true,
      });
      const request = {
        method: 'POST' as const,
        path: '/api/dashboards/db',
        headers: { authorization: ctx.adminAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ dashboard: { ...model, uid }, overwrite: true }),
      };
      if (server.database.type !== 'sqlite3') throw new Error('save baseline: SQLite only');
      await warmUp(server.url, request);
      // Each round: svc, then (once svc is idle) the bare loop on the same file; the round with
      // the median ratio is kept, as for the rows.
      const rounds: { svc: Measurement; bare: number; ratio: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const svc = await measure(server.url, request);
        await sleep(1000);
        const bare = bareSavesPerSecond(server.database.path, uid, model);
        rounds.push({ svc, bare, ratio: svc.requestsPerSec / bare });
      }
      const kept = rounds.find((r) => r.ratio === median(rounds.map((each) => each.ratio)))!;
      console.error(
        `save study: start-up ${startMs.map(Math.round).join(', ')} ms; save ratio per round ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}`,
      );
      const figures: Figure[] = [
        {
          name: 'start to /readyz 200 (empty SQLite, spawn included)',
          value: Math.round(median(startMs)),
          unit: 'ms',
          target: '≤ 1000',
        },
        { name: 'RSS of the idle server', value: idleRss, unit: 'MB' },
        { name: 'svc saves (3 KB, overwrite)', value: Math.round(kept.svc.requestsPerSec), unit: '/s' },
        { name: 'bare better-sqlite3 saves (same writes)', value: Math.round(kept.bare), unit: '/s' },
        {
          name: 'svc saves / bare saves',
          value: Math.round(kept.ratio * 100) / 100,
          unit: '',
          target: '≥ 0.5',
        },
      ];
      return { rows: [{ scenario: 'POST /api/dashboards/db (3 KB) vs bare loop', ...kept.svc }], figures };
    } finally {
      await server.stop();
    }
  },
};
