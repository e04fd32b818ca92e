import type { ReactNode } from 'react';
import type { DataSourceInfo } from '../api/datasources.js';
import type { PlacedPanel } from '../lib/layout.js';
import type { RepeatedPanel } from '../lib/repeat.js';
import type { RawTimeRange, TimeRange } from '../lib/time.js';
import type { VariableState } from '../lib/variable-state.js';
import type { Annotation } from '../panels/types.js';

/** What a panel needs from the dashboard around it: the editor's preview renders panels with it. */
export interface ViewContext {
  range: TimeRange | undefined;
  raw: RawTimeRange;
  ready: boolean;
  tick: number;
  datasources: DataSourceInfo[];
  variables: VariableState[];
  annotations: Annotation[];
  timeZone: string;
  dashboardTitle?: string;
  onZoom: (from: number, to: number) => void;
}

/**
 * Edit mode, supplied by the (lazily loaded) editor: it draws the grid with its handles around
 * what the view renders for each item, and rows collapse in the model rather than in the view.
 */
export interface EditHooks {
  renderGrid(args: {
    items: PlacedPanel<RepeatedPanel>[];
    renderItem: (item: PlacedPanel<RepeatedPanel>) => ReactNode;
    context: ViewContext;
  }): ReactNode;
  onToggleRow(row: RepeatedPanel): void;
}
