import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The asynchronous work of requests still running: route handlers and the authentication hook's
 * database path. Shutdown waits for it before it closes the database. The HTTP server's close
 * alone does not: a client that hangs up mid-request closes its socket, and with it the server's
 * wait, while the handler goes on with its queries.
 */
export class InFlightWork {
  private running = 0;
  private onIdle: (() => void)[] = [];
  private readonly finished = () => {
    if (--this.running === 0) for (const resolve of this.onIdle.splice(0)) resolve();
  };

  /** Counts `work` as running until it settles; answers `work` itself. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running++;
    void work.then(this.finished, this.finished);
    return work;
  }

  /** Resolves once no tracked work runs, or after `timeoutMs`, whichever comes first. */
  idle(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.onIdle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Tracks every asynchronous handler of the routes registered on `app` from now on. */
  trackHandlers(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      const handler = route.handler;
      const track = (result: unknown) => (result instanceof Promise ? this.track(result) : result);
      route.handler = function (this: FastifyInstance, request, reply) {
        return track(handler.call(this, request, reply));
      };
    });
  }
}
