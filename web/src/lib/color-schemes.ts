/**
 * The colour schemes Grafana's heatmap offers (d3-scale-chromatic's), as a few stops each,
 * interpolated in RGB: close enough to tell buckets apart without shipping d3.
 */

import { resolveColor, withAlpha } from './colors.js';

const SCHEMES: Record<string, string[]> = {
  Oranges: ['#fff5eb', '#fdd2a5', '#fd9243', '#df4f05', '#7f2704'],
  Blues: ['#f7fbff', '#c6dbef', '#6baed6', '#2171b5', '#08306b'],
  Greens: ['#f7fcf5', '#c7e9c0', '#74c476', '#238b45', '#00441b'],
  Reds: ['#fff5f0', '#fcbba1', '#fb6a4a', '#cb181d', '#67000d'],
  Purples: ['#fcfbfd', '#dadaeb', '#9e9ac8', '#6a51a3', '#3f007d'],
  Greys: ['#ffffff', '#d9d9d9', '#969696', '#525252', '#000000'],
  YlOrRd: ['#ffffcc', '#fed976', '#fd8d3c', '#e31a1c', '#800026'],
  YlGnBu: ['#ffffd9', '#c7e9b4', '#41b6c4', '#225ea8', '#081d58'],
  RdYlGn: ['#a50026', '#f46d43', '#fee08b', '#a6d96a', '#1a9850', '#006837'],
  RdYlBu: ['#a50026', '#f46d43', '#fee090', '#abd9e9', '#4575b4', '#313695'],
  Spectral: ['#9e0142', '#f46d43', '#fee08b', '#e6f598', '#66c2a5', '#5e4fa2'],
  Viridis: ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'],
  Magma: ['#000004', '#51127c', '#b73779', '#fc8961', '#fcfdbf'],
  Inferno: ['#000004', '#56106e', '#bb3754', '#f98e09', '#fcffa4'],
  Plasma: ['#0d0887', '#7e03a8', '#cc4778', '#f89540', '#f0f921'],
  Cividis: ['#00224e', '#434e6c', '#7d7c78', '#bcaf6f', '#fee838'],
  Turbo: ['#30123b', '#4686fb', '#1be5b5', '#a4fc3c', '#fb8022', '#7a0403'],
  Warm: ['#6e40aa', '#d23ea7', '#ff5e63', '#efa72f', '#aff05b'],
  Cool: ['#6e40aa', '#417de0', '#1ac7c2', '#40f373', '#aff05b'],
};

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function interpolate(stops: string[], t: number): string {
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const a = rgb(stops[i]!);
  const b = rgb(stops[i + 1]!);
  const f = x - i;
  const c = a.map((v, k) => Math.round(v + (b[k]! - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

export interface HeatmapColorOptions {
  mode?: 'scheme' | 'opacity';
  scheme?: string;
  fill?: string;
  scale?: 'linear' | 'exponential';
  exponent?: number;
  reverse?: boolean;
  steps?: number;
  min?: number;
  max?: number;
}

/**
 * A function from a cell's count to its colour, as Grafana's heatmap colours: the count's place
 * between min and max (exponential scale: raised to `exponent`), quantised to `steps`, then a
 * scheme's colour or the fill colour at that opacity.
 */
/** The schemes a heatmap can use, for the editor's picker. */
export const HEATMAP_SCHEMES = Object.keys(SCHEMES);

export function heatmapColor(
  options: HeatmapColorOptions | undefined,
  dataMin: number,
  dataMax: number,
): (value: number) => string {
  const mode = options?.mode ?? 'scheme';
  const stops = SCHEMES[options?.scheme ?? 'Oranges'] ?? SCHEMES.Oranges!;
  const ordered = options?.reverse ? [...stops].reverse() : stops;
  const min = options?.min ?? dataMin;
  const max = options?.max ?? dataMax;
  const exponent = options?.scale === 'linear' ? 1 : (options?.exponent ?? 0.5);
  const steps = Math.max(2, options?.steps ?? 64);
  const fill = resolveColor(options?.fill ?? 'dark-orange');
  return (value) => {
    const linear = max > min ? (value - min) / (max - min) : 1;
    const t = Math.round(Math.pow(Math.max(0, Math.min(1, linear)), exponent) * (steps - 1)) / (steps - 1);
    return mode === 'opacity' ? withAlpha(fill, 0.1 + 0.9 * t) : interpolate(ordered, t);
  };
}
