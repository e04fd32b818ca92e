import { describe, expect, it } from 'vitest';
import {
  chooseTimeTicks,
  estimateLabelWidth,
  LABEL_GAP,
  yAxisWidth,
  type TimeTick,
} from '../../../web/src/lib/time-axis.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RANGES: [string, number][] = [
  ['5m', 5 * MINUTE],
  ['15m', 15 * MINUTE],
  ['1h', HOUR],
  ['6h', 6 * HOUR],
  ['24h', DAY],
  ['2d', 2 * DAY],
  ['7d', 7 * DAY],
  ['30d', 30 * DAY],
];
const WIDTHS = [200, 300, 400, 600, 800, 1000, 1200, 1600, 2000];
// An odd "now" so ticks do not start on a boundary by luck.
const TO = Date.UTC(2026, 10, 27, 10, 33, 17, 250);

/** The pixel boxes of the labels, centred on their ticks as uPlot draws them. */
function boxes(ticks: TimeTick[], from: number, to: number, width: number) {
  return ticks.map((tick) => {
    const centre = ((tick.value - from) / (to - from)) * width;
    const w = estimateLabelWidth(tick.label);
    return { label: tick.label, left: centre - w / 2, right: centre + w / 2 };
  });
}

describe('time axis ticks', () => {
  for (const [name, span] of RANGES) {
    for (const width of WIDTHS) {
      it(`${name} at ${width}px: labels do not overlap, ticks inside the range`, () => {
        const from = TO - span;
        const ticks = chooseTimeTicks(from, TO, width, 'UTC');
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        const drawn = boxes(ticks, from, TO, width);
        for (let i = 1; i < drawn.length; i++) {
          expect(
            drawn[i]!.left - drawn[i - 1]!.right,
            `${drawn[i - 1]!.label} / ${drawn[i]!.label}`,
          ).toBeGreaterThanOrEqual(LABEL_GAP - 0.001);
        }
        for (const tick of ticks) expect(tick.value >= from && tick.value <= TO).toBe(true);
        // Not too sparse either: at least one label per 250 px when the width allows.
        expect(ticks.length).toBeGreaterThanOrEqual(Math.min(Math.floor(width / 250), 4));
      });
    }
  }

  it('shows the date once where the day changes (Grafana style), times elsewhere', () => {
    const from = TO - DAY;
    const labels = chooseTimeTicks(from, TO, 1600, 'UTC').map((t) => t.label);
    expect(labels).toContain('11/27');
    expect(labels.filter((l) => l.includes('/'))).toEqual(['11/27']);
    expect(labels.every((l) => /^\d\d:\d\d$/.test(l) || l === '11/27')).toBe(true);
    expect(labels).not.toContain('00:00');
  });

  it('aligns ticks on round wall-clock times of the zone', () => {
    const ticks = chooseTimeTicks(TO - 6 * HOUR, TO, 800, 'UTC');
    expect(ticks[0]!.value % (30 * MINUTE)).toBe(0);
    // In Berlin (UTC+1 in November), midnight is 23:00 UTC.
    const berlin = chooseTimeTicks(TO - DAY, TO, 1600, 'Europe/Berlin');
    const day = berlin.find((t) => t.label === '11/27');
    expect(day?.value).toBe(Date.UTC(2026, 10, 26, 23, 0));
  });

  it('uses seconds for short ranges and days for long ones', () => {
    expect(chooseTimeTicks(TO - MINUTE, TO, 800, 'UTC')[0]!.label).toMatch(/^\d\d:\d\d:\d\d$/);
    const month = chooseTimeTicks(TO - 30 * DAY, TO, 800, 'UTC').map((t) => t.label);
    expect(month.every((l) => /^\d\d\/\d\d$/.test(l))).toBe(true);
  });

  it('answers no ticks for an empty or reversed range', () => {
    expect(chooseTimeTicks(TO, TO, 800)).toEqual([]);
    expect(chooseTimeTicks(TO, TO - HOUR, 800)).toEqual([]);
    expect(chooseTimeTicks(TO - HOUR, TO, 0)).toEqual([]);
  });
});

describe('y axis width', () => {
  it('fits the widest label with room for the tick marks', () => {
    const measure = estimateLabelWidth;
    expect(yAxisWidth(['0 B', '512 MiB', '1.63 GiB'], measure)).toBe(measure('1.63 GiB') + 21);
    expect(yAxisWidth(['1', '2'])).toBeLessThan(yAxisWidth(['1.63 GiB']));
    expect(yAxisWidth([])).toBe(21);
  });
});
