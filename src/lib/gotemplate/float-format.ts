/**
 * Go's strconv.FormatFloat for float64: verbs e E f F g G x X, with a precision or -1 for the
 * shortest representation. Rounding is done on the exact decimal value of the double, half to
 * even on exact ties, which is what Go does (and what JS's toFixed does not: it rounds ties up).
 */

/** value = 0.digits × 10^dp; digits has no trailing zeros and is empty for zero. */
interface Decimal {
  digits: string;
  dp: number;
}

export function formatFloat(x: number, verb: string, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const neg = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  if (verb === 'x' || verb === 'X') return hexFloat(abs, neg, prec, verb);
  if (verb === 'b') return binaryFloat(abs, neg);

  const shortest = prec < 0;
  let d: Decimal;
  if (shortest) {
    d = shortestDecimal(abs);
    if (verb === 'e' || verb === 'E') prec = Math.max(d.digits.length - 1, 0);
    else if (verb === 'f' || verb === 'F') prec = Math.max(d.digits.length - d.dp, 0);
    else prec = d.digits.length;
  } else {
    d = exactDecimal(abs);
    if (verb === 'e' || verb === 'E') d = round(d, prec + 1);
    else if (verb === 'f' || verb === 'F') d = round(d, d.dp + prec);
    else {
      if (prec === 0) prec = 1;
      d = round(d, prec);
    }
  }

  const sign = neg ? '-' : '';
  switch (verb) {
    case 'e':
    case 'E':
      return sign + fmtE(d, prec, verb);
    case 'f':
    case 'F':
      return sign + fmtF(d, prec);
  }
  // %g: %e when the exponent is < -4 or >= the precision (6 when shortest), else %f.
  let eprec = prec;
  if (eprec > d.digits.length && d.digits.length >= d.dp) eprec = d.digits.length;
  if (shortest) eprec = 6;
  const exp = d.dp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.digits.length) prec = d.digits.length;
    return sign + fmtE(d, prec - 1, verb === 'g' ? 'e' : 'E');
  }
  if (prec > d.dp) prec = d.digits.length;
  return sign + fmtF(d, Math.max(prec - d.dp, 0));
}

function fmtE(d: Decimal, prec: number, verb: string): string {
  let out = d.digits.length === 0 ? '0' : d.digits[0]!;
  if (prec > 0) out += '.' + d.digits.slice(1, prec + 1).padEnd(prec, '0');
  const exp = d.digits.length === 0 ? 0 : d.dp - 1;
  const expDigits = String(Math.abs(exp)).padStart(2, '0');
  return `${out}${verb}${exp < 0 ? '-' : '+'}${expDigits}`;
}

function fmtF(d: Decimal, prec: number): string {
  let out = d.dp > 0 ? d.digits.slice(0, d.dp).padEnd(d.dp, '0') : '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) {
      const j = d.dp + i - 1;
      out += j >= 0 && j < d.digits.length ? d.digits[j] : '0';
    }
  }
  return out;
}

/** JS's shortest round-trip digits are Go's shortest digits. */
function shortestDecimal(x: number): Decimal {
  if (x === 0) return { digits: '', dp: 0 };
  const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
  return { digits: mantissa.replace('.', ''), dp: Number(exponent) + 1 };
}

/** Every double is a finite decimal: m × 2^e = m × 5^-e / 10^-e. */
function exactDecimal(x: number): Decimal {
  if (x === 0) return { digits: '', dp: 0 };
  const { mant, exp } = decompose(x);
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mant << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    digits = (mant * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  return { digits: digits.replace(/0+$/, ''), dp };
}

/** x = mant × 2^exp with an integer mantissa (53 bits for normal numbers). */
function decompose(x: number): { mant: bigint; exp: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  return biased === 0 ? { mant: frac, exp: -1074 } : { mant: frac | (1n << 52n), exp: biased - 1075 };
}

/** Rounds to nd significant digits, half to even on exact ties. */
function round(d: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= d.digits.length) return d;
  const next = d.digits.charCodeAt(nd) - 48;
  const exactHalf = next === 5 && nd + 1 === d.digits.length;
  const up = exactHalf ? nd > 0 && (d.digits.charCodeAt(nd - 1) - 48) % 2 === 1 : next >= 5;
  if (!up) return { digits: d.digits.slice(0, nd).replace(/0+$/, ''), dp: d.dp };
  let i = nd - 1;
  while (i >= 0 && d.digits[i] === '9') i--;
  if (i < 0) return { digits: '1', dp: d.dp + 1 };
  return { digits: d.digits.slice(0, i) + String(Number(d.digits[i]) + 1), dp: d.dp };
}

/** %b on floats: decimal mantissa and binary exponent, e.g. 4503599627370496p-52. */
function binaryFloat(x: number, neg: boolean): string {
  const { mant, exp } = x === 0 ? { mant: 0n, exp: -1074 } : decompose(x);
  return `${neg ? '-' : ''}${mant}p${exp >= 0 ? '+' : ''}${exp}`;
}

/** %x on floats: -0x1.yyyyp±dd, the mantissa normalised so that its leading digit is 1. */
function hexFloat(x: number, neg: boolean, prec: number, verb: string): string {
  let { mant, exp } = x === 0 ? { mant: 0n, exp: 0 } : decompose(x);
  exp += 52;
  mant <<= 8n;
  const top = 1n << 60n;
  const mask60 = top - 1n;
  while (mant !== 0n && (mant & top) === 0n) {
    mant <<= 1n;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & mask60;
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex = verb === 'X' ? '0123456789ABCDEF' : '0123456789abcdef';
  let out = `${neg ? '-' : ''}0${verb}${(mant >> 60n) & 1n}`;
  mant = (mant << 4n) & ((1n << 64n) - 1n);
  if ((prec < 0 && mant !== 0n) || prec > 0) {
    out += '.';
    for (let i = 0; prec < 0 ? mant !== 0n : i < prec; i++) {
      out += hex[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & ((1n << 64n) - 1n);
    }
  }
  if (x === 0) exp = 0;
  return `${out}${verb === 'X' ? 'P' : 'p'}${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}
