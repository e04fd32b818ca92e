import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A private redis-server (no persistence) on a free port, so a test can pause, kill and restart
 * it without touching the shared one.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    for (let i = 0; i < 100; i++) {
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch {
        await sleep(50);
      } finally {
        probe.disconnect();
      }
    }
    throw new Error(`redis-server did not start on ${port}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  /** Runs one command on a connection of its own. */
  async function command(...args: string[]): Promise<unknown> {
    const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      return await client.call(args[0]!, ...args.slice(1));
    } finally {
      client.disconnect();
    }
  }

  await start();
  return {
    port,
    connstr: `addr=127.0.0.1:${port}`,
    /** SIGKILL: every connection drops at once */
    kill: stop,
    /** on the same port, empty */
    restart: start,
    /** every client's commands wait (publishes are not delivered) for `ms` */
    pause: (ms: number) => command('CLIENT', 'PAUSE', String(ms), 'ALL'),
    stop,
  };
}
