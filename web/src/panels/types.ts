import type { PanelData } from '../lib/frames.js';
import type { Panel } from '../lib/model.js';
import type { TimeRange } from '../lib/time.js';
import type { ScopedVars } from '../lib/variables.js';

/** An annotation as panels draw it (a point or a region in time). */
export interface Annotation {
  time: number;
  timeEnd?: number;
  text: string;
  color?: string;
}

export interface PanelProps {
  panel: Panel;
  data: PanelData;
  width: number;
  height: number;
  range: TimeRange | undefined;
  annotations: Annotation[];
  onZoom: (from: number, to: number) => void;
  vars: ScopedVars;
  /** Grafana time zone: "browser", "utc" or an IANA name */
  timeZone: string;
}
