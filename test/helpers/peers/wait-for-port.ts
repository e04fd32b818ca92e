import type { ChildProcess } from 'node:child_process';
import { connect as netConnect } from 'node:net';

/**
 * Resolves once a peer child process (`name`, for the error) accepts connections on a loopback
 * port; fails with its output as soon as it exits, or after 15 s.
 */
export async function waitForPort(
  name: string,
  port: number,
  logs: () => string,
  exited: () => boolean,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (exited()) throw new Error(`${name} exited: ${logs()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port}: ${logs()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends a peer child process with SIGTERM and waits for its exit (at once if it already ended). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
