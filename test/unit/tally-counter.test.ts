import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyCounter } from '../../src/http/tally-counter.js';

describe('TallyCounter', () => {
  it('reads and scrapes as the plain Counter fed the same increments', async () => {
    const plain = new Registry();
    const tallied = new Registry();
    const feed = (counter: Counter<'code'>) => {
      counter.inc({ code: '500' }, 0);
      counter.inc({ code: '200' });
      counter.inc({ code: '200' }, 2);
      counter.inc({ code: 404 });
    };
    const config = { name: 'responses_total', help: 'by code', labelNames: ['code' as const] };
    feed(new Counter({ ...config, registers: [plain] }));
    const counter = new TallyCounter({ ...config, registers: [tallied] });
    feed(counter);
    expect(await tallied.metrics()).toBe(await plain.metrics());
    // tallies after a scrape add to what it flushed
    counter.inc({ code: '200' });
    const values = (await counter.get()).values.map((v) => [v.labels.code, v.value]);
    expect(values).toEqual(
      expect.arrayContaining([
        ['200', 4],
        [404, 1],
        ['500', 0],
      ]),
    );
    counter.reset();
    expect((await counter.get()).values).toEqual([]);
  });

  it('counts without labels', async () => {
    const counter = new TallyCounter({ name: 'evaluations', help: 'n', registers: [] });
    counter.inc();
    counter.inc(2);
    expect((await counter.get()).values).toEqual([{ labels: {}, value: 3 }]);
  });
});
