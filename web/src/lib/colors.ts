/** Grafana's named colours and the classic series palette. */

const NAMED: Record<string, string> = {
  green: '#73BF69',
  'dark-green': '#37872D',
  'semi-dark-green': '#56A64B',
  'light-green': '#96D98D',
  'super-light-green': '#C8F2C2',
  red: '#F2495C',
  'dark-red': '#C4162A',
  'semi-dark-red': '#E02F44',
  'light-red': '#FF7383',
  'super-light-red': '#FFA6B0',
  yellow: '#FADE2A',
  'dark-yellow': '#E0B400',
  'semi-dark-yellow': '#F2CC0C',
  'light-yellow': '#FFEE52',
  'super-light-yellow': '#FFF899',
  orange: '#FF9830',
  'dark-orange': '#FA6400',
  'semi-dark-orange': '#FF780A',
  'light-orange': '#FFB357',
  'super-light-orange': '#FFCB7D',
  blue: '#5794F2',
  'dark-blue': '#1F60C4',
  'semi-dark-blue': '#3274D9',
  'light-blue': '#8AB8FF',
  'super-light-blue': '#C0D8FF',
  purple: '#B877D9',
  'dark-purple': '#8F3BB8',
  'semi-dark-purple': '#A352CC',
  'light-purple': '#CA95E5',
  'super-light-purple': '#DEB6F2',
  text: '#ccccdc',
  transparent: 'transparent',
};

export const CLASSIC_PALETTE = [
  '#7EB26D',
  '#EAB839',
  '#6ED0E0',
  '#EF843C',
  '#E24D42',
  '#1F78C1',
  '#BA43A9',
  '#705DA0',
  '#508642',
  '#CCA300',
  '#447EBC',
  '#C15C17',
  '#890F02',
  '#0A437C',
  '#6D1F62',
  '#584477',
];

/** A CSS colour for a Grafana colour name, hex or rgb() string. */
export function resolveColor(color: string | undefined, fallback = '#73BF69'): string {
  if (!color) return fallback;
  return NAMED[color] ?? color;
}

export function paletteColor(index: number): string {
  return CLASSIC_PALETTE[index % CLASSIC_PALETTE.length]!;
}

/** The colour with an alpha, for fills. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const n = parseInt(hex[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
