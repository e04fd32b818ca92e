/** A label centred on its tick, except near the plot's ends, where it would be cut off. */
export function tickAnchor(x: number, left: number, right: number): 'start' | 'middle' | 'end' {
  if (x - left < 30) return 'start';
  if (right - x < 30) return 'end';
  return 'middle';
}
