// Webhook receivers of the alert-dispatch study: HTTP servers in the bench process that note, per
// alert (its `instance` label), when its first firing notification arrived on the bench's clock.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The part of Grafana's webhook body the study reads. */
interface WebhookBody {
  alerts?: { status?: string; labels?: Record<string, string> }[];
}

export interface HookRecorder {
  /** `http://127.0.0.1:<port>` of each receiver, in creation order */
  urls: string[];
  /** instance label → performance.now() of its first firing notification */
  arrivals: Map<string, number>;
  /** notifications (requests) received, and alerts they carried that had arrived before */
  notifications: number;
  repeated: number;
  close(): Promise<void>;
}

/** Starts `count` webhook receivers sharing one record. */
export async function startHookRecorder(count: number): Promise<HookRecorder> {
  const servers: Server[] = [];
  const recorder: HookRecorder = {
    urls: [],
    arrivals: new Map(),
    notifications: 0,
    repeated: 0,
    close: () =>
      Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      ).then(() => undefined),
  };
  for (let i = 0; i < count; i++) {
    const server = createServer((request, response) => {
      // the arrival is when the request reached this process, not when its body was parsed
      const at = performance.now();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.end('ok');
        recorder.notifications++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookBody;
        for (const alert of body.alerts ?? []) {
          const instance = alert.labels?.instance;
          if (alert.status !== 'firing' || instance === undefined) continue;
          if (recorder.arrivals.has(instance)) recorder.repeated++;
          else recorder.arrivals.set(instance, at);
        }
      });
    });
    // a dispatcher sends many notifications at once: keep the accept queue from refusing any
    await new Promise<void>((resolve) =>
      server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve),
    );
    servers.push(server);
    recorder.urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return recorder;
}
