/**
 * Go's text forms of numbers and times, which Grafana writes into the queries it sends to back
 * ends. Back ends (and users' expectations of `executedQueryString`) depend on them exactly.
 */

/** Go's `fmt.Sprint(float64)` / `strconv.FormatFloat(x, 'g', -1, 64)`: 300, 0.5, 1e+06, 1.5e-05. */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return '0';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // Go's shortest %g switches to exponent form outside [1e-4, 1e6); JS only outside [1e-6, 1e21).
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}

/** Go's `time.Duration.String()` for a whole number of milliseconds: 1m0s, 1h0m0s, 1.5s, 500ms. */
export function goDurationString(ms: number): string {
  if (ms === 0) return '0s';
  const negative = ms < 0;
  let rest = Math.abs(Math.round(ms));
  if (rest < 1000) return `${negative ? '-' : ''}${rest}ms`;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const fraction = millis === 0 ? '' : '.' + String(millis).padStart(3, '0').replace(/0+$/, '');
  let text = `${seconds}${fraction}s`;
  if (hours > 0 || minutes > 0) text = `${minutes}m${text}`;
  if (hours > 0) text = `${hours}h${text}`;
  return (negative ? '-' : '') + text;
}

/** Go's `time.Format(time.RFC3339Nano)` in UTC: trailing zeros of the fraction dropped. */
export function formatRfc3339Nano(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return iso.replace(/\.(\d{3})Z$/, (_, fraction: string) => {
    const trimmed = fraction.replace(/0+$/, '');
    return trimmed === '' ? 'Z' : `.${trimmed}Z`;
  });
}
