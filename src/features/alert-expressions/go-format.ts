/**
 * Numbers as Go's `%v` prints a float64, so `$value` strings read like Grafana's: shortest
 * digits, exponent form below 1e-4 and from 1e6 on (`1e+06`, `1.5e-05`), `NaN`, `+Inf`, `-Inf`.
 */
export function formatGoFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Number.POSITIVE_INFINITY) return '+Inf';
  if (x === Number.NEGATIVE_INFINITY) return '-Inf';
  if (x === 0) return '0';
  const [mantissa = '', exponentText = '0'] = x.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(x);
  const digits = String(Math.abs(exponent)).padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${digits}`;
}
