type Phase = 'starting' | 'ready' | 'stopping';

/** Readiness of the instance, as /readyz reports it: ready only between start-up and shutdown. */
export class Lifecycle {
  private current: Phase = 'starting';

  get phase(): Phase {
    return this.current;
  }

  get ready(): boolean {
    return this.current === 'ready';
  }

  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  beginShutdown(): void {
    this.current = 'stopping';
  }
}
