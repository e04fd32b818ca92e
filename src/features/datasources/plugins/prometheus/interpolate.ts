import { goDurationString } from '../go-format.js';
import {
  calculateIntervalMs,
  calculateSafeIntervalMs,
  formatInterval,
  parseIntervalString,
  rateIntervalMs,
} from '../interval.js';
import type { TimeRange } from '../types.js';

/** Grafana's Prometheus back end keeps a range under 11 000 points whatever the panel asks. */
const SAFE_RESOLUTION = 11_000;
const DEFAULT_MIN_STEP_MS = 15_000;

const RATE_INTERVAL_VARS = new Set(['$__rate_interval', '${__rate_interval}']);
const INTERVAL_VARS = new Set(['$__interval', '${__interval}']);

interface StepInput {
  range: TimeRange;
  /** the query's `interval` field (min step), maybe a variable */
  minStep: string;
  intervalFactor: number;
  /** the panel's interval (request `intervalMs`) */
  intervalMs: number;
  maxDataPoints: number;
  /** data source `jsonData.timeInterval`, raw text ("" when unset) */
  scrapeInterval: string;
}

/**
 * The step of a range query, as Grafana's calculatePrometheusInterval computes it: the min step
 * (the query's own, else the panel interval, else the scrape interval, else 15 s), raised to
 * range/maxDataPoints (rounded) and to range/11000; `$__rate_interval` as min step means the
 * rate interval of that, and intervalFactor multiplies the rest. Throws on an unparsable min step.
 */
export function calculateStepMs(input: StepInput): number {
  const requested =
    INTERVAL_VARS.has(input.minStep) || RATE_INTERVAL_VARS.has(input.minStep) ? '' : input.minStep;
  const minIntervalMs = minIntervalFrom(input.scrapeInterval, requested, input.intervalMs);
  const calculated = calculateIntervalMs(input.range, minIntervalMs, input.maxDataPoints);
  const safe = calculateSafeIntervalMs(input.range, SAFE_RESOLUTION);
  const adjusted = Math.max(calculated, safe);
  if (RATE_INTERVAL_VARS.has(input.minStep))
    return rateIntervalMs(adjusted, parseScrape(input.scrapeInterval));
  return adjusted * input.intervalFactor;
}

/** gtime.GetIntervalFrom */
function minIntervalFrom(dsInterval: string, queryInterval: string, intervalMs: number): number {
  let text = queryInterval === '0s' ? '' : queryInterval;
  if (text === '' && intervalMs !== 0) return intervalMs;
  if (text === '') text = dsInterval;
  if (text === '') return DEFAULT_MIN_STEP_MS;
  const ms = parseIntervalString(text);
  if (ms === undefined) throw new Error(`invalid interval "${text}"`);
  return ms;
}

function parseScrape(text: string): number {
  return parseIntervalString(text === '' ? '15s' : text) ?? 0;
}

interface InterpolateInput {
  expr: string;
  range: TimeRange;
  stepMs: number;
  intervalMs: number;
  minStep: string;
  scrapeInterval: string;
}

/**
 * A duration PromQL parses. Whole seconds are written as Go writes them ("1m0s", what Grafana
 * sends); a fraction would be "1m41.4s", which PromQL refuses (`bad duration syntax`), so the
 * rest goes in its own unit: "1m41s400ms". Only a client sending an interval Grafana's UI would
 * have rounded gets there.
 */
function promQlDuration(ms: number): string {
  const total = Math.round(ms);
  const millis = total % 1000;
  if (millis === 0) return goDurationString(total);
  return total < 1000 ? `${millis}ms` : `${goDurationString(total - millis)}${millis}ms`;
}

/**
 * Grafana's interpolateVariables: `$__interval` is the step ("1m" form), `$__range` the whole
 * range in seconds, and `$__rate_interval` the rate window, written like Go's Duration.String
 * ("1m0s": Prometheus accepts it, and Grafana users see it in the executed query).
 */
export function interpolateExpr(input: InterpolateInput): string {
  const rangeMs = input.range.to - input.range.from;
  const rangeS = Math.round(rangeMs / 1000);
  let rateMs: number;
  if (RATE_INTERVAL_VARS.has(input.minStep)) rateMs = input.stepMs;
  else {
    let minStep = input.minStep;
    if (INTERVAL_VARS.has(minStep)) minStep = goDurationString(input.stepMs);
    if (minStep === '') minStep = input.scrapeInterval;
    rateMs = rateIntervalMs(input.intervalMs, parseScrape(minStep));
  }
  const values: [string, string][] = [
    ['__interval_ms', String(Math.trunc(input.stepMs))],
    ['__interval', formatInterval(input.stepMs)],
    ['__range_ms', String(rangeMs)],
    ['__range_s', String(rangeS)],
    ['__range', `${rangeS}s`],
    ['__rate_interval_ms', String(Math.trunc(rateMs))],
    ['__rate_interval', promQlDuration(rateMs)],
  ];
  let expr = input.expr;
  // Longer names first: `$__interval` is a prefix of `$__interval_ms`.
  for (const [name, value] of values) expr = expr.replaceAll(`$${name}`, value);
  for (const [name, value] of values) expr = expr.replaceAll(`\${${name}}`, value);
  return expr;
}
