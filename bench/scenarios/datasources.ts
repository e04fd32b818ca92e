import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adminApi } from './admin-api.js';
import type { BenchContext, Scenario } from './types.js';

let seeded: Promise<string> | undefined;

/** 20 data sources of mixed types (with secrets), once; resolves with the uid of a Prometheus one. */
function seed(ctx: BenchContext): Promise<string> {
  seeded ??= (async () => {
    let uid = '';
    for (let i = 0; i < 20; i++) {
      const created = await adminApi<{ uid: string }>(ctx, 'POST', '/api/datasources', {
        name: `bench-ds-${i}`,
        type: i % 2 ? 'postgres' : 'prometheus',
        url: i % 2 ? '127.0.0.1:5432' : 'http://127.0.0.1:9090',
        basicAuth: i % 2 === 0,
        basicAuthUser: 'bench',
        jsonData: { httpMethod: 'POST', timeInterval: '15s' },
        secureJsonData: { basicAuthPassword: 'secret', password: 'secret' },
      });
      if (i === 0) uid = created.uid;
    }
    return uid;
  })();
  return seeded;
}

/**
 * The same node:http server as the bench baseline (bench/baseline-server.mjs), in its own
 * process: the proxy scenario's back end, so its ratio to the baseline row is the proxy overhead
 * against requesting the same kind of back end directly.
 */
function startBackend(): Promise<number> {
  const script = fileURLToPath(new URL('../baseline-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Killed when the bench exits. It must not keep the bench alive until then: with the child and
  // its pipe referenced, a finished bench never reached 'exit' and waited on it for good.
  process.once('exit', () => child.kill('SIGTERM'));
  child.unref();
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      (child.stdout as Socket).unref();
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`back end exited with ${code}`)));
  });
}

/** Data source list and lookup, and the data source proxy's overhead. */
export const datasourceScenarios: Scenario[] = [
  {
    name: 'GET /api/datasources (20 data sources)',
    async prepare(ctx) {
      await seed(ctx);
      return { path: '/api/datasources', headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'GET /api/datasources/uid/{uid}',
    async prepare(ctx) {
      const uid = await seed(ctx);
      return { path: `/api/datasources/uid/${uid}`, headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'GET /api/datasources/proxy/uid/{uid}/ (baseline server behind it)',
    async prepare(ctx) {
      const port = await startBackend();
      const created = await adminApi<{ uid: string }>(ctx, 'POST', '/api/datasources', {
        name: 'bench-proxy-backend',
        type: 'prometheus',
        url: `http://127.0.0.1:${port}`,
        basicAuth: true,
        basicAuthUser: 'bench',
        secureJsonData: { basicAuthPassword: 'secret' },
      });
      return {
        path: `/api/datasources/proxy/uid/${created.uid}/api/v1/query?query=up`,
        headers: { authorization: ctx.adminAuth },
      };
    },
  },
];
